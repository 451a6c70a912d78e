package io.pqx.format.encode;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.ParquetSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The reference the writer's incremental encoding is held to: a whole row group, buffered, then
 * encoded leaf by leaf at once (each leaf an independent task on the executor). Tests compare the
 * writer's bytes with it.
 */
public final class TestingWholeGroupEncoder {
    private final ColumnChunkEncoder[] encoders;

    /**
     * @throws IllegalArgumentException if {@code options.bloomFilters()} names a path that is not a
     *     leaf of {@code schema}
     */
    public TestingWholeGroupEncoder(ParquetSchema schema, WriteOptions options) {
        this.encoders = ColumnChunkEncoder.forLeaves(schema, options);
    }

    /** Encodes all leaves, waiting for them; chunks come back in leaf order. */
    public EncodedRowGroup encode(RowGroupBuffer buffer, Executor executor) throws IOException {
        try {
            return encodeAsync(buffer, executor).join();
        } catch (CompletionException e) {
            throw rethrow(e.getCause());
        }
    }

    /**
     * Starts encoding all leaves on {@code executor}; the future fails with the first leaf's
     * failure (an {@link UncheckedIOException} wrapping an I/O failure).
     */
    public CompletableFuture<EncodedRowGroup> encodeAsync(
            RowGroupBuffer buffer, Executor executor) {
        if (buffer.leafCount() != encoders.length) {
            throw new IllegalArgumentException(
                    "Cannot encode row group: the buffer has "
                            + buffer.leafCount()
                            + " columns but the schema "
                            + encoders.length);
        }
        long rows = buffer.rowCount();
        List<CompletableFuture<EncodedColumnChunk>> tasks = new ArrayList<>(encoders.length);
        for (int i = 0; i < encoders.length; i++) {
            ColumnChunkEncoder encoder = encoders[i];
            LeafBuffer leaf = buffer.leaf(i);
            tasks.add(CompletableFuture.supplyAsync(() -> encodeLeaf(encoder, leaf), executor));
        }
        return CompletableFuture.allOf(tasks.toArray(new CompletableFuture<?>[0]))
                .thenApply(
                        done -> {
                            List<EncodedColumnChunk> chunks = new ArrayList<>(tasks.size());
                            for (CompletableFuture<EncodedColumnChunk> task : tasks) {
                                chunks.add(task.join());
                            }
                            return new EncodedRowGroup(rows, chunks);
                        });
    }

    private static EncodedColumnChunk encodeLeaf(ColumnChunkEncoder encoder, LeafBuffer leaf) {
        try {
            return encoder.encode(leaf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static IOException rethrow(Throwable cause) {
        if (cause instanceof UncheckedIOException u) {
            return u.getCause();
        }
        if (cause instanceof CompletionException c && c.getCause() != null) {
            return rethrow(c.getCause());
        }
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IOException(cause);
    }
}
