package io.pqx.source.reader;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.metrics.Gauge;

/**
 * Flink's standard {@code pendingRecords} gauge of a source reader (FLIP-33): the rows of its
 * splits after the last row emitted from each, for the splits whose row counts are known ({@link
 * SplitRows}: from the footer, once the fetcher opened the file; a reader holds one split at a
 * time, asking for the next when it finishes, so this is its whole backlog but for a split just
 * assigned). Rows a filter drops count until a later row is emitted. The positions are read without
 * synchronization from the reporter thread: a value may lag the task thread by a few rows. Splits
 * are added and removed by the task thread; thread-safe.
 */
final class PendingRecords implements Gauge<Long> {
    private final SplitRows rows;
    private final Map<String, RowGroupSplitState> states = new ConcurrentHashMap<>();

    PendingRecords(SplitRows rows) {
        this.rows = rows;
    }

    void added(String splitId, RowGroupSplitState state) {
        states.put(splitId, state);
    }

    void finished(String splitId) {
        states.remove(splitId);
        rows.finished(splitId);
    }

    @Override
    public Long getValue() {
        long pending = 0;
        for (Map.Entry<String, RowGroupSplitState> e : states.entrySet()) {
            long remaining =
                    rows.remaining(e.getKey(), e.getValue().nextRowGroup(), e.getValue().nextRow());
            if (remaining > 0) {
                pending += remaining;
            }
        }
        return pending;
    }
}
