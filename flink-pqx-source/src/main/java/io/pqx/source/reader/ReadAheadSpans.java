package io.pqx.source.reader;

import io.pqx.format.io.ReadAheadInputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.prune.RowSelection;
import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a split reader asks its read-ahead to fetch: the whole projected column chunks of the row
 * groups read in full, and the pages of a partly selected row group. Pure functions of the footer,
 * the split and the selection.
 */
final class ReadAheadSpans {
    private ReadAheadSpans() {}

    /**
     * Plans the projected chunks of each row group of {@code s} still to start that is read whole
     * (every one without a predicate, the fully matching ones with one), skipping a row group whose
     * chunks exceed {@code budgetBytes}.
     */
    static void planRowGroups(
            ReadAheadInputFile readAhead,
            FileMetadataView metadata,
            List<LeafColumnView> projected,
            RowGroupSplit s,
            boolean hasPredicate,
            long budgetBytes) {
        int first = s.nextRow() > 0 ? s.nextRowGroup() + 1 : s.nextRowGroup();
        for (int rowGroup = first; rowGroup <= s.lastRowGroup(); rowGroup++) {
            if (hasPredicate && !s.isAllMatch(rowGroup)) {
                continue;
            }
            RowGroupView group = metadata.rowGroup(rowGroup);
            List<ReadAheadInputFile.Span> spans = new ArrayList<>();
            long bytes = 0;
            for (LeafColumnView leaf : projected) {
                ColumnChunkView chunk = group.columns().get(leaf.leafIndex());
                bytes += chunk.totalCompressedSize();
                if (chunk.totalCompressedSize() > Integer.MAX_VALUE) {
                    bytes = Long.MAX_VALUE; // no Java array holds it
                    break;
                }
                spans.add(
                        new ReadAheadInputFile.Span(
                                chunk.startOffset(), (int) chunk.totalCompressedSize()));
            }
            if (bytes > budgetBytes) {
                continue; // never read ahead: over the budget
            }
            readAhead.plan(spans);
        }
    }

    /**
     * The pages of {@code group} the selected rows need: of the filter's columns and the emitted
     * ones ({@link SelectedPageSpans}).
     */
    static List<ReadAheadInputFile.Span> selectedPages(
            RowGroupView group,
            List<LeafColumnView> filterColumns,
            List<LeafColumnView> outputColumns,
            RowGroupPageIndexes known,
            RowSelection selection) {
        Set<Integer> filterLeaves = new LinkedHashSet<>();
        for (LeafColumnView leaf : filterColumns) {
            filterLeaves.add(leaf.leafIndex());
        }
        List<Integer> outputLeaves = new ArrayList<>();
        for (LeafColumnView leaf : outputColumns) {
            outputLeaves.add(leaf.leafIndex());
        }
        return SelectedPageSpans.of(group, filterLeaves, outputLeaves, known, selection);
    }
}
