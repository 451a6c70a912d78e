package io.pqx.format;

import java.io.IOException;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.util.CloseableIterator;

/**
 * Batches of Flink column vectors ({@link ParquetBatch}) read from a Parquet file, as {@link
 * ParquetReader#readRowGroup} and {@link ParquetReader#batches} return them: each batch holds at
 * least one row; its columns are the read schema's top-level fields, in that order.
 *
 * <p><b>Reuse.</b> The batch objects and their vectors are reused: a batch is valid until the next
 * {@code hasNext()} or {@code next()}; copy what you keep. With {@link
 * io.pqx.format.options.ReadOptions#alternatingBatches()} each row group decodes into two sets of
 * vectors in turn, and a batch stays valid one batch longer: until the first {@code hasNext()} or
 * {@code next()} after the {@code next()} that returned the batch after it. So one thread may emit
 * a batch while another calls {@code hasNext()} and {@code next()} for the following one (the
 * iterator itself is still used by one thread at a time). <b>Errors.</b> A decoding error surfaces
 * from {@code hasNext()}/{@code next()} as an {@link java.io.UncheckedIOException} whose cause is
 * the {@link io.pqx.format.error.CorruptFileException} (or {@link
 * io.pqx.format.error.UnsupportedFileException}) naming file, row group, column and page.
 *
 * <p><b>Positions.</b> Each batch is a {@link ParquetBatch}: it names its row group and the
 * position of each of its rows in it ({@link ParquetBatch#firstRowPosition()}, {@link
 * ParquetBatch#rowPosition(int)}), for an exact restore.
 *
 * <p>{@link #close()} releases the buffers of the row group being read; it does not close the
 * reader. Not thread-safe.
 */
@PublicEvolving
public interface BatchIterator extends CloseableIterator<ParquetBatch> {

    /**
     * The next batch, with its positions.
     *
     * @throws java.util.NoSuchElementException when there is none
     */
    @Override
    ParquetBatch next();

    /** Releases the row group being read; later {@code hasNext()} calls return false. */
    @Override
    void close() throws IOException;
}
