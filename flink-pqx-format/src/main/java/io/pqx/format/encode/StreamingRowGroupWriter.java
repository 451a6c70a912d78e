package io.pqx.format.encode;

import io.pqx.format.footer.ParquetMagic;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.ParquetSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;

/**
 * Fills and encodes the row groups of one file as rows arrive, and hands each finished group to a
 * {@link FileAssembler}: rows are shredded into a small slice, and each full slice is fed to every
 * column's open chunk ({@link IncrementalRowGroupEncoder}) on the context's encoder, so only
 * compressed pages of the open group and a few raw slices are in memory, never a whole group's raw
 * values. A group ends only when {@link #cut()} is called; the caller decides where, from {@link
 * #openRowCount()} and {@link #openEncodedBytes()}.
 *
 * <p><b>Estimates that do not depend on timing.</b> A file keeps at most {@value
 * #FILE_SLICES_IN_FLIGHT} slices being encoded; before feeding another it settles the oldest,
 * waiting for it if need be. The size estimates use the settled slices' encoded growth (their
 * chunks' estimated bytes) and, for slices not yet settled and the filling one, their raw bytes
 * scaled by the file's encoded-to-raw ratio so far (of its settled groups once there are any). So
 * an estimate depends on the rows only, not on the executor, its threads or their speed, and cuts
 * decided from it give the same bytes whatever runs them. A finished group counts with its real
 * compressed size once a slice of a later group has settled.
 *
 * <p>Finished groups are written on the context's file-writer executor, in order, holding a
 * row-group permit from cut to written; without one they are written by the calling thread at the
 * cut. A rejected row (see {@link RowGroupBuffer#append}) is in no column and the writer goes on.
 * Any other failure, here or on another thread, is rethrown by the next call as an {@link
 * IOException} naming the file. Not thread-safe: one thread calls it.
 */
@Internal
public final class StreamingRowGroupWriter {
    /** Rows per slice: small enough to stay in cache, large enough to amortize a column task. */
    public static final int SLICE_ROWS = 4096;

    /** A slice is also fed once its raw values reach this many bytes (wide rows). */
    static final long SLICE_BYTES = 1 << 20;

    /** Slices of one file being encoded at once. */
    static final int FILE_SLICES_IN_FLIGHT = 4;

    private final ParquetSchema schema;
    private final String location;
    private final PositionOutputStream out;
    private final FileAssembler assembler;
    private final IncrementalRowGroupEncoder encoder;
    private final EncodingContext context;
    private final int sliceRows;
    private final ArrayDeque<SliceRecord> inFlight = new ArrayDeque<>();
    private final List<GroupRecord> unsettled = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final AtomicLong writtenBytes = new AtomicLong();

    /** Raw bytes of the slices fed and not yet consumed by every leaf. */
    private final AtomicLong inFlightRaw = new AtomicLong();

    private RowGroupBuffer filling;
    private GroupRecord open = new GroupRecord();
    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);

    /** Real compressed bytes and raw bytes of the settled groups. */
    private long settledBytes;

    private long settledGroupRaw;

    /** Encoded growth and raw bytes of every settled slice of the file, for the ratio. */
    private long settledEncoded;

    private long settledRaw;
    private boolean released;

    /** File bytes per raw byte to assume until a group has settled; 0 when none was given. */
    private double assumedRatio;

    /**
     * @param sliceRows rows per slice ({@link #SLICE_ROWS}; tests vary it)
     */
    public StreamingRowGroupWriter(
            ParquetSchema schema,
            WriteOptions options,
            String location,
            PositionOutputStream out,
            FileAssembler assembler,
            EncodingContext context,
            int sliceRows) {
        if (sliceRows < 1) {
            throw new IllegalArgumentException(
                    "Cannot stream row groups: " + sliceRows + " rows per slice must be >= 1");
        }
        this.schema = schema;
        this.location = location;
        this.out = out;
        this.assembler = assembler;
        this.encoder = new IncrementalRowGroupEncoder(schema, options, context.encoder());
        this.context = context;
        this.sliceRows = sliceRows;
        this.filling = context.takeSlice(schema, location);
    }

    /**
     * A writer continuing a file whose prefix of {@code prefixBytes} bytes is on {@code out} (the
     * assembler knows its row groups), with the size estimates where {@code estimates} left them:
     * it then estimates, and so cuts, as the writer of the prefix would have gone on.
     */
    public static StreamingRowGroupWriter resumed(
            ParquetSchema schema,
            WriteOptions options,
            String location,
            PositionOutputStream out,
            FileAssembler assembler,
            EncodingContext context,
            int sliceRows,
            long prefixBytes,
            ResumeState.Estimates estimates) {
        StreamingRowGroupWriter writer =
                new StreamingRowGroupWriter(
                        schema, options, location, out, assembler, context, sliceRows);
        try {
            writer.restore(prefixBytes, estimates);
        } catch (RuntimeException e) {
            writer.release();
            throw e;
        }
        return writer;
    }

    private void restore(long prefixBytes, ResumeState.Estimates estimates) {
        encoder.restoreFinishedSizes(estimates.leafFinishedRaw(), estimates.leafFinishedBytes());
        writtenBytes.set(prefixBytes);
        assumedRatio = estimates.assumedRatio();
        settledBytes = estimates.settledBytes();
        settledGroupRaw = estimates.settledGroupRaw();
        settledEncoded = estimates.settledEncoded();
        settledRaw = estimates.settledRaw();
        for (ResumeState.PendingGroup pending : estimates.groups()) {
            GroupRecord group = new GroupRecord();
            group.rows = pending.rows();
            group.raw = pending.raw();
            group.settledEncoded = pending.settledEncoded();
            group.unsettledRaw = pending.unsettledRaw();
            group.writtenSize = pending.compressedSize();
            unsettled.add(group);
        }
        // The earlier writer's slices of cut groups, consumed long ago: settled at the same
        // points as there, they shift the estimates exactly as they would have.
        for (ResumeState.PendingSlice pending : estimates.slices()) {
            SliceRecord slice = new SliceRecord(unsettled.get(pending.group()), pending.raw());
            slice.growth.set(pending.growth());
            slice.consumed = CompletableFuture.completedFuture(null);
            inFlight.add(slice);
        }
    }

    /**
     * Waits until every group cut so far is written, then returns the size estimates' state for a
     * writer that continues the file after them. The open group goes on; its slices may still be
     * encoding.
     */
    public ResumeState.Estimates awaitWritten() throws IOException, InterruptedException {
        try {
            tail.get();
        } catch (ExecutionException e) {
            throw EncodingFailures.toIOException(e, location);
        }
        rethrowFailure();
        List<ResumeState.PendingGroup> groups = new ArrayList<>(unsettled.size());
        for (GroupRecord group : unsettled) {
            groups.add(
                    new ResumeState.PendingGroup(
                            group.rows,
                            group.raw,
                            group.settledEncoded,
                            group.unsettledRaw,
                            group.compressedSize()));
        }
        List<ResumeState.PendingSlice> slices = new ArrayList<>();
        for (SliceRecord slice : inFlight) {
            int index = unsettled.indexOf(slice.group);
            if (index < 0) {
                break; // a slice of the open group: it and the later ones are re-fed
            }
            // Consumed: its group is encoded.
            slices.add(new ResumeState.PendingSlice(index, slice.raw, slice.growth.get()));
        }
        long[][] leafSizes = encoder.finishedSizes();
        return new ResumeState.Estimates(
                assumedRatio,
                settledBytes,
                settledGroupRaw,
                settledEncoded,
                settledRaw,
                leafSizes[0],
                leafSizes[1],
                groups,
                slices);
    }

    /**
     * Bytes held in memory for this file now: its chunks' pages, buffers and dictionaries (as
     * published after each slice), its cut groups not yet written, the raw bytes of its slices in
     * flight, and the filling slice's arrays as allocated (a recycled slice keeps the capacity of
     * its last use). Never blocks; from the calling thread.
     */
    public long heldBytes() {
        return encoder.heldBytes()
                + Math.max(0, inFlightRaw.get())
                + (released ? 0 : filling.allocatedBytes());
    }

    /**
     * Adds one row to the open row group; may feed a slice to the encoders, waiting for a slice
     * permit.
     *
     * @param fileRow the row's index in the file, named in error messages
     * @throws IllegalArgumentException if a value of the row cannot be written; the row is skipped
     * @throws IOException if encoding or writing failed before (seen when the next slice is fed, at
     *     the latest at the cut)
     */
    public void append(RowData row, long fileRow) throws IOException, InterruptedException {
        filling.append(row, fileRow);
        open.rows++;
        if (filling.isFull(sliceRows, SLICE_BYTES)) {
            feed();
        }
    }

    /** Rows in the open row group. */
    public long openRowCount() {
        return open.rows;
    }

    /** Estimated encoded bytes of the open row group; sums the filling slice's columns. */
    public long openEncodedBytes() {
        double ratio = ratio();
        return open.estimate(ratio) + (long) (filling.estimatedBytes() * ratio);
    }

    /**
     * Estimated bytes of the file so far: the magic, the groups cut (real sizes once settled) and
     * the open group; the page indexes and the footer are not in it.
     */
    public long fileBytes() {
        double ratio = ratio();
        long total = ParquetMagic.MAGIC.length + settledBytes;
        for (GroupRecord group : unsettled) {
            total += group.estimate(ratio);
        }
        return total + openEncodedBytes();
    }

    /** {@code rawBytes} of shredded rows as estimated encoded bytes, at the file's ratio so far. */
    public long encodedEstimate(long rawBytes) {
        return (long) (rawBytes * ratio());
    }

    /** Bytes on the stream so far (row groups written; exact once {@link #finish()} returned). */
    public long writtenBytes() {
        return writtenBytes.get();
    }

    /**
     * Ends the open row group, if it has rows: its last slice is fed, its chunks are finished, and
     * it is written (now, or queued behind the file's earlier groups on the file-writer executor
     * after waiting for a row-group permit).
     */
    public void cut() throws IOException, InterruptedException {
        if (open.rows == 0) {
            return;
        }
        if (filling.rowCount() > 0) {
            feed();
        }
        rethrowFailure();
        GroupRecord group = open;
        Executor fileWriter = context.fileWriter();
        context.acquireGroup();
        CompletableFuture<EncodedRowGroup> encoded;
        try {
            encoded = encoder.finishRowGroup();
        } catch (RuntimeException e) {
            context.releaseGroup();
            throw e;
        }
        group.encoded = encoded;
        unsettled.add(group);
        open = new GroupRecord();
        if (fileWriter == null) {
            write(await(encoded));
            return;
        }
        CompletableFuture<Void> previous = tail;
        tail =
                CompletableFuture.allOf(previous, encoded)
                        .thenRunAsync(() -> writeUnchecked(encoded.join()), fileWriter)
                        .whenComplete((ignored, e) -> context.releaseGroup());
    }

    /** Cuts the open row group and waits until every group is written. */
    public void finish() throws IOException, InterruptedException {
        cut();
        try {
            tail.get();
        } catch (ExecutionException e) {
            throw EncodingFailures.toIOException(e, location);
        }
        rethrowFailure();
        // Everything is encoded: account for it all, so ratio() is the whole file's.
        while (!inFlight.isEmpty()) {
            settle(inFlight.poll());
        }
        for (GroupRecord done : unsettled) {
            settledBytes += done.compressedSize();
            settledGroupRaw += done.raw;
        }
        unsettled.clear();
        release();
    }

    /**
     * Gives up the file: waits until no task of it still runs (ignoring failures), so its slices
     * and permits are back. Writes nothing more.
     */
    public void abort() {
        try {
            encoder.quiesce().get();
            tail.handle((v, e) -> null).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // quiesce() and handle() never complete exceptionally
        }
        release();
    }

    /**
     * Frees the open row group's dictionaries that no page has used and that show they will not
     * pay, after the slices fed so far (the filling slice's rows go PLAIN into those chunks), and
     * waits for it; for a writer short of memory.
     *
     * @return how many dictionaries were given up
     * @throws IOException naming the file if a column's encoding had failed
     */
    public int giveUpUnpayingDictionaries() throws IOException, InterruptedException {
        rethrowFailure();
        try {
            return encoder.giveUpUnpayingDictionaries().get();
        } catch (ExecutionException e) {
            throw EncodingFailures.toIOException(e, location);
        }
    }

    private void release() {
        if (!released) {
            released = true;
            context.recycle(filling);
        }
    }

    private void feed() throws IOException, InterruptedException {
        // Checked once per slice rather than per row: a failure stops the file at the next slice.
        rethrowFailure();
        while (inFlight.size() >= FILE_SLICES_IN_FLIGHT) {
            settle(inFlight.poll());
        }
        context.acquireSlice();
        RowGroupBuffer fed = filling;
        SliceRecord slice = new SliceRecord(open, fed.estimatedBytes());
        CompletableFuture<Void> consumed;
        try {
            consumed = encoder.feed(fed, slice.growth);
        } catch (RuntimeException e) {
            context.releaseSlice();
            throw e;
        }
        open.unsettledRaw += slice.raw;
        open.raw += slice.raw;
        inFlightRaw.addAndGet(slice.raw);
        slice.consumed =
                consumed.whenComplete(
                        (ignored, e) -> {
                            if (e != null) {
                                failure.compareAndSet(null, e);
                            }
                            inFlightRaw.addAndGet(-slice.raw);
                            try {
                                context.recycle(fed);
                            } finally {
                                context.releaseSlice();
                            }
                        });
        inFlight.add(slice);
        filling = context.takeSlice(schema, location);
    }

    /** Accounts a slice's encoded growth once it is consumed; settles the groups before it. */
    private void settle(SliceRecord slice) throws IOException {
        await(slice.consumed);
        long growth = slice.growth.get();
        slice.group.settledEncoded += growth;
        slice.group.unsettledRaw -= slice.raw;
        settledEncoded += growth;
        settledRaw += slice.raw;
        // Every column has taken a slice of a later group, so earlier groups are finished.
        while (!unsettled.isEmpty() && unsettled.get(0) != slice.group) {
            GroupRecord done = unsettled.remove(0);
            settledBytes += done.compressedSize();
            settledGroupRaw += done.raw;
        }
    }

    /**
     * File bytes per raw byte: of the settled groups if any, else the assumed ratio if one was
     * given, else of the settled slices, else 1.
     */
    public double ratio() {
        if (settledGroupRaw > 0) {
            return (double) settledBytes / settledGroupRaw;
        }
        if (assumedRatio > 0) {
            return assumedRatio;
        }
        return settledRaw == 0 ? 1.0 : (double) settledEncoded / settledRaw;
    }

    /** Assumes {@code ratio} file bytes per raw byte until a row group of this file settles. */
    public void assumeRatio(double ratio) {
        if (!(ratio > 0) || Double.isInfinite(ratio)) {
            throw new IllegalArgumentException(
                    "Cannot assume a compression ratio of " + ratio + ": it must be > 0");
        }
        this.assumedRatio = ratio;
    }

    private void write(EncodedRowGroup group) throws IOException {
        assembler.writeRowGroup(group);
        writtenBytes.set(out.position());
        encoder.released(group);
    }

    private void writeUnchecked(EncodedRowGroup group) {
        try {
            write(group);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void rethrowFailure() throws IOException {
        Throwable e = failure.get();
        if (e == null && tail.isCompletedExceptionally()) {
            try {
                tail.join();
            } catch (RuntimeException thrown) {
                e = thrown;
            }
        }
        if (e != null) {
            throw EncodingFailures.toIOException(e, location);
        }
    }

    private <T> T await(CompletableFuture<T> future) throws IOException {
        try {
            return future.join();
        } catch (RuntimeException e) {
            throw EncodingFailures.toIOException(e, location);
        }
    }

    /** A slice being encoded: its raw bytes and, once consumed, its chunks' encoded growth. */
    private static final class SliceRecord {
        final GroupRecord group;
        final long raw;
        final AtomicLong growth = new AtomicLong();
        CompletableFuture<Void> consumed;

        SliceRecord(GroupRecord group, long raw) {
            this.group = group;
            this.raw = raw;
        }
    }

    /** A row group's rows and what is known of its encoded size. */
    private final class GroupRecord {
        long rows;
        long raw;
        long settledEncoded;
        long unsettledRaw;
        CompletableFuture<EncodedRowGroup> encoded;

        /** The compressed size known without {@link #encoded}: a group of an earlier writer. */
        long writtenSize = -1;

        long compressedSize() throws IOException {
            return writtenSize >= 0 ? writtenSize : await(encoded).compressedSize();
        }

        long estimate(double ratio) {
            return settledEncoded + (long) (unsettledRaw * ratio);
        }
    }
}
