package io.pqx.source.reader;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SourceReaderOptions;

/**
 * The capacity of the queue between pqx's fetcher thread and the task thread: never below {@value
 * #MINIMUM}, whatever {@code source.reader.element.queue.capacity} says.
 *
 * <p>Why: when Flink's split fetcher goes idle (its splits finished) it is shut down, and its last
 * act is to put an empty synchronization batch into this queue and wait for the task thread to
 * recycle it. If the queue is full at that moment and the fetcher still holds a wake-up flag from
 * an earlier put it gave up (splits were added while it waited for room), Flink's queue refuses the
 * batch without enqueueing it, the fetcher waits for ever, and the task's end waits for the
 * fetchers' close timeout (30 s by default) before it goes on. A bounded job reading many small
 * splits with two readers met it at its end. pqx's fetcher never has more than its two decoded
 * batches in the queue ({@link BatchGate}) plus a few finished-split and empty hand-overs, so a
 * queue of {@value #MINIMUM} is never full when it shuts down; the elements are references to those
 * batches, so the larger queue holds no more data.
 */
final class FetchQueueCapacity {
    /** Room for two gated batches and the hand-overs a fetcher can add before it blocks. */
    static final int MINIMUM = 16;

    private FetchQueueCapacity() {}

    /** {@code configuration}, or a copy of it whose queue capacity is at least {@link #MINIMUM}. */
    static Configuration atLeastMinimum(Configuration configuration) {
        int configured = configuration.get(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY);
        if (configured >= MINIMUM) {
            return configuration;
        }
        Configuration copy = new Configuration(configuration);
        copy.set(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY, MINIMUM);
        return copy;
    }
}
