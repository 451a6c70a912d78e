package io.pqx.format.decode;

import java.io.Closeable;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * The selected rows of one row group, decoded batch by batch into Flink columnar vectors whose
 * columns are the top-level fields of the projection.
 *
 * <p>Vectors are reused: a batch is valid only until the next call to {@link #next()}. Not
 * thread-safe; one reading thread.
 */
@Internal
public interface RowGroupBatches extends Closeable {

    /**
     * The next batch of selected rows ({@code getNumRows() > 0}), or null once every selected row
     * was returned.
     *
     * @throws io.pqx.format.error.CorruptFileException naming file, row group, column and page when
     *     the data cannot be decoded
     */
    @Nullable
    VectorizedColumnBatch next() throws IOException;

    /** The row group read (its ordinal in the file). */
    int rowGroup();

    /**
     * Where the rows of the batch last returned by {@link #next()} sit in the row group; valid as
     * long as that batch.
     */
    BatchPositions positions();
}
