package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.runtimefilter.RuntimeFilterEvent;
import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The enumerator's side of runtime filters: applied, checkpointed, forwarded, pruning pending
 * splits.
 */
class PqxSplitEnumeratorRuntimeFilterTest {
    private static final long HOUR = 3_600_000L;

    @TempDir Path dir;

    private EnumeratorSettings settings(
            RowType type, List<String> partitionKeys, Predicate predicate) {
        return new EnumeratorSettings(
                new EnumeratorSettings.Files(
                        List.of(dir.toUri().toString()),
                        partitionKeys,
                        null,
                        "__DEFAULT_PARTITION__"),
                new EnumeratorSettings.Discovery(0, HOUR, false),
                new EnumeratorSettings.Planning(1, 2, 16),
                new EnumeratorSettings.Filtering(
                        type, predicate, StatisticsPruner.DEFAULT_IN_LIST_CAP, List.of(), 0.01));
    }

    /** ids 0..999 sorted, 10 row groups of 100: one split per row group at a 1-byte target. */
    private EnumeratorSettings sortedIds() throws IOException {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 100);
        return settings(
                TestingSourceFiles.ORDERS,
                List.of(),
                Predicates.and(Predicates.greaterOrEqual("id", 0L), Predicates.slot("ids", "id")));
    }

    private static List<Long> firstIds(List<RowGroupSplit> splits) {
        List<Long> out = new ArrayList<>();
        for (RowGroupSplit s : splits) {
            out.add(s.firstRowGroup() * 100L);
        }
        return out;
    }

    private static void drain(PqxSplitEnumerator e, TestingEnumeratorContext ctx) {
        for (int round = 0; round < 30; round++) {
            for (int r : List.copyOf(ctx.registeredReaders().keySet())) {
                e.handleSplitRequest(r, null);
            }
        }
    }

    @Test
    void aFilterIsForwardedToRegisteredReadersOnlyPrunesPendingSplitsAndIsAppliedOnce()
            throws Exception {
        EnumeratorSettings settings = sortedIds();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(3);
        ctx.registerReader(0);
        ctx.registerReader(1);
        RuntimeFilterEvent filter =
                TestingRuntimeFilters.longKeys("ids", "id", List.of(150L, 155L, 720L));
        PqxEnumeratorState state;
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            assertThat(e.snapshotState(1).pendingSplits()).hasSize(10);

            e.handleSourceEvent(0, filter);
            assertThat(ctx.events.keySet()).as("registered readers only").containsExactly(0, 1);
            assertThat(ctx.events.get(0)).containsExactly(filter);
            ctx.runAsync(); // the re-evaluation runs on the worker thread
            List<RowGroupSplit> pending = e.snapshotState(2).pendingSplits();
            // row groups 0 (ids 0-99), 8 and 9 (800-999) lie outside [150, 720]
            assertThat(firstIds(pending)).containsExactly(100L, 200L, 300L, 400L, 500L, 600L, 700L);
            assertThat(e.pruningMetrics().splitsPrunedByRuntimeFilter()).isEqualTo(3);
            assertThat(e.pruningMetrics().rowGroupsPrunedByRuntimeFilter()).isEqualTo(3);

            e.handleSourceEvent(
                    0, TestingRuntimeFilters.longKeys("ids", "id", List.of(150L, 155L, 720L)));
            ctx.runAsync();
            assertThat(ctx.events.get(0)).as("an equal filter is ignored").hasSize(1);
            assertThat(e.pruningMetrics().splitsPrunedByRuntimeFilter()).isEqualTo(3);

            ctx.registerReader(2);
            e.addReader(2);
            assertThat(ctx.events.get(2))
                    .as("re-sent to a reader that registers")
                    .containsExactly(filter);
            state = e.snapshotState(3);
            assertThat(state.runtimeFilters()).containsExactly(filter);
        }
        // after a restore: the filter is held, re-sent to readers that register, not applied twice
        byte[] bytes = PqxEnumeratorState.serializer().serialize(state);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        ctx2,
                        settings,
                        PqxEnumeratorState.serializer()
                                .deserialize(
                                        PqxEnumeratorState.serializer().getVersion(), bytes))) {
            e.start();
            ctx2.registerReader(0);
            e.addReader(0);
            assertThat(ctx2.events.get(0)).containsExactly(filter);
            e.handleSourceEvent(0, filter); // the publisher re-delivers after a global failover
            assertThat(ctx2.events.get(0)).hasSize(1);
            drain(e, ctx2);
            assertThat(firstIds(ctx2.allAssigned()))
                    .containsExactly(100L, 200L, 300L, 400L, 500L, 600L, 700L);
            assertThat(ctx2.noMoreSplits).containsExactly(0);
        }
    }

    @Test
    void anEmptyFilterDropsEveryPendingSplitAndABoundedSourceEnds() throws Exception {
        EnumeratorSettings settings = sortedIds();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            e.handleSplitRequest(0, null); // one split is assigned before the filter: it stays
            e.handleSourceEvent(
                    0, RuntimeFilterEvent.of("ids", RuntimeFilter.empty(ColumnRef.of("id"))));
            ctx.runAsync();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).hasSize(1);
            assertThat(ctx.noMoreSplits).containsExactly(0);
            assertThat(e.pruningMetrics().splitsPrunedByRuntimeFilter()).isEqualTo(9);
        }
    }

    @Test
    void aFilterForAnUnknownSlotOrAnotherColumnIsIgnored() throws Exception {
        EnumeratorSettings settings = sortedIds();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            e.handleSourceEvent(0, TestingRuntimeFilters.longKeys("other", "id", List.of(1L)));
            e.handleSourceEvent(0, TestingRuntimeFilters.longKeys("ids", "qty", List.of(1L)));
            e.handleSourceEvent(0, new SourceEvent() {});
            ctx.runAsync();
            assertThat(ctx.events).isEmpty();
            assertThat(e.snapshotState(1).runtimeFilters()).isEmpty();
            assertThat(e.snapshotState(1).pendingSplits()).hasSize(10);
        }
    }

    @Test
    void filesPlannedAfterTheFilterArrivedArePlannedWithIt() throws Exception {
        EnumeratorSettings settings = sortedIds();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            e.handleSourceEvent(
                    0, TestingRuntimeFilters.longKeys("ids", "id", List.of(420L, 450L)));
            ctx.runAsync();
            drain(e, ctx);
            assertThat(firstIds(ctx.allAssigned())).containsExactly(400L);
            assertThat(e.pruningMetrics().rowGroupsPrunedByRuntimeFilter()).isEqualTo(9);
            assertThat(e.pruningMetrics().rowGroupsPrunedByStatistics()).isZero();
        }
    }

    @Test
    void aSlotOnAPartitionColumnPrunesByPartitionValueAndNeverMakesRowGroupsAllMatch()
            throws Exception {
        TestingSourceFiles.writeOrders(dir.resolve("day=a/x.parquet"), 0, 100, 50);
        TestingSourceFiles.writeOrders(dir.resolve("day=b/y.parquet"), 100, 200, 50);
        List<RowType.RowField> fields = new ArrayList<>(TestingSourceFiles.ORDERS.getFields());
        fields.add(new RowType.RowField("day", new VarCharType(VarCharType.MAX_LENGTH)));
        EnumeratorSettings settings =
                settings(new RowType(fields), List.of("day"), Predicates.slot("days", "day"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            List<RowGroupSplit> planned = e.snapshotState(1).pendingSplits();
            assertThat(planned).hasSize(4).allMatch(s -> s.allMatchRowGroups().isEmpty());
            e.handleSourceEvent(
                    0,
                    RuntimeFilterEvent.of(
                            "days", RuntimeFilter.range(ColumnRef.of("day"), "b", "b")));
            ctx.runAsync();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).hasSize(2).allMatch(s -> s.path().contains("day=b"));
        }
    }
}
