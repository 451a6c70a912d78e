package io.pqx.source.assigner;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.SplitEventTimes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PendingSplitsTest {
    /** A split of {@code name}'s row groups, with these least event times (none: null). */
    private static RowGroupSplit split(String name, long... times) {
        int groups = times.length == 0 ? 1 : times.length;
        RowGroupSplit split =
                RowGroupSplit.of("file:/t/" + name, 100, 1, Map.of(), 0, groups - 1, List.of());
        return times.length == 0 ? split : split.withEventTimes(SplitEventTimes.of(times));
    }

    private static List<String> drain(PendingSplits pending) {
        List<String> out = new ArrayList<>();
        while (true) {
            var next = pending.next();
            if (next.isEmpty()) {
                return out;
            }
            out.add(
                    next.get().path().substring("file:/t/".length())
                            + "@"
                            + next.get().nextRowGroup());
        }
    }

    private static PendingSplits ordered() {
        return PendingSplits.inEventTimeOrder(bytes -> {});
    }

    @Test
    void discoveryOrderIsFirstInFirstOutWithSplitsGivenBackFirst() {
        PendingSplits pending = new PendingSplits();
        pending.addAll(List.of(split("a", 30), split("b", 10), split("c")));
        pending.addBack(List.of(split("x", 50), split("y", 40)));
        pending.addBack(List.of(split("z", 99)));
        assertThat(pending.byEventTime()).isFalse();
        assertThat(pending.snapshot())
                .extracting(s -> s.path().substring(8))
                .containsExactly("z", "x", "y", "a", "b", "c");
        assertThat(drain(pending)).containsExactly("z@0", "x@0", "y@0", "a@0", "b@0", "c@0");
    }

    @Test
    void eventTimeOrderIsAscendingWithoutTimesFirstAndTiesInTheOrderAdded() {
        PendingSplits pending = ordered();
        pending.addAll(List.of(split("a", 30), split("b", 10, 40), split("c"), split("d", 10)));
        pending.addAll(List.of(split("e", 5), split("f"), split("g", Long.MAX_VALUE)));
        assertThat(drain(pending)).containsExactly("c@0", "f@0", "e@0", "b@0", "d@0", "a@0", "g@0");
    }

    @Test
    void aSplitGivenBackTakesItsPlaceByTheTimesStillToComeBeforeItsTies() {
        PendingSplits pending = ordered();
        pending.addAll(List.of(split("a", 10), split("b", 20), split("c", 30)));
        // read up to its second row group: what is still to come starts at 20
        RowGroupSplit half = split("x", 5, 20, 25).at(1, 0);
        pending.addBack(List.of(half, split("y", 30)));
        assertThat(drain(pending)).containsExactly("a@0", "x@1", "b@0", "y@0", "c@0");
    }

    @Test
    void theOrderSurvivesASnapshotRestoredIntoNewPendingSplits() {
        PendingSplits pending = ordered();
        pending.addAll(List.of(split("a", 30), split("b", 10), split("c"), split("d", 10)));
        pending.addBack(List.of(split("e", 10), split("f")));
        List<RowGroupSplit> snapshot = pending.snapshot();
        assertThat(snapshot)
                .extracting(s -> s.path().substring(8))
                .containsExactly("f", "c", "e", "b", "d", "a");
        PendingSplits restored = ordered();
        restored.addAll(snapshot);
        assertThat(drain(restored)).isEqualTo(drain(pending));
    }

    @Test
    void removedSplitsReleaseTheirFooterTailsAndLeaveTheOrder() {
        long[] released = new long[1];
        PendingSplits pending = PendingSplits.inEventTimeOrder(b -> released[0] += b);
        RowGroupSplit a = split("a", 30);
        RowGroupSplit b = split("b", 10);
        pending.addAll(List.of(a, b, split("c", 20)));
        assertThat(pending.remove(Set.of(b.splitId()))).containsExactly(b);
        assertThat(pending.size()).isEqualTo(2);
        assertThat(drain(pending)).containsExactly("c@0", "a@0");
        assertThat(pending.isEmpty()).isTrue();
        assertThat(released[0]).isZero();
    }
}
