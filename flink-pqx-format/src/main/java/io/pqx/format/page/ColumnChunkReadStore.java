package io.pqx.format.page;

import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;

/**
 * The pages of a row group's projected column chunks, as parquet-column's {@code
 * ColumnReadStoreImpl} reads them.
 *
 * <p>It never offers row indexes: parquet-column 1.18.1's synchronizing reader stops early when the
 * last selected row lies on a later page than the one before it (it takes "no more row indexes" for
 * "done"), so pqx skips rows itself, knowing each loaded page's first row.
 *
 * <p>Created per row group by the decoder; one reading thread.
 */
@Internal
public final class ColumnChunkReadStore implements PageReadStore {
    private final Map<ColumnDescriptor, ChunkPageReader> readers;
    private final long rowCount;

    public ColumnChunkReadStore(Map<ColumnDescriptor, ChunkPageReader> readers, long rowCount) {
        this.readers = readers;
        this.rowCount = rowCount;
    }

    @Override
    public ChunkPageReader getPageReader(ColumnDescriptor column) {
        ChunkPageReader reader = readers.get(column);
        if (reader == null) {
            throw new IllegalArgumentException("Column " + column + " was not loaded");
        }
        return reader;
    }

    @Override
    public long getRowCount() {
        return rowCount;
    }
}
