package io.pqx.format.encode;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.ParquetSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.annotation.Internal;

/**
 * Encodes row groups while they fill: the rows arrive as small {@link RowGroupBuffer} slices, and
 * every leaf keeps one open column chunk per row group that takes each slice's values as a task on
 * the executor. The tasks of one leaf run one after the other, in slice order (a chain of futures
 * per leaf), while different leaves run concurrently; so each chunk sees exactly the value sequence
 * a whole row group encoded at once would feed it, and the bytes are the same as that encoder's for
 * the same rows, whatever the executor, its thread count or the slice sizes. Only compressed pages
 * of the open group, plus the slices not yet consumed, stay in memory.
 *
 * <p>Built once per file. Not thread-safe: one thread calls {@link #feed} and {@link
 * #finishRowGroup}; the leaf tasks run on the executor.
 */
@Internal
public final class IncrementalRowGroupEncoder {
    private final ColumnChunkEncoder[] encoders;
    private final ColumnChunkEncoder.OpenChunk[] open;
    private final CompletableFuture<?>[] tails;
    private final Executor executor;

    /**
     * Per leaf, touched only by that leaf's tasks (one after the other): raw bytes fed to the open
     * chunk, and raw bytes and file bytes of the finished chunks, for the size estimate.
     */
    private final long[] openRaw;

    private final long[] finishedRaw;
    private final long[] finishedBytes;

    /** Per leaf, touched only by that leaf's tasks: the held bytes last published for it. */
    private final long[] publishedHeld;

    /**
     * Bytes held by the open chunks (as their tasks last published them) and by finished chunks not
     * yet {@linkplain #released written}: read by any thread, never blocking.
     */
    private final AtomicLong held = new AtomicLong();

    private long rows;

    /**
     * @throws IllegalArgumentException if {@code options.bloomFilters()} names a path that is not a
     *     leaf of {@code schema}
     */
    public IncrementalRowGroupEncoder(
            ParquetSchema schema, WriteOptions options, Executor executor) {
        this.encoders = ColumnChunkEncoder.forLeaves(schema, options);
        this.open = new ColumnChunkEncoder.OpenChunk[encoders.length];
        this.tails = new CompletableFuture<?>[encoders.length];
        for (int i = 0; i < tails.length; i++) {
            tails[i] = CompletableFuture.completedFuture(null);
        }
        this.executor = executor;
        this.openRaw = new long[encoders.length];
        this.finishedRaw = new long[encoders.length];
        this.finishedBytes = new long[encoders.length];
        this.publishedHeld = new long[encoders.length];
    }

    /**
     * Bytes the chunks of this file hold in memory: each open chunk's as published after its last
     * slice (so it may lag a slice), plus the finished chunks not yet released. Never blocks.
     */
    public long heldBytes() {
        return Math.max(0, held.get());
    }

    /** The group's chunks are written: they no longer count as held. */
    public void released(EncodedRowGroup group) {
        long bytes = 0;
        for (EncodedColumnChunk chunk : group.chunks()) {
            bytes += chunk.heldBytes();
        }
        held.addAndGet(-bytes);
    }

    /**
     * Per leaf, raw bytes and file bytes of its finished chunks (what its open chunk's estimate
     * scales by), for a writer that continues the file. Call only when no chunk is being finished
     * (every cut group encoded).
     */
    public long[][] finishedSizes() {
        return new long[][] {finishedRaw.clone(), finishedBytes.clone()};
    }

    /**
     * Continues the per-leaf estimates of an earlier writer of the file ({@link #finishedSizes()});
     * before the first slice only.
     */
    public void restoreFinishedSizes(long[] raw, long[] bytes) {
        if (raw.length != encoders.length || bytes.length != encoders.length) {
            throw new IllegalArgumentException(
                    "Cannot restore the size estimates: "
                            + raw.length
                            + " columns, but the schema has "
                            + encoders.length);
        }
        System.arraycopy(raw, 0, finishedRaw, 0, raw.length);
        System.arraycopy(bytes, 0, finishedBytes, 0, bytes.length);
    }

    /** Publishes the held bytes of {@code leaf}'s open chunk; from that leaf's task only. */
    private void publishHeld(int leaf, long bytes) {
        held.addAndGet(bytes - publishedHeld[leaf]);
        publishedHeld[leaf] = bytes;
    }

    /** Rows fed into the open row group so far. */
    public long openRows() {
        return rows;
    }

    /**
     * Queues the slice's rows into the open row group, after every slice fed before. The returned
     * future completes when every leaf has consumed the slice (then it may be reset and reused),
     * exceptionally with the first leaf failure (an {@link UncheckedIOException} wrapping an {@link
     * IOException} that names the column). After a failure, later tasks of that leaf are skipped
     * and {@link #finishRowGroup} fails too. Each leaf adds to {@code growth} how much its chunk's
     * {@linkplain ColumnChunkEncoder.OpenChunk#estimatedBytes() estimated size} grew with the
     * slice, so once the future completes {@code growth} holds the slice's estimated encoded bytes,
     * a value that depends on the rows only.
     */
    public CompletableFuture<Void> feed(RowGroupBuffer slice, AtomicLong growth) {
        if (slice.leafCount() != encoders.length) {
            throw new IllegalArgumentException(
                    "Cannot encode row group: the slice has "
                            + slice.leafCount()
                            + " columns but the schema "
                            + encoders.length);
        }
        rows += slice.rowCount();
        CompletableFuture<?>[] consumed = new CompletableFuture<?>[encoders.length];
        for (int i = 0; i < encoders.length; i++) {
            int leaf = i;
            LeafBuffer values = slice.leaf(i);
            CompletableFuture<Void> task =
                    tails[i].thenRunAsync(() -> feedLeaf(leaf, values, growth), executor);
            tails[i] = task;
            consumed[i] = task;
        }
        return CompletableFuture.allOf(consumed);
    }

    /**
     * Closes the open row group: once every leaf has consumed its slices, each finishes its chunk
     * (on the executor). The next {@link #feed} starts a new row group.
     *
     * @throws IllegalStateException if no row was fed since the last row group
     */
    public CompletableFuture<EncodedRowGroup> finishRowGroup() {
        if (rows == 0) {
            throw new IllegalStateException("Cannot finish row group: it has no rows");
        }
        long groupRows = rows;
        rows = 0;
        List<CompletableFuture<EncodedColumnChunk>> chunks = new ArrayList<>(encoders.length);
        for (int i = 0; i < encoders.length; i++) {
            int leaf = i;
            CompletableFuture<EncodedColumnChunk> chunk =
                    tails[i].thenApplyAsync(ignored -> finishLeaf(leaf), executor);
            tails[i] = chunk;
            chunks.add(chunk);
        }
        return CompletableFuture.allOf(chunks.toArray(new CompletableFuture<?>[0]))
                .thenApply(
                        done -> {
                            List<EncodedColumnChunk> list = new ArrayList<>(chunks.size());
                            for (CompletableFuture<EncodedColumnChunk> chunk : chunks) {
                                list.add(chunk.join());
                            }
                            return new EncodedRowGroup(groupRows, list);
                        });
    }

    /**
     * Queues, after every slice fed so far, the giving up of each open chunk's dictionary that no
     * page has used and that shows it will not pay ({@link
     * ColumnChunkEncoder.OpenChunk#giveUpUnpayingDictionary}), freeing it; the future completes
     * with how many were given up once every leaf has done so. A leaf that failed gives up nothing.
     */
    public CompletableFuture<Integer> giveUpUnpayingDictionaries() {
        AtomicInteger given = new AtomicInteger();
        CompletableFuture<?>[] done = new CompletableFuture<?>[encoders.length];
        for (int i = 0; i < encoders.length; i++) {
            int leaf = i;
            CompletableFuture<Void> task =
                    tails[i].thenRunAsync(
                            () -> {
                                ColumnChunkEncoder.OpenChunk chunk = open[leaf];
                                if (chunk != null && chunk.giveUpUnpayingDictionary()) {
                                    given.incrementAndGet();
                                    publishHeld(leaf, chunk.heldBytes());
                                }
                            },
                            executor);
            tails[i] = task;
            done[i] = task.handle((v, e) -> null);
        }
        return CompletableFuture.allOf(done).thenApply(v -> given.get());
    }

    /**
     * A future that completes (normally) once every leaf task queued so far has ended, failed or
     * not: for abandoning a file without leaving tasks that still read its slices.
     */
    public CompletableFuture<Void> quiesce() {
        CompletableFuture<?>[] all = new CompletableFuture<?>[tails.length];
        for (int i = 0; i < tails.length; i++) {
            all[i] = tails[i].handle((v, e) -> null);
        }
        return CompletableFuture.allOf(all);
    }

    private void feedLeaf(int leaf, LeafBuffer values, AtomicLong growth) {
        ColumnChunkEncoder.OpenChunk chunk = open[leaf];
        if (chunk == null) {
            chunk = encoders[leaf].open();
            open[leaf] = chunk;
        }
        try {
            long before = estimate(leaf, chunk);
            long raw = values.estimatedBytes();
            chunk.feed(values);
            openRaw[leaf] += raw;
            growth.addAndGet(estimate(leaf, chunk) - before);
            publishHeld(leaf, chunk.heldBytes());
        } catch (IOException e) {
            open[leaf] = null;
            publishHeld(leaf, 0);
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The open chunk's estimated bytes in the file: its raw input at the ratio of this leaf's
     * finished chunks in the file, or, before the first, what its own pages show. Values only.
     */
    private long estimate(int leaf, ColumnChunkEncoder.OpenChunk chunk) {
        if (finishedRaw[leaf] > 0) {
            return (long) ((double) openRaw[leaf] * finishedBytes[leaf] / finishedRaw[leaf]);
        }
        return chunk.estimatedBytes();
    }

    private EncodedColumnChunk finishLeaf(int leaf) {
        ColumnChunkEncoder.OpenChunk chunk = open[leaf];
        open[leaf] = null;
        try {
            EncodedColumnChunk done = (chunk != null ? chunk : encoders[leaf].open()).finish();
            finishedRaw[leaf] += openRaw[leaf];
            finishedBytes[leaf] += done.totalCompressedSize();
            openRaw[leaf] = 0;
            // Counted as finished before the open chunk stops counting: a reader in between sees
            // it twice rather than not at all.
            held.addAndGet(done.heldBytes());
            publishHeld(leaf, 0);
            return done;
        } catch (IOException e) {
            publishHeld(leaf, 0);
            throw new UncheckedIOException(e);
        }
    }
}
