package io.pqx.format;

import io.pqx.format.decode.BatchPositions;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * The {@link ParquetBatch} views of a decoder's batch objects: one made per batch object and kept
 * while the decoder reuses it (a decoder has one or two; a new row group's decoder brings new ones,
 * and the oldest view goes). Not thread-safe.
 */
final class BatchViews {
    private final ParquetBatch[] views = new ParquetBatch[2];

    /**
     * The view of {@code batch}, pointed at its rows: row group {@code rowGroup}, {@code
     * positions}.
     */
    ParquetBatch of(VectorizedColumnBatch batch, int rowGroup, BatchPositions positions) {
        ParquetBatch view = null;
        for (ParquetBatch v : views) {
            if (v != null && v.views(batch)) {
                view = v;
                break;
            }
        }
        if (view == null) {
            view = new ParquetBatch(batch);
            views[1] = views[0];
            views[0] = view;
        }
        view.update(rowGroup, positions);
        return view;
    }
}
