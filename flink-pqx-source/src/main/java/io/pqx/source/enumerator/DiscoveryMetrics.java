package io.pqx.source.enumerator;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * The continuous discovery's counters and gauges, in the enumerator's metric group. Updated on the
 * coordinator thread only.
 */
final class DiscoveryMetrics {
    /** Files not read because they first appeared more than a horizon late. */
    static final String FILES_SKIPPED_AS_LATE = "pqxFilesSkippedAsLate";

    /**
     * Files below the threshold in the first listing after a restore, taken as read before the
     * checkpoint (a file that appeared late while the job was down is counted here; a file the
     * restored state still queues for planning is not: it is read).
     */
    static final String FILES_TAKEN_AS_READ_AT_RESTORE = "pqxFilesTakenAsReadAtRestore";

    /** The paths the checkpointed state remembers (the files within one horizon). */
    static final String SEEN_FILES_REMEMBERED = "pqxSeenFilesRemembered";

    final Counter skippedAsLate;
    final Counter takenAsReadAtRestore;

    private DiscoveryMetrics(Counter skippedAsLate, Counter takenAsReadAtRestore) {
        this.skippedAsLate = skippedAsLate;
        this.takenAsReadAtRestore = takenAsReadAtRestore;
    }

    static DiscoveryMetrics register(MetricGroup group, SeenFiles seen) {
        Counter late = group.counter(FILES_SKIPPED_AS_LATE);
        Counter taken = group.counter(FILES_TAKEN_AS_READ_AT_RESTORE);
        group.gauge(SEEN_FILES_REMEMBERED, (Gauge<Integer>) seen::size);
        return new DiscoveryMetrics(late, taken);
    }
}
