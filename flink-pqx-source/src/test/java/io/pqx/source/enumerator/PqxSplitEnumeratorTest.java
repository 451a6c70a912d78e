package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.source.PqxSourceOptions;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.types.logical.RowType;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxSplitEnumeratorTest {
    private static final long MINUTE = 60_000L;
    private static final long HOUR = 60 * MINUTE;
    private static final long T0 = 1_700_000_000_000L;

    @TempDir Path dir;

    private EnumeratorSettings settings(long intervalMillis, long horizonMillis) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(dir.toUri().toString())),
                new EnumeratorSettings.Discovery(intervalMillis, horizonMillis, false),
                new EnumeratorSettings.Planning(1, 2, 16),
                EnumeratorSettings.Filtering.none(new RowType(List.of())));
    }

    /** A file of 2 row groups (so 2 splits at a 1-byte target) with this modification time. */
    private Path file(String name, long mtime) throws IOException {
        Path p = TestingSourceFiles.writeOrders(dir.resolve(name), 0, 20, 10);
        Files.setLastModifiedTime(p, FileTime.fromMillis(mtime));
        return p;
    }

    private static Set<String> files(List<RowGroupSplit> splits) {
        return splits.stream()
                .map(s -> s.path().substring(s.path().lastIndexOf('/') + 1))
                .collect(Collectors.toSet());
    }

    /** Lets every registered reader ask until a round assigns nothing more. */
    private static void drain(PqxSplitEnumerator e, TestingEnumeratorContext ctx) {
        int before;
        do {
            before = ctx.allAssigned().size();
            for (int r : ctx.registeredReaders().keySet()) {
                e.handleSplitRequest(r, null);
            }
        } while (ctx.allAssigned().size() > before);
    }

    @Test
    void boundedListsOnceOffTheCallerAssignsOnRequestThenSignalsTheEnd() throws IOException {
        file("a.parquet", T0);
        file("b.parquet", T0);
        file(".c.parquet.inprogress.1", T0);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(2);
        ctx.registerReader(0);
        ctx.registerReader(1);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, HOUR), null)) {
            e.start();
            e.handleSplitRequest(0, null);
            e.handleSplitRequest(1, null);
            assertThat(ctx.assigned).as("nothing before the async discovery ran").isEmpty();
            assertThat(ctx.noMoreSplits).isEmpty();
            ctx.runAsync();
            assertThat(ctx.assigned.keySet()).containsExactly(0, 1);
            drain(e, ctx);
            List<RowGroupSplit> all = ctx.allAssigned();
            assertThat(all).hasSize(4).doesNotHaveDuplicates();
            assertThat(files(all)).containsExactlyInAnyOrder("a.parquet", "b.parquet");
            assertThat(ctx.noMoreSplits).containsExactly(0, 1);
            assertThat(ctx.periodicCalls).isZero();
        }
    }

    @Test
    void splitsGivenBackAreAssignedAgainAndABoundedRestoreDoesNotListAgain() throws Exception {
        file("a.parquet", T0);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        PqxEnumeratorState state;
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, HOUR), null)) {
            e.start();
            ctx.runAsync();
            e.handleSplitRequest(0, null);
            RowGroupSplit first = ctx.allAssigned().get(0);
            e.addSplitsBack(List.of(first.at(first.firstRowGroup(), 3)), 0);
            state = e.snapshotState(1);
            assertThat(state.initialDiscoveryDone()).isTrue();
            assertThat(state.pendingSplits()).hasSize(2);
            assertThat(state.pendingSplits().get(0).nextRow()).isEqualTo(3);
        }
        file("b.parquet", T0); // appears after the bounded listing: not read by a restore
        byte[] bytes = PqxEnumeratorState.serializer().serialize(state);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        ctx2,
                        settings(0, HOUR),
                        PqxEnumeratorState.serializer()
                                .deserialize(
                                        PqxEnumeratorState.serializer().getVersion(), bytes))) {
            e.start();
            ctx2.runAsync();
            drain(e, ctx2);
            assertThat(ctx2.allAssigned()).isEqualTo(state.pendingSplits());
            assertThat(ctx2.noMoreSplits).containsExactly(0);
        }
    }

    @Test
    void continuousReadsNewFilesOnceIncludingLateOnesWithOldModificationTimes() throws Exception {
        file("a.parquet", T0);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        PqxEnumeratorState state;
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(1000, HOUR), null)) {
            e.start();
            assertThat(ctx.periodicCalls).isEqualTo(1);
            ctx.runAsync();
            drain(e, ctx);
            assertThat(files(ctx.allAssigned())).containsExactly("a.parquet");
            assertThat(ctx.noMoreSplits).as("a continuous source never ends").isEmpty();

            file("b.parquet", T0 + 2 * HOUR);
            ctx.runAsync();
            drain(e, ctx);
            // renamed late by a sink: its modification time is 50 minutes before the newest file's
            file("late.parquet", T0 + 2 * HOUR - 50 * MINUTE);
            ctx.runAsync();
            ctx.runAsync();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).hasSize(6).doesNotHaveDuplicates();
            assertThat(files(ctx.allAssigned()))
                    .containsExactlyInAnyOrder("a.parquet", "b.parquet", "late.parquet");
            state = e.snapshotState(7);
            // a.parquet is below the horizon: forgotten, and still not read again
            assertThat(state.seenFiles())
                    .extracting(f -> f.path().substring(f.path().lastIndexOf('/') + 1))
                    .containsExactlyInAnyOrder("b.parquet", "late.parquet");
        }
        // after a restore: nothing is read twice, and a file appearing late is read
        file("late2.parquet", T0 + 2 * HOUR - 10 * MINUTE);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        ctx2,
                        settings(1000, HOUR),
                        PqxEnumeratorState.serializer()
                                .deserialize(
                                        PqxEnumeratorState.serializer().getVersion(),
                                        PqxEnumeratorState.serializer().serialize(state)))) {
            e.start();
            ctx2.runAsync();
            drain(e, ctx2);
            assertThat(files(ctx2.allAssigned())).containsExactly("late2.parquet");
            assertThat(ctx2.allAssigned()).hasSize(2);
        }
    }

    @Test
    void theStateStaysBoundedOnALongRunningContinuousSource() throws Exception {
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(ctx, settings(1000, 10 * MINUTE), null)) {
            e.start();
            int maxSeen = 0;
            for (int i = 0; i < 60; i++) {
                file("f" + i + ".parquet", T0 + i * MINUTE);
                ctx.runAsync();
                drain(e, ctx);
                maxSeen = Math.max(maxSeen, e.snapshotState(i).seenFiles().size());
            }
            assertThat(ctx.allAssigned()).hasSize(120).doesNotHaveDuplicates();
            assertThat(maxSeen).isLessThanOrEqualTo(11);
            assertThat(e.snapshotState(99).pendingSplits()).isEmpty();
        }
    }

    /** A file of one row group (one split) with this modification time. */
    private Path small(String name, long mtime) throws IOException {
        Path p = TestingSourceFiles.writeOrders(dir.resolve(name), 0, 3, 10);
        Files.setLastModifiedTime(p, FileTime.fromMillis(mtime));
        return p;
    }

    private EnumeratorSettings continuous(long horizonMillis, boolean failOnLateFiles) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(dir.toUri().toString())),
                new EnumeratorSettings.Discovery(1000, horizonMillis, failOnLateFiles),
                new EnumeratorSettings.Planning(1, 2, 16),
                EnumeratorSettings.Filtering.none(new RowType(List.of())));
    }

    private static List<String> paths(List<RowGroupSplit> splits) {
        return splits.stream().map(s -> s.path().substring(s.path().indexOf(":") + 1)).toList();
    }

    @Test
    void theFirstListingReadsEveryFileHoweverFarApartTheirTimesAndWhateverTheNameOrder()
            throws Exception {
        // partitions k=0..4, 200 files 3.6 s apart over 12 minutes, dealt round-robin over the
        // partitions, and a horizon of one minute: name order is not time order
        Set<String> written = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            written.add(
                    small("k=" + (i % 5) + "/part-" + i + ".parquet", T0 + i * 3_600L).toString());
        }
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, continuous(MINUTE, true), null)) {
            e.start();
            ctx.runAsync();
            drain(e, ctx);
            ctx.runAsync();
            drain(e, ctx);
            assertThat(ctx.allAssigned()).hasSize(200).doesNotHaveDuplicates();
            assertThat(new HashSet<>(paths(ctx.allAssigned()))).isEqualTo(written);
            assertThat(e.discoveryMetrics().skippedAsLate.getCount()).isZero();
        }
    }

    @Test
    void thousandsOfFilesOverManyHorizonsInSeveralLayoutsAreEachReadOnceAcrossRestores()
            throws Exception {
        Random random = new Random(20261204L);
        long horizon = 10 * MINUTE;
        List<String> names = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        // three layouts, times spread over 40 horizons independently of the names
        for (int i = 0; i < 700; i++) {
            names.add(
                    "region="
                            + (char) ('a' + random.nextInt(6))
                            + "/bucket="
                            + random.nextInt(4)
                            + "/part-"
                            + UUID.randomUUID()
                            + ".parquet");
            names.add("part-" + UUID.randomUUID() + "-" + i + ".parquet");
            names.add("day=" + (30 - i % 30) + "/f" + i + ".parquet");
        }
        for (int i = 0; i < names.size(); i++) {
            times.add(T0 + (long) (random.nextDouble() * 400 * MINUTE));
        }
        // the first 1,500 are there before the job starts; the rest arrive in batches, each
        // newer than everything before it (so none is late)
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < 1500; i++) {
            expected.add(small(names.get(i), times.get(i)).toString());
        }
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        List<RowGroupSplit> read = new ArrayList<>();
        PqxEnumeratorState state;
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, continuous(horizon, true), null)) {
            e.start();
            ctx.runAsyncUntilIdle();
            drain(e, ctx);
            state = e.snapshotState(1);
            read.addAll(ctx.allAssigned());
            assertThat(read).hasSize(1500);
            assertThat(state.seenFiles().size()).as("bounded by one horizon").isLessThan(200);
        }
        long newest =
                times.subList(0, 1500).stream().mapToLong(Long::longValue).max().orElseThrow();
        // restored, then the remaining 600 files appear in 4 batches, each spread over a horizon
        // above everything before it, in a random name order within the listing
        byte[] bytes = PqxEnumeratorState.serializer().serialize(state);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        ctx2,
                        continuous(horizon, true),
                        PqxEnumeratorState.serializer()
                                .deserialize(
                                        PqxEnumeratorState.serializer().getVersion(), bytes))) {
            e.start();
            ctx2.runAsyncUntilIdle();
            drain(e, ctx2);
            assertThat(ctx2.allAssigned()).as("nothing is read twice after the restore").isEmpty();
            for (int batch = 0; batch < 4; batch++) {
                long base = newest + 1 + batch * horizon;
                for (int i = 1500 + batch * 150; i < 1650 + batch * 150; i++) {
                    expected.add(
                            small(names.get(i), base + random.nextInt((int) horizon)).toString());
                }
                ctx2.runAsyncUntilIdle();
                drain(e, ctx2);
            }
            read.addAll(ctx2.allAssigned());
            assertThat(e.discoveryMetrics().skippedAsLate.getCount()).isZero();
            assertThat(e.discoveryMetrics().takenAsReadAtRestore.getCount())
                    .as("the forgotten files of the first listing")
                    .isGreaterThan(1000);
        }
        assertThat(read).hasSize(2100).doesNotHaveDuplicates();
        assertThat(new HashSet<>(paths(read))).isEqualTo(expected);
    }

    @Test
    void aLateFileIsCountedAndSkippedOrFailsTheJobWithoutRestart() throws Exception {
        small("k=1/a.parquet", T0 + 3 * HOUR);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, continuous(HOUR, false), null)) {
            e.start();
            ctx.runAsync();
            drain(e, ctx);
            small("k=0/late.parquet", T0);
            ctx.runAsync();
            drain(e, ctx);
            ctx.runAsync();
            assertThat(paths(ctx.allAssigned())).hasSize(1).allMatch(p -> p.endsWith("a.parquet"));
            assertThat(e.discoveryMetrics().skippedAsLate.getCount())
                    .as("counted once")
                    .isEqualTo(1);
        }
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        Files.delete(dir.resolve("k=0/late.parquet"));
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx2, continuous(HOUR, true), null)) {
            e.start();
            ctx2.runAsync();
            small("k=0/late.parquet", T0);
            Throwable failure = Assertions.catchThrowable(ctx2::runAsync);
            assertThat(failure).isInstanceOf(SuppressRestartsException.class);
            assertThat(failure.getCause())
                    .hasMessageContaining("late.parquet")
                    .hasMessageContaining("source.discovery.late-files = FAIL")
                    .hasMessageContaining("A restart would not read it either");
        }
    }

    @Test
    void theOptionKeysNamedInMessagesAreTheOptions() {
        assertThat(LateFileReport.HORIZON_KEY).isEqualTo(PqxSourceOptions.DISCOVERY_HORIZON.key());
        assertThat(LateFileReport.LATE_FILES_KEY)
                .isEqualTo(PqxSourceOptions.DISCOVERY_LATE_FILES.key());
    }

    @Test
    void aFooterThatCannotBeReadFailsDiscoveryNamingTheFile() throws IOException {
        Files.write(
                dir.resolve("broken.parquet"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, HOUR), null)) {
            e.start();
            assertThatThrownBy(ctx::runAsync)
                    .hasMessageContaining("Cannot discover the files of pqx source")
                    .hasMessageContaining("broken.parquet");
        }
    }
}
