package io.pqx.format.metadata;

import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The column and offset indexes of some leaves of one row group, read together (by {@code
 * ParquetReader.readPageIndexes}, in one ranged read), for the page-index pruner and the decoder to
 * share. Immutable and thread-safe.
 *
 * <p>A leaf asked for is always listed ({@link #leaf}); its indexes are absent when the file has
 * none or they could not be used ({@link LeafPageIndex#failures()} says why). A leaf not asked for
 * is not listed: callers fall back to reading it themselves.
 */
@PublicEvolving
public final class RowGroupPageIndexes {
    private final int rowGroup;
    private final long rows;
    private final Map<Integer, LeafPageIndex> leaves;

    private RowGroupPageIndexes(int rowGroup, long rows, Map<Integer, LeafPageIndex> leaves) {
        this.rowGroup = rowGroup;
        this.rows = rows;
        this.leaves = leaves;
    }

    /**
     * The indexes of {@code leaves} of row group {@code rowGroup} of {@code rows} rows.
     *
     * @throws IllegalArgumentException when a leaf is listed twice
     */
    public static RowGroupPageIndexes of(int rowGroup, long rows, List<LeafPageIndex> leaves) {
        Map<Integer, LeafPageIndex> byLeaf = new TreeMap<>();
        for (LeafPageIndex leaf : leaves) {
            if (byLeaf.put(leaf.leafIndex(), leaf) != null) {
                throw new IllegalArgumentException(
                        "Cannot list the page indexes of leaf " + leaf.leafIndex() + " twice");
            }
        }
        return new RowGroupPageIndexes(
                rowGroup, rows, Collections.unmodifiableMap(new LinkedHashMap<>(byLeaf)));
    }

    /** The row group's ordinal in its file. */
    public int rowGroup() {
        return rowGroup;
    }

    /** Rows of the row group. */
    public long rowCount() {
        return rows;
    }

    /** The leaves asked for, in leaf order. */
    public Set<Integer> leafIndexes() {
        return leaves.keySet();
    }

    /** What was found for leaf {@code leafIndex}, empty when it was not asked for. */
    public Optional<LeafPageIndex> leaf(int leafIndex) {
        return Optional.ofNullable(leaves.get(leafIndex));
    }

    /** The offset index of leaf {@code leafIndex}, if it was asked for and read. */
    public Optional<OffsetIndexView> offsetIndex(int leafIndex) {
        return leaf(leafIndex).flatMap(LeafPageIndex::offsetIndex);
    }

    /** The column index of leaf {@code leafIndex}, if it was asked for and read. */
    public Optional<ColumnIndexView> columnIndex(int leafIndex) {
        return leaf(leafIndex).flatMap(LeafPageIndex::columnIndex);
    }

    /** The page-level evidence of leaf {@code leafIndex}, if it was asked for and is usable. */
    public Optional<TrustedPageIndex> trusted(int leafIndex) {
        return leaf(leafIndex).flatMap(LeafPageIndex::trusted);
    }

    /** Every offset index read, by leaf. */
    public Map<Integer, OffsetIndexView> offsetIndexes() {
        Map<Integer, OffsetIndexView> out = new LinkedHashMap<>();
        leaves.forEach((leaf, index) -> index.offsetIndex().ifPresent(o -> out.put(leaf, o)));
        return Collections.unmodifiableMap(out);
    }

    @Override
    public String toString() {
        return "RowGroupPageIndexes{row group " + rowGroup + ", leaves " + leaves.keySet() + "}";
    }
}
