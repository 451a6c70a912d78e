package io.pqx.format;

import io.pqx.format.decode.BatchFilter;
import io.pqx.format.decode.BatchPositions;
import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * A public {@link RowFilter} as the decoder calls it: each batch shown as a {@link ParquetBatch}
 * with its rows' positions. The filter's answer is taken from {@code keep} alone (its returned
 * count is not trusted), and rows it left unset are dropped. Not thread-safe.
 */
final class RowFilterAdapter implements BatchFilter {
    private final RowFilter filter;
    private final BatchViews views = new BatchViews();

    RowFilterAdapter(RowFilter filter) {
        this.filter = filter;
    }

    @Override
    public void filter(
            VectorizedColumnBatch batch, int rowGroup, BatchPositions positions, boolean[] keep)
            throws IOException {
        Arrays.fill(keep, 0, batch.getNumRows(), false);
        filter.filter(views.of(batch, rowGroup, positions), keep);
    }
}
