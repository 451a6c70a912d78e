package io.pqx.format.decode;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * The row filter of a {@link FilteredRowGroupScan}, as the decoder calls it: decides the rows of
 * one batch of the filter's columns. {@code ParquetReader} adapts the public {@code RowFilter}.
 */
@Internal
public interface BatchFilter {
    /**
     * Sets {@code keep[i]} for every row {@code i} of {@code batch} (the filter's columns, in its
     * order); {@code positions} says where the rows sit in row group {@code rowGroup}.
     */
    void filter(VectorizedColumnBatch batch, int rowGroup, BatchPositions positions, boolean[] keep)
            throws IOException;
}
