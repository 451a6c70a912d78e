package io.pqx.format.page;

import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;

import javax.annotation.Nullable;

import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.function.Supplier;

/**
 * The pages of a row group's projected column chunks, as parquet-column's {@code
 * ColumnReadStoreImpl} reads them. With row indexes, parquet-column builds synchronizing column
 * readers that return only the values of those rows and skip the rest inside each page (pages
 * holding none of them were never loaded).
 *
 * <p>Created per row group by the decoder; one reading thread.
 */
public final class ColumnChunkReadStore implements PageReadStore {
    private final Map<ColumnDescriptor, ChunkPageReader> readers;
    private final long rowCount;
    @Nullable private final Supplier<PrimitiveIterator.OfLong> rowIndexes;

    /**
     * @param rowCount rows the readers yield (the selected rows when {@code rowIndexes} is set)
     * @param rowIndexes a fresh iterator over the selected row indexes per call, or null to read
     *     every row
     */
    public ColumnChunkReadStore(
            Map<ColumnDescriptor, ChunkPageReader> readers,
            long rowCount,
            @Nullable Supplier<PrimitiveIterator.OfLong> rowIndexes) {
        this.readers = readers;
        this.rowCount = rowCount;
        this.rowIndexes = rowIndexes;
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

    @Override
    public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
        return rowIndexes == null ? Optional.empty() : Optional.of(rowIndexes.get());
    }
}
