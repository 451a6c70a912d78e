package io.pqx.format.metadata;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.flink.annotation.PublicEvolving;

/**
 * One row group of a file, as its footer describes it (validated by pqx): rows, sizes, declared
 * sort order, and one column chunk per schema leaf in leaf order ({@code columns().get(i)} holds
 * leaf {@code i}). Immutable.
 *
 * @param ordinal the row group's position in the file, from 0
 * @param numRows rows in the row group (not negative)
 * @param totalByteSize uncompressed bytes of the row group's column data, as the writer recorded it
 * @param totalCompressedSize compressed bytes: the recorded total, or the sum of the chunks when
 *     the writer recorded none
 * @param fileOffset the offset of the row group's first page, when the writer recorded it
 * @param sortingColumns the sort order the writer declared, most significant first; empty when none
 * @param columns one chunk per schema leaf, in leaf order
 */
@PublicEvolving
public record RowGroupView(
        int ordinal,
        long numRows,
        long totalByteSize,
        long totalCompressedSize,
        OptionalLong fileOffset,
        List<SortingColumnView> sortingColumns,
        List<ColumnChunkView> columns) {

    public RowGroupView {
        if (numRows < 0) {
            throw new IllegalArgumentException(
                    "Cannot build row group view: negative row count " + numRows);
        }
        sortingColumns = List.copyOf(sortingColumns);
        columns = List.copyOf(columns);
    }

    /** The chunk whose leaf has this dotted path, if any. */
    public Optional<ColumnChunkView> column(String dottedPath) {
        return columns.stream().filter(c -> c.path().equals(dottedPath)).findFirst();
    }
}
