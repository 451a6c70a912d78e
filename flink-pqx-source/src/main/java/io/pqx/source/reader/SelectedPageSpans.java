package io.pqx.source.reader;

import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.ReadAheadInputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.prune.RowSelection;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The byte spans a filtered read of part of a row group asks for, from the offset indexes read
 * before it: per leaf, its dictionary page (the chunk's bytes before its first data page) and each
 * data page holding a selected row, as the format's loader picks them. A leaf without an offset
 * index read, or whose index does not lie inside its chunk, gets no span (its reads then go to the
 * file as they come). Stateless.
 *
 * <p>Fetching an emitted column's pages with the filter's, before the filter has decided, reads the
 * pages of the whole selection, where late materialization reads only those holding a kept row.
 * Where the emitted column's pages are no finer than the filter's, those are about the same pages;
 * where they are finer (a wide column: many pages per filter page), most of them may hold no kept
 * row, and fetching them would cost more bytes than the round trip it saves is worth. So there are
 * spans only when no emitted column has more selected data pages than a filter column.
 */
final class SelectedPageSpans {
    private SelectedPageSpans() {}

    /**
     * The spans of {@code filterLeaves} and {@code outputLeaves} for {@code selection} of {@code
     * group}; empty when the selection covers the whole row group (a full read needs no page index)
     * or an emitted column only ({@code outputLeaves} not in {@code filterLeaves}) has more
     * selected data pages than every filter column.
     */
    static List<ReadAheadInputFile.Span> of(
            RowGroupView group,
            Collection<Integer> filterLeaves,
            Collection<Integer> outputLeaves,
            RowGroupPageIndexes known,
            RowSelection selection) {
        List<ReadAheadInputFile.Span> spans = new ArrayList<>();
        long rows = group.numRows();
        if (selection.coversAll(rows)) {
            return spans;
        }
        int filterPages = 0;
        for (int leaf : filterLeaves) {
            filterPages = Math.max(filterPages, addLeaf(group, leaf, known, selection, spans));
        }
        for (int leaf : outputLeaves) {
            if (filterLeaves.contains(leaf)) {
                continue;
            }
            if (addLeaf(group, leaf, known, selection, spans) > filterPages) {
                return new ArrayList<>();
            }
        }
        return spans;
    }

    /** Adds a leaf's spans; returns its selected data pages (0 when it gets no span). */
    private static int addLeaf(
            RowGroupView group,
            int leaf,
            RowGroupPageIndexes known,
            RowSelection selection,
            List<ReadAheadInputFile.Span> spans) {
        Optional<OffsetIndexView> index = known.offsetIndex(leaf);
        if (index.isEmpty() || leaf >= group.columns().size()) {
            return 0;
        }
        return addLeaf(group.columns().get(leaf), index.get(), selection, group.numRows(), spans);
    }

    private static int addLeaf(
            ColumnChunkView chunk,
            OffsetIndexView index,
            RowSelection selection,
            long rows,
            List<ReadAheadInputFile.Span> spans) {
        long chunkStart = chunk.startOffset();
        long chunkEnd = chunkStart + chunk.totalCompressedSize();
        int pages = index.pageCount();
        for (int i = 0; i < pages; i++) {
            if (index.offset(i) < chunkStart
                    || index.compressedPageSize(i) <= 0
                    || index.offset(i) + index.compressedPageSize(i) > chunkEnd) {
                return 0; // not an index of this chunk: the loader refuses it, naming the file
            }
        }
        List<ReadAheadInputFile.Span> leafSpans = new ArrayList<>();
        if (pages > 0 && index.offset(0) > chunkStart) {
            leafSpans.add(span(chunkStart, index.offset(0)));
        }
        int selected = 0;
        for (int i = 0; i < pages; i++) {
            long end = i + 1 < pages ? index.firstRowIndex(i + 1) : rows;
            if (selection.overlaps(index.firstRowIndex(i), end)) {
                leafSpans.add(span(index.offset(i), index.offset(i) + index.compressedPageSize(i)));
                selected++;
            }
        }
        spans.addAll(leafSpans);
        return selected;
    }

    private static ReadAheadInputFile.Span span(long from, long to) {
        return new ReadAheadInputFile.Span(from, (int) Math.min(to - from, Integer.MAX_VALUE));
    }
}
