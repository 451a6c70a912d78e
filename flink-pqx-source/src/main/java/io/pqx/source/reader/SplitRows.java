package io.pqx.source.reader;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.source.split.RowGroupSplit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The row counts of the row groups of each split a reader has opened, known from the file's footer
 * once the fetcher opens it: what {@link PendingRecords} needs to count the rows of a split after a
 * position. Written by the fetcher thread, read by the metric reporter, removed by the task thread
 * when the split finishes; thread-safe.
 */
final class SplitRows {
    /** Per split id: its first row group and the row counts of its row groups from there. */
    private final Map<String, Counts> bySplit = new ConcurrentHashMap<>();

    private record Counts(int firstRowGroup, long[] rows) {}

    /** Records the row counts of {@code split}, whose file's footer is {@code metadata}. */
    void opened(RowGroupSplit split, FileMetadataView metadata) {
        int first = split.firstRowGroup();
        long[] rows = new long[split.lastRowGroup() - first + 1];
        for (int g = first; g <= split.lastRowGroup(); g++) {
            rows[g - first] = metadata.rowGroup(g).numRows();
        }
        bySplit.put(split.splitId(), new Counts(first, rows));
    }

    void finished(String splitId) {
        bySplit.remove(splitId);
    }

    /**
     * Rows of the split from row {@code nextRow} of row group {@code nextRowGroup} to its end; -1
     * when the split's row counts are not known (not opened yet).
     */
    long remaining(String splitId, int nextRowGroup, long nextRow) {
        Counts counts = bySplit.get(splitId);
        if (counts == null) {
            return -1;
        }
        long remaining = 0;
        for (int i = Math.max(0, nextRowGroup - counts.firstRowGroup());
                i < counts.rows().length;
                i++) {
            remaining += counts.rows()[i];
        }
        if (nextRowGroup >= counts.firstRowGroup()
                && nextRowGroup - counts.firstRowGroup() < counts.rows().length) {
            remaining -= Math.min(nextRow, counts.rows()[nextRowGroup - counts.firstRowGroup()]);
        }
        return remaining;
    }
}
