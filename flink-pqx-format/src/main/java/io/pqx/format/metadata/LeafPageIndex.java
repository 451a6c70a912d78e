package io.pqx.format.metadata;

import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The page indexes of one leaf's column chunk, as one read of a row group's indexes found them
 * ({@link RowGroupPageIndexes}). Immutable.
 *
 * @param leafIndex the leaf among the file schema's leaves
 * @param columnIndex the column index, empty when the chunk has none or it could not be read
 * @param offsetIndex the offset index, empty when the chunk has none or it could not be read
 * @param trusted the page-level evidence for pruning: present only when both indexes were read,
 *     list the same pages and tile the row group
 * @param failures why an index the footer declares could not be read or used (a malformed index, a
 *     range outside the file, page counts that disagree); empty when nothing went wrong. A failure
 *     is evidence lost, never an error of the read: pruners count it and keep the data.
 */
@PublicEvolving
public record LeafPageIndex(
        int leafIndex,
        Optional<ColumnIndexView> columnIndex,
        Optional<OffsetIndexView> offsetIndex,
        Optional<TrustedPageIndex> trusted,
        List<IOException> failures) {

    public LeafPageIndex {
        Objects.requireNonNull(columnIndex, "columnIndex");
        Objects.requireNonNull(offsetIndex, "offsetIndex");
        Objects.requireNonNull(trusted, "trusted");
        failures = List.copyOf(failures);
    }
}
