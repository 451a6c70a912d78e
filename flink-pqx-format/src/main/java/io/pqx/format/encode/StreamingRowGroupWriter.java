package io.pqx.format.encode;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.ParquetSchema;

import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * Fills and encodes the row groups of one file as rows arrive, and hands each finished group to a
 * {@link FileAssembler}: rows are shredded into a small slice, and each full slice is fed to every
 * column's open chunk ({@link IncrementalRowGroupEncoder}), so only compressed pages of the open
 * group and two slices are in memory, never a whole group's raw values. A group is cut at {@code
 * rowGroupRows} rows or when its estimated raw bytes reach {@code rowGroupBytes}, checked as {@link
 * RowGroupBuffer#isFull} checks them, so the file's bytes are those a whole-group buffer with
 * {@link RowGroupEncoder} would give, whatever the executor.
 *
 * <p>A rejected row (see {@link RowGroupBuffer#append}) is in no column and the writer goes on.
 * After an {@link IOException} the file is broken. Not thread-safe: one thread calls it; column
 * tasks run on the executor, one slice being encoded while the next fills.
 */
public final class StreamingRowGroupWriter {
    /** Rows per slice: small enough to stay in cache, large enough to amortize a column task. */
    static final int SLICE_ROWS = 4096;
    /** A slice is also fed once its raw values reach this many bytes (wide rows). */
    static final long SLICE_BYTES = 1 << 20;

    private final FileAssembler assembler;
    private final IncrementalRowGroupEncoder encoder;
    private final long maxRows;
    private final long maxBytes;
    private final ByteCheckSchedule byteChecks = new ByteCheckSchedule();
    private RowGroupBuffer filling;
    private RowGroupBuffer spare;
    /** Completes when every column has consumed {@link #spare}'s rows. */
    private CompletableFuture<Void> spareConsumed = CompletableFuture.completedFuture(null);
    private long groupRows;
    /** Estimated raw bytes of the open group's slices already fed. */
    private long fedBytes;
    /** The open group's estimated raw bytes; one supplier for every check. */
    private final LongSupplier groupBytes = () -> fedBytes + filling.estimatedBytes();

    public StreamingRowGroupWriter(ParquetSchema schema, WriteOptions options, String location,
            FileAssembler assembler, Executor encodeExecutor) {
        this.assembler = assembler;
        this.encoder = new IncrementalRowGroupEncoder(schema, options, encodeExecutor);
        this.maxRows = options.rowGroupRows();
        this.maxBytes = options.rowGroupBytes();
        this.filling = new RowGroupBuffer(schema, location);
        this.spare = new RowGroupBuffer(schema, location);
    }

    /**
     * Adds one row; may feed a slice to the encoders and write a finished row group.
     *
     * @param fileRow the row's index in the file, named in error messages
     * @throws IllegalArgumentException if a value of the row cannot be written; the row is skipped
     */
    public void append(RowData row, long fileRow) throws IOException {
        filling.append(row, fileRow);
        groupRows++;
        if (groupRows >= maxRows || byteChecks.reached(groupRows, maxBytes, groupBytes)) {
            flush();
        } else if (filling.isFull(SLICE_ROWS, SLICE_BYTES)) {
            feed();
        }
    }

    /** Finishes the open row group, if it has rows, and writes it. */
    public void flush() throws IOException {
        if (groupRows == 0) {
            return;
        }
        if (filling.rowCount() > 0) {
            feed();
        }
        EncodedRowGroup group = await(encoder.finishRowGroup());
        assembler.writeRowGroup(group);
        groupRows = 0;
        fedBytes = 0;
        byteChecks.reset();
    }

    private void feed() throws IOException {
        fedBytes += filling.estimatedBytes();
        CompletableFuture<Void> consumed = encoder.feed(filling);
        // The spare may be refilled only once every column has read it.
        await(spareConsumed);
        RowGroupBuffer fed = filling;
        filling = spare;
        filling.reset();
        spare = fed;
        spareConsumed = consumed;
    }

    /**
     * The future's value; a failure as the IOException that names it, never as a bare runtime
     * exception.
     */
    static <T> T await(CompletableFuture<T> future) throws IOException {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            if (cause instanceof Error error) {
                throw error;
            }
            // Never rethrown as it is: an IllegalArgumentException would read as a rejected row,
            // which leaves the writer usable, while the columns may have taken part of a slice.
            throw new IOException("Cannot encode row group: " + cause, cause);
        }
    }
}
