package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SourceReaderOptions;
import org.junit.jupiter.api.Test;

class FetchQueueCapacityTest {

    @Test
    void flinksDefaultQueueIsRaisedToTheMinimum() {
        Configuration user = new Configuration();

        Configuration used = FetchQueueCapacity.atLeastMinimum(user);

        assertThat(new SourceReaderOptions(used).elementQueueCapacity)
                .isEqualTo(FetchQueueCapacity.MINIMUM);
        assertThat(user.contains(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY))
                .as("the user's configuration is not changed")
                .isFalse();
    }

    @Test
    void aSmallerCapacityAskedForIsRaisedAndALargerOneKept() {
        Configuration small = new Configuration();
        small.set(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY, 1);
        Configuration large = new Configuration();
        large.set(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY, 64);

        assertThat(
                        new SourceReaderOptions(FetchQueueCapacity.atLeastMinimum(small))
                                .elementQueueCapacity)
                .isEqualTo(FetchQueueCapacity.MINIMUM);
        assertThat(FetchQueueCapacity.atLeastMinimum(large)).isSameAs(large);
    }

    @Test
    void theMinimumLeavesRoomForTheGatedBatchesAndTheirHandOvers() {
        // two decoded batches at most (decode-ahead), each followed by a finished-split hand-over,
        // and a wake-up's empty hand-over: the queue must never be full when the fetcher stops
        assertThat(FetchQueueCapacity.MINIMUM).isGreaterThan(2 * 2 + 1);
    }
}
