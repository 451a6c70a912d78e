package io.pqx.format.decode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.util.CloseableIterator;

/**
 * Rows of a sequence of row groups, one {@link ColumnarRowData} view over each decoded batch.
 *
 * <p><b>Reuse:</b> {@link #next()} returns the same {@code ColumnarRowData} object every time,
 * pointed at the next row, and its batch is overwritten when the next batch is decoded. Copy a row
 * (for example with a {@code RowDataSerializer}) to keep it past the following {@code next()} or
 * {@code hasNext()}. Decoding errors surface as an {@link UncheckedIOException} whose cause is the
 * {@code CorruptFileException}. Not thread-safe.
 */
@Internal
public final class ColumnarRowIterator implements CloseableIterator<RowData> {

    /** Supplies the row groups in order; null once there are no more. */
    @FunctionalInterface
    public interface RowGroupSource {
        @Nullable
        RowGroupBatches next() throws IOException;
    }

    private final RowGroupSource source;
    private final AutoCloseable onClose;
    private final ColumnarRowData row = new ColumnarRowData();
    private RowGroupBatches current;
    private VectorizedColumnBatch batch;
    private int nextRow;
    private boolean done;

    /**
     * @param onClose closed with the iterator (the reader, when it owns the file)
     */
    public ColumnarRowIterator(RowGroupSource source, AutoCloseable onClose) {
        this.source = source;
        this.onClose = onClose;
    }

    @Override
    public boolean hasNext() {
        try {
            while (!done && (batch == null || nextRow >= batch.getNumRows())) {
                advance();
            }
            return !done;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void advance() throws IOException {
        batch = current == null ? null : current.next();
        nextRow = 0;
        if (batch != null) {
            row.setVectorizedColumnBatch(batch);
            return;
        }
        if (current != null) {
            current.close();
        }
        current = source.next();
        done = current == null;
    }

    @Override
    public RowData next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        row.setRowId(nextRow++);
        return row;
    }

    @Override
    public void close() throws Exception {
        done = true;
        try {
            if (current != null) {
                current.close();
            }
        } finally {
            onClose.close();
        }
    }
}
