package io.pqx.format;

import io.pqx.format.decode.ColumnarRowIterator.RowGroupSource;
import io.pqx.format.decode.RowGroupBatches;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import javax.annotation.Nullable;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * The batches of a sequence of row groups, for {@link ParquetReader#batches}: row group after row
 * group, skipping none, each batch holding at least one row. Not thread-safe.
 */
final class FileBatchIterator implements BatchIterator {
    private final RowGroupSource source;
    @Nullable private RowGroupBatches current;
    @Nullable private ParquetBatch pending;
    private final BatchViews views = new BatchViews();
    private boolean done;

    FileBatchIterator(RowGroupSource source) {
        this.source = source;
    }

    @Override
    public boolean hasNext() {
        try {
            while (pending == null && !done) {
                if (current == null) {
                    current = source.next();
                    if (current == null) {
                        done = true;
                        break;
                    }
                }
                VectorizedColumnBatch batch = current.next();
                if (batch == null) {
                    current.close();
                    current = null;
                } else if (batch.getNumRows() > 0) {
                    pending = views.of(batch, current.rowGroup(), current.positions());
                }
            }
            return pending != null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public ParquetBatch next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        ParquetBatch batch = pending;
        pending = null;
        return batch;
    }

    @Override
    public void close() throws IOException {
        done = true;
        pending = null;
        if (current != null) {
            RowGroupBatches open = current;
            current = null;
            open.close();
        }
    }
}
