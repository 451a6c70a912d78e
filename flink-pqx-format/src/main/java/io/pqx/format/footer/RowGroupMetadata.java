package io.pqx.format.footer;

import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SortingColumn;

/**
 * A validated, typed view of one row group: its row count, sizes, sorting columns and its column
 * chunks in leaf order ({@code columns().get(i)} is the chunk of schema leaf {@code i}).
 *
 * <p>Immutable and thread-safe; {@link #thrift()} must not be modified.
 */
@Internal
public final class RowGroupMetadata {
    private final int index;
    private final RowGroup thrift;
    private final List<ColumnChunkMetadata> columns;

    RowGroupMetadata(int index, RowGroup thrift, List<ColumnChunkMetadata> columns) {
        this.index = index;
        this.thrift = thrift;
        this.columns = List.copyOf(columns);
    }

    /** Position of the row group in the file, from 0. */
    public int index() {
        return index;
    }

    public long numRows() {
        return thrift.getNum_rows();
    }

    /** Total uncompressed bytes of the row group's column data, as the writer recorded it. */
    public long totalByteSize() {
        return thrift.getTotal_byte_size();
    }

    /** Compressed bytes: the recorded total, or the sum of the chunks when not recorded. */
    public long totalCompressedSize() {
        if (thrift.isSetTotal_compressed_size()) {
            return thrift.getTotal_compressed_size();
        }
        long sum = 0;
        for (ColumnChunkMetadata column : columns) {
            sum += column.totalCompressedSize();
        }
        return sum;
    }

    /** One chunk per schema leaf, in leaf order. */
    public List<ColumnChunkMetadata> columns() {
        return columns;
    }

    /** The sort order the writer declared for the rows of this group; empty when none. */
    public List<SortingColumn> sortingColumns() {
        List<SortingColumn> sorting = thrift.getSorting_columns();
        return sorting == null ? List.of() : List.copyOf(sorting);
    }

    /** The Thrift struct this view reads. Do not modify. */
    public RowGroup thrift() {
        return thrift;
    }
}
