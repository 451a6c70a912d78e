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
 */
final class SelectedPageSpans {
    private SelectedPageSpans() {}

    /**
     * The spans of {@code leaves} for {@code selection} of {@code group}; empty when the selection
     * covers the whole row group (a full read needs no page index).
     */
    static List<ReadAheadInputFile.Span> of(
            RowGroupView group,
            Collection<Integer> leaves,
            RowGroupPageIndexes known,
            RowSelection selection) {
        List<ReadAheadInputFile.Span> spans = new ArrayList<>();
        long rows = group.numRows();
        if (selection.coversAll(rows)) {
            return spans;
        }
        for (int leaf : leaves) {
            Optional<OffsetIndexView> index = known.offsetIndex(leaf);
            if (index.isEmpty() || leaf >= group.columns().size()) {
                continue;
            }
            addLeaf(group.columns().get(leaf), index.get(), selection, rows, spans);
        }
        return spans;
    }

    private static void addLeaf(
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
                return; // not an index of this chunk: the loader refuses it, naming the file
            }
        }
        List<ReadAheadInputFile.Span> leafSpans = new ArrayList<>();
        if (pages > 0 && index.offset(0) > chunkStart) {
            leafSpans.add(span(chunkStart, index.offset(0)));
        }
        for (int i = 0; i < pages; i++) {
            long end = i + 1 < pages ? index.firstRowIndex(i + 1) : rows;
            if (selection.overlaps(index.firstRowIndex(i), end)) {
                leafSpans.add(span(index.offset(i), index.offset(i) + index.compressedPageSize(i)));
            }
        }
        spans.addAll(leafSpans);
    }

    private static ReadAheadInputFile.Span span(long from, long to) {
        return new ReadAheadInputFile.Span(from, (int) Math.min(to - from, Integer.MAX_VALUE));
    }
}
