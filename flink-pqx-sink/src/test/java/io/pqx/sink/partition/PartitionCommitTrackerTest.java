package io.pqx.sink.partition;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.options.PartitionCommitTrigger;
import org.junit.jupiter.api.Test;

class PartitionCommitTrackerTest {
    @Test
    void processTimeCompletesAPartitionDelayAfterItsLastCommit() {
        PartitionCommitTracker tracker =
                new PartitionCommitTracker(PartitionCommitTrigger.PROCESS_TIME, 100);
        tracker.committed("p=a", 1_000, Long.MIN_VALUE);
        tracker.committed("p=b", 1_050, Long.MIN_VALUE);
        assertThat(tracker.complete(1_099, Long.MIN_VALUE, false)).isEmpty();
        assertThat(tracker.complete(1_100, Long.MIN_VALUE, false)).containsExactly("p=a");
        tracker.committed("p=b", 1_120, Long.MIN_VALUE);
        assertThat(tracker.complete(1_200, Long.MIN_VALUE, false)).isEmpty();
        assertThat(tracker.complete(1_220, Long.MIN_VALUE, false)).containsExactly("p=b");
        assertThat(tracker.complete(9_999, Long.MIN_VALUE, false)).isEmpty();
    }

    @Test
    void watermarkCompletesAPartitionOnceItPassesItsRowsPlusDelay() {
        PartitionCommitTracker tracker =
                new PartitionCommitTracker(PartitionCommitTrigger.WATERMARK, 10);
        tracker.committed("p=a", 0, 500);
        tracker.committed("p=b", 0, 700);
        tracker.committed("p=c", 0, Long.MIN_VALUE);
        assertThat(tracker.complete(0, 509, false)).isEmpty();
        assertThat(tracker.complete(0, 510, false)).containsExactly("p=a");
        assertThat(tracker.complete(0, Long.MAX_VALUE, false)).containsExactly("p=b");
        assertThat(tracker.complete(0, Long.MAX_VALUE, true)).containsExactly("p=c");
    }

    @Test
    void snapshotAndRestoreKeepPendingPartitions() {
        PartitionCommitTracker tracker =
                new PartitionCommitTracker(PartitionCommitTrigger.PROCESS_TIME, 100);
        tracker.committed("p=a", 1_000, 5);
        PartitionCommitTracker restored =
                new PartitionCommitTracker(PartitionCommitTrigger.PROCESS_TIME, 100);
        tracker.snapshot().forEach((p, v) -> restored.restore(p, v[0], v[1]));
        assertThat(restored.complete(1_050, Long.MIN_VALUE, false)).isEmpty();
        assertThat(restored.complete(1_100, Long.MIN_VALUE, false)).containsExactly("p=a");
    }
}
