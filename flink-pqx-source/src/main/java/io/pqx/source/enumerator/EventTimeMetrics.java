package io.pqx.source.enumerator;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

/**
 * The event-time ordering's counters, in the enumerator's metric group (0 for a source without a
 * watermark column). Updated on the coordinator thread only.
 */
final class EventTimeMetrics {
    /**
     * Splits planned without event times although the source has a watermark column: a row group of
     * theirs has no trusted statistics of the column. They are handed out first, and a reader holds
     * its watermark back while it holds one.
     */
    static final String SPLITS_WITHOUT_EVENT_TIMES = "pqxSplitsWithoutEventTimes";

    /** Files with such splits (each logged once, with the reason). */
    static final String FILES_WITHOUT_EVENT_TIMES = "pqxFilesWithoutEventTimes";

    final Counter splitsWithout;
    final Counter filesWithout;

    private EventTimeMetrics(Counter splitsWithout, Counter filesWithout) {
        this.splitsWithout = splitsWithout;
        this.filesWithout = filesWithout;
    }

    static EventTimeMetrics register(MetricGroup group) {
        return new EventTimeMetrics(
                group.counter(SPLITS_WITHOUT_EVENT_TIMES),
                group.counter(FILES_WITHOUT_EVENT_TIMES));
    }
}
