package io.pqx.source.enumerator;

import static io.pqx.source.enumerator.TestingEventFiles.TS;
import static io.pqx.source.enumerator.TestingEventFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.eventtime.WatermarkColumn;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With a watermark column the enumerator hands splits out in ascending order of their least event
 * time still to come (splits without event times first): a bounded source only once its whole
 * listing is planned, a continuous one as each listing's files are planned; the order survives a
 * restore from the checkpointed state.
 */
class EventTimeOrderingTest {
    private static final long T0 = 1_700_000_000_000L;

    @TempDir Path dir;

    /** A 1-byte split target (a split per row group), one file per planning batch. */
    private EnumeratorSettings settings(
            long intervalMillis, int batchFiles, int maxPending, @Nullable WatermarkColumn column) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(dir.toUri().toString())),
                new EnumeratorSettings.Discovery(intervalMillis, 60 * 60_000L, false),
                new EnumeratorSettings.Planning(1, 2, 16, batchFiles, maxPending),
                EnumeratorSettings.Filtering.none(TestingEventFiles.EVENTS),
                column);
    }

    /** Five files of two row groups; {@code c} without statistics, {@code e} all in the past. */
    private void historyFiles() throws IOException {
        write(dir.resolve("a.parquet"), T0, true, new long[] {300, 310}, new long[] {320, 900});
        write(dir.resolve("b.parquet"), T0, true, new long[] {100, 150}, new long[] {500, 501});
        write(dir.resolve("c.parquet"), T0, false, new long[] {50, 60}, new long[] {70, 80});
        write(dir.resolve("d.parquet"), T0, true, new long[] {200, 250}, new long[] {-50, 7});
        write(dir.resolve("e.parquet"), T0, true, new long[] {300, 300}, new long[] {100, 400});
    }

    /** Every reader asks until a round assigns nothing more. */
    private static void drain(PqxSplitEnumerator e, TestingEnumeratorContext ctx) {
        int before;
        do {
            before = ctx.assignedInOrder.size();
            for (int r : ctx.registeredReaders().keySet()) {
                e.handleSplitRequest(r, null);
            }
        } while (ctx.assignedInOrder.size() > before);
    }

    private static List<String> names(List<RowGroupSplit> splits) {
        return splits.stream().map(TestingEventFiles::name).toList();
    }

    /** The history's splits in event-time order: c's (no times) first, ties in listing order. */
    private static final List<String> HISTORY_IN_ORDER =
            List.of(
                    "c.parquet#0",
                    "c.parquet#1", // no event times
                    "d.parquet#1", // -50
                    "b.parquet#0", // 100
                    "e.parquet#1", // 100, listed after b
                    "d.parquet#0", // 200
                    "a.parquet#0", // 300
                    "e.parquet#0", // 300
                    "a.parquet#1", // 320
                    "b.parquet#1"); // 500

    @Test
    void boundedHandsOutNoSplitBeforeTheListingIsPlannedThenInEventTimeOrder() throws Exception {
        historyFiles();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(2);
        ctx.registerReader(0);
        ctx.registerReader(1);
        // one file per batch and a pending bound of 1: planning goes on past the bound
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 1, 1, TS), null)) {
            e.start();
            e.handleSplitRequest(0, null);
            e.handleSplitRequest(1, null);
            for (int batch = 1; batch <= 5; batch++) {
                assertThat(ctx.assignedInOrder).as("assigned before batch %d", batch).isEmpty();
                assertThat(ctx.noMoreSplits).isEmpty();
                ctx.runAsync();
                drain(e, ctx);
            }
            assertThat(e.snapshotState(1).unplannedFiles()).isEmpty();
            drain(e, ctx);
            assertThat(names(ctx.assignedInOrder)).containsExactlyElementsOf(HISTORY_IN_ORDER);
            assertThat(ctx.noMoreSplits).containsExactly(0, 1);
            assertThat(e.eventTimeMetrics().splitsWithout.getCount()).isEqualTo(2);
            assertThat(e.eventTimeMetrics().filesWithout.getCount()).isEqualTo(1);
            assertThat(ctx.assignedInOrder.get(0).eventTimes()).isEmpty();
            assertThat(ctx.assignedInOrder.get(2).eventTimes())
                    .hasValueSatisfying(t -> assertThat(t.least()).isEqualTo(-50L));
        }
    }

    @Test
    void withoutAWatermarkColumnTheFirstBatchIsHandedOutInDiscoveryOrder() throws Exception {
        historyFiles();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 1, 100, null), null)) {
            e.start();
            e.handleSplitRequest(0, null);
            ctx.runAsync();
            assertThat(names(ctx.assignedInOrder)).containsExactly("a.parquet#0");
            assertThat(ctx.assignedInOrder.get(0).eventTimes()).isEmpty();
            assertThat(e.eventTimeMetrics().splitsWithout.getCount()).isZero();
        }
    }

    @Test
    void theOrderSurvivesARestoreFromTheCheckpointedState() throws Exception {
        historyFiles();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        byte[] checkpoint;
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 2, 100, TS), null)) {
            e.start();
            ctx.runAsyncUntilIdle();
            for (int i = 0; i < 3; i++) {
                e.handleSplitRequest(0, null);
            }
            PqxEnumeratorState state = e.snapshotState(1);
            assertThat(names(state.pendingSplits()))
                    .containsExactlyElementsOf(HISTORY_IN_ORDER.subList(3, 10));
            checkpoint = PqxEnumeratorState.serializer().serialize(state);
        }
        PqxEnumeratorState restored =
                PqxEnumeratorState.serializer()
                        .deserialize(PqxEnumeratorState.serializer().getVersion(), checkpoint);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(ctx2, settings(0, 2, 100, TS), restored)) {
            e.start();
            // the failed reader gives back d#1 (at -50), assigned after the checkpoint
            RowGroupSplit back = ctx.assignedInOrder.get(2);
            assertThat(back.leastEventTimeToCome()).hasValue(-50L);
            e.addSplitsBack(List.of(back), 0);
            drain(e, ctx2);
            assertThat(names(ctx2.assignedInOrder))
                    .containsExactly(
                            "d.parquet#1",
                            "b.parquet#0",
                            "e.parquet#1",
                            "d.parquet#0",
                            "a.parquet#0",
                            "e.parquet#0",
                            "a.parquet#1",
                            "b.parquet#1");
        }
    }

    @Test
    void continuousHandsOutANewFileWithEarlierTimesBeforePendingLaterOnes() throws Exception {
        write(dir.resolve("a.parquet"), T0, true, new long[] {1000, 1001}, new long[] {1100, 1101});
        write(dir.resolve("b.parquet"), T0, true, new long[] {2000, 2001}, new long[] {2100, 2101});
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(1000, 1, 100, TS), null)) {
            e.start();
            ctx.runAsync(); // the listing and the first batch (a): handed out as planned
            e.handleSplitRequest(0, null);
            assertThat(names(ctx.assignedInOrder)).containsExactly("a.parquet#0");
            ctx.runAsyncUntilIdle(); // b planned
            write(
                    dir.resolve("z.parquet"),
                    T0 + 60_000,
                    true,
                    new long[] {500, 501},
                    new long[] {600, 601});
            ctx.runAsyncUntilIdle(); // the next listing finds z
            for (int i = 0; i < 5; i++) {
                e.handleSplitRequest(0, null);
            }
            assertThat(names(ctx.assignedInOrder))
                    .containsExactly(
                            "a.parquet#0",
                            "z.parquet#0",
                            "z.parquet#1",
                            "a.parquet#1",
                            "b.parquet#0",
                            "b.parquet#1");
        }
    }
}
