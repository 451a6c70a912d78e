package io.pqx.source.enumerator;

import static io.pqx.source.enumerator.FailoverSimulation.MINUTE;
import static io.pqx.source.enumerator.FailoverSimulation.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.TestingGoldenBytes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The incrementally planning enumerator across the failures of a job, at the enumerator's level
 * ({@link FailoverSimulation}: readers, an exactly-once sink and Flink's restore rules, run by
 * hand): whatever happens between a checkpoint's snapshot and its completion, whichever completed
 * checkpoint a job restarts from, with whatever parallelism, and while files are listed, planned in
 * batches and appear, every row group is committed exactly once, and every checkpoint accounts for
 * every row group once.
 */
class EnumeratorFailoverTest {
    private static final long HOUR = 60 * MINUTE;

    /** Random runs of each mode; {@code -Dpqx.failover.runs=...} runs more. */
    private static final int RUNS = Integer.getInteger("pqx.failover.runs", 40);

    @TempDir Path dir;
    @TempDir Path templates;

    private FailoverSimulation bounded(int batchFiles, int maxPending, long seed)
            throws IOException {
        return new FailoverSimulation(
                dir,
                templates,
                FailoverSimulation.settings(dir, 0, HOUR, 1, batchFiles, maxPending),
                new Random(seed));
    }

    private FailoverSimulation continuous(
            long horizon, long targetBytes, int batchFiles, int maxPending, long seed)
            throws IOException {
        return new FailoverSimulation(
                dir,
                templates,
                FailoverSimulation.settings(
                        dir, 1000, horizon, targetBytes, batchFiles, maxPending),
                new Random(seed));
    }

    /** Lets readers read a few row groups each. */
    private static void readSome(FailoverSimulation sim, int rowGroups) {
        for (int i = 0; i < rowGroups; i++) {
            sim.read(i % sim.parallelism());
        }
    }

    @Test
    void splitsAssignedAndFinishedAfterASnapshotAreReadOnceAfterARestoreFromIt()
            throws IOException {
        try (FailoverSimulation sim = bounded(5, 100, 1)) {
            for (int i = 0; i < 14; i++) {
                sim.addFile(T0);
            }
            sim.start(2);
            sim.runAsync(); // the listing and the first batch
            readSome(sim, 2);
            long cp = sim.checkpoint();
            PqxEnumeratorState atSnapshot = sim.completedOrPendingState(cp);
            assertThat(atSnapshot.unplannedFiles()).isNotEmpty();
            assertThat(atSnapshot.pendingSplits()).isNotEmpty();
            // after the snapshot: more batches planned, splits assigned and finished
            for (int i = 0; i < 4; i++) {
                sim.runAsync();
                readSome(sim, 6);
            }
            sim.complete(cp);
            readSome(sim, 4);
            sim.restoreJobFromLatest(2);
            sim.finish(false);
            sim.assertEveryRowGroupCommittedOnce("restored from the checkpoint");
            assertThat(sim.committed().size())
                    .as("the rows read after the snapshot were read again, once")
                    .isEqualTo(sim.expected().size());
        }
    }

    @Test
    void aFailureBeforeTheCompletionRestoresFromThePreviousCheckpoint() throws IOException {
        try (FailoverSimulation sim = bounded(1, 2, 2)) {
            for (int i = 0; i < 10; i++) {
                sim.addFile(T0);
            }
            sim.start(2);
            sim.runAsync();
            readSome(sim, 2);
            sim.complete(sim.checkpoint());
            sim.runAsync();
            readSome(sim, 5);
            sim.checkpoint(); // never completes
            sim.runAsync();
            readSome(sim, 5);
            sim.restoreJobFromLatest(2);
            sim.finish(false);
            sim.assertEveryRowGroupCommittedOnce("restored from the checkpoint before");
        }
    }

    @Test
    void aRestoreFromAnOlderCheckpointWithUnplannedFilesReadsEveryFileOnce() throws IOException {
        try (FailoverSimulation sim = bounded(2, 2, 3)) {
            for (int i = 0; i < 14; i++) {
                sim.addFile(T0);
            }
            sim.start(2);
            sim.runAsync();
            readSome(sim, 2);
            long first = sim.checkpoint();
            sim.complete(first);
            FailoverSimulation.Checkpoint older = sim.completedCheckpoints().get(0);
            assertThat(older.state().unplannedFiles()).hasSizeGreaterThan(4);
            for (int i = 0; i < 3; i++) {
                sim.runAsync();
                readSome(sim, 6);
            }
            sim.complete(sim.checkpoint());
            sim.runAsync();
            readSome(sim, 6);
            sim.restoreJob(older, 2); // checkpoint 1, after checkpoint 2 completed
            assertThat(sim.olderRestores).isEqualTo(1);
            sim.runAsync();
            readSome(sim, 3);
            sim.complete(sim.checkpoint());
            sim.restoreJobFromLatest(2);
            sim.finish(false);
            sim.assertEveryRowGroupCommittedOnce("restored from the older checkpoint");
        }
    }

    @Test
    void aRestoreWithMoreAndThenFewerReadersReadsEveryFileOnce() throws IOException {
        try (FailoverSimulation sim = bounded(5, 100, 4)) {
            for (int i = 0; i < 16; i++) {
                sim.addFile(T0);
            }
            sim.start(2);
            sim.runAsync();
            readSome(sim, 2);
            long cp = sim.checkpoint();
            sim.complete(cp);
            PqxEnumeratorState state = sim.completedCheckpoints().get(0).state();
            assertThat(state.unplannedFiles()).isNotEmpty();
            assertThat(state.pendingSplits()).isNotEmpty();
            readSome(sim, 4);
            sim.restoreJobFromLatest(5);
            assertThat(sim.parallelism()).isEqualTo(5);
            sim.runAsync();
            readSome(sim, 7);
            sim.runAsync();
            readSome(sim, 5);
            long second = sim.checkpoint();
            sim.complete(second);
            assertThat(sim.completedCheckpoints().get(1).state().unplannedFiles()).isNotEmpty();
            sim.runAsync();
            readSome(sim, 5);
            sim.restoreJobFromLatest(1);
            sim.finish(false);
            assertThat(sim.rescales).isEqualTo(2);
            sim.assertEveryRowGroupCommittedOnce("rescaled up, then down");
        }
    }

    @Test
    void aReaderRestoredAloneGetsItsUncheckpointedSplitsBackWhilePlanningGoesOn()
            throws IOException {
        try (FailoverSimulation sim = bounded(1, 2, 5)) {
            for (int i = 0; i < 9; i++) {
                sim.addFile(T0);
            }
            sim.start(2);
            sim.runAsync();
            readSome(sim, 3);
            sim.complete(sim.checkpoint());
            sim.runAsync();
            readSome(sim, 4);
            sim.checkpoint(); // aborted by the failure
            sim.runAsync();
            assertThat(sim.restoreReader(1)).isTrue();
            sim.runAsync();
            readSome(sim, 4);
            assertThat(sim.restoreReader(0)).isTrue();
            sim.finish(false);
            sim.assertEveryRowGroupCommittedOnce("readers restored alone");
        }
    }

    @Test
    void continuousNewFilesBetweenASnapshotAndTheRestoreFromItAreReadOnce() throws IOException {
        try (FailoverSimulation sim = continuous(10 * MINUTE, 1, 2, 3, 6)) {
            sim.setClock(T0);
            for (int i = 0; i < 8; i++) {
                sim.addFileNow(MINUTE);
            }
            sim.start(2);
            sim.runAsync();
            readSome(sim, 3);
            long cp = sim.checkpoint();
            // after the snapshot: files appear, are listed, planned and read
            for (int i = 0; i < 3; i++) {
                sim.addFileNow(MINUTE);
                sim.runAsync();
                readSome(sim, 5);
            }
            sim.complete(cp);
            sim.addFileNow(MINUTE);
            sim.runAsync();
            readSome(sim, 3);
            // and while the job is down
            sim.addFileNow(MINUTE);
            sim.addFile(T0 + 8 * MINUTE); // late, within the horizon
            sim.restoreJobFromLatest(3);
            sim.finish(true);
            sim.assertEveryRowGroupCommittedOnce("continuous, restored");
        }
    }

    @Test
    void continuousFilesAppearingWhileBatchesArePlannedAreReadOnceAcrossRestores()
            throws IOException {
        try (FailoverSimulation sim = continuous(10 * MINUTE, 1 << 20, 1, 2, 7)) {
            // a history over four horizons: the listing's files are pruned from the seen files
            // while they still wait to be planned
            sim.setClock(T0);
            for (int i = 0; i < 12; i++) {
                sim.addFileNow(4 * MINUTE);
            }
            sim.start(2);
            for (int step = 0; step < 6; step++) {
                // a file appears between a batch's footers and its merge, and a checkpoint is
                // taken there
                sim.runAsync(
                        () -> {
                            sim.addFileNow(MINUTE);
                            sim.checkpoint();
                        });
                readSome(sim, 3);
                sim.completeLatest();
            }
            PqxEnumeratorState latest =
                    sim.completedCheckpoints().get(sim.completedCheckpoints().size() - 1).state();
            assertThat(latest.unplannedFiles()).as("planning is still under way").isNotEmpty();
            sim.restoreJobFromLatest(2);
            sim.runAsync(sim::checkpoint);
            sim.addFileNow(MINUTE);
            sim.runAsync();
            readSome(sim, 4);
            sim.completeLatest();
            sim.restoreJobFromLatest(1);
            sim.finish(true);
            sim.assertEveryRowGroupCommittedOnce("continuous, files appearing while planning");
        }
    }

    @Test
    void continuousRestoreWhileAListingIsHalfPlannedFromAnOlderCheckpoint() throws IOException {
        try (FailoverSimulation sim = continuous(10 * MINUTE, 1, 1, 2, 8)) {
            sim.setClock(T0);
            for (int i = 0; i < 6; i++) {
                sim.addFileNow(MINUTE);
            }
            sim.start(2);
            sim.runAsync();
            long first = sim.checkpoint(); // the first listing half planned
            sim.complete(first);
            FailoverSimulation.Checkpoint older = sim.completedCheckpoints().get(0);
            assertThat(older.state().unplannedFiles()).isNotEmpty();
            for (int i = 0; i < 4; i++) {
                sim.addFileNow(MINUTE);
                sim.runAsync();
                readSome(sim, 4);
            }
            sim.complete(sim.checkpoint());
            readSome(sim, 4);
            sim.restoreJob(older, 3);
            sim.finish(true);
            sim.assertEveryRowGroupCommittedOnce("continuous, restored from the older checkpoint");
        }
    }

    @Test
    void aVersionThreeStateRestoresIntoTheIncrementalEnumeratorAndEndsOnceItsSplitsAreOut()
            throws IOException {
        PqxEnumeratorState state =
                PqxEnumeratorState.serializer()
                        .deserialize(
                                3,
                                TestingGoldenBytes.read(
                                        PqxEnumeratorStateSerializerTest.class,
                                        "enumerator-state-v3-splits-v2.bin",
                                        null));
        assertThat(state.initialDiscoveryDone()).isTrue();
        assertThat(state.unplannedFiles()).isEmpty();
        try (FailoverSimulation sim = bounded(1, 1, 9)) {
            sim.addFile(T0); // listed again by mistake, it would be read
        }
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(2);
        ctx.registerReader(0);
        ctx.registerReader(1);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        ctx, FailoverSimulation.settings(dir, 0, HOUR, 1, 1, 1), state)) {
            e.start();
            ctx.runAsyncUntilIdle();
            for (int round = 0; round < 3; round++) {
                e.handleSplitRequest(0, null);
                e.handleSplitRequest(1, null);
                ctx.runAsyncUntilIdle();
            }
            assertThat(ctx.allAssigned())
                    .containsExactlyInAnyOrderElementsOf(state.pendingSplits());
            assertThat(ctx.noMoreSplits).containsExactly(0, 1);
            PqxEnumeratorState after = e.snapshotState(1);
            assertThat(after.pendingSplits()).isEmpty();
            assertThat(after.unplannedFiles()).isEmpty();
            assertThat(after.seenThreshold()).isEqualTo(state.seenThreshold());
            assertThat(after.runtimeFilters()).isEqualTo(state.runtimeFilters());
        }
    }

    @Test
    void aCheckpointWhoseLastUnplannedFileLiesOutsideThePartitionDirectoriesRestores()
            throws IOException {
        // listed in name order: k=1/a, k=1/b, then z at the top, with no partition
        TestingSourceFiles.writeOrders(dir.resolve("k=1/a.parquet"), 0, 20, 10);
        TestingSourceFiles.writeOrders(dir.resolve("k=1/b.parquet"), 20, 40, 10);
        TestingSourceFiles.writeOrders(dir.resolve("z.parquet"), 40, 60, 10);
        EnumeratorSettings settings = FailoverSimulation.settings(dir, 0, HOUR, 1, 1, 100);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        List<RowGroupSplit> read = new ArrayList<>();
        byte[] checkpoint;
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync(); // the listing and k=1/a; k=1/b is planned next
            e.handleSplitRequest(0, null);
            PqxEnumeratorState state = e.snapshotState(1);
            assertThat(state.unplannedFiles())
                    .extracting(f -> f.partitions())
                    .containsExactly(Map.of("k", "1"), Map.of());
            checkpoint = PqxEnumeratorState.serializer().serialize(state);
            read.addAll(ctx.allAssigned());
        }
        PqxEnumeratorState restored =
                PqxEnumeratorState.serializer()
                        .deserialize(PqxEnumeratorState.serializer().getVersion(), checkpoint);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx2, settings, restored)) {
            e.start();
            for (int i = 0; i < 10; i++) {
                ctx2.runAsyncUntilIdle();
                e.handleSplitRequest(0, null);
            }
            read.addAll(ctx2.allAssigned());
            assertThat(ctx2.noMoreSplits).containsExactly(0);
        }
        assertThat(read).hasSize(6).doesNotHaveDuplicates();
        assertThat(read.stream().map(s -> s.path().substring(s.path().lastIndexOf('/') + 1)))
                .containsOnly("a.parquet", "b.parquet", "z.parquet");
    }

    @Test
    void continuousListingsJudgedBeforeThePreviousOneWasMergedPlanNothingTwice()
            throws IOException {
        try (FailoverSimulation sim = continuous(10 * MINUTE, 1, 1, 2, 10)) {
            sim.setClock(T0);
            for (int i = 0; i < 6; i++) {
                sim.addFileNow(MINUTE);
            }
            sim.start(2);
            long[] cp = new long[1];
            // the second listing sees the seen files before the first listing's merge: it takes
            // every file for new, and its merge must plan none of them again
            sim.runAsyncOverlapping(() -> cp[0] = sim.checkpoint());
            readSome(sim, 4);
            sim.addFileNow(MINUTE);
            sim.runAsyncOverlapping(() -> sim.addFileNow(MINUTE));
            readSome(sim, 6);
            sim.complete(cp[0]);
            sim.restoreJobFromLatest(2);
            sim.runAsyncOverlapping(sim::checkpoint);
            sim.finish(true);
            sim.assertEveryRowGroupCommittedOnce("continuous, overlapping listings");
        }
    }

    @Test
    void filesStillQueuedForPlanningAtTheCheckpointAreNotCountedAsTakenAsReadAfterTheRestore()
            throws IOException {
        try (FailoverSimulation sim = continuous(10 * MINUTE, 1, 1, 1, 12)) {
            // a history over four horizons, planned one file at a time: most of the queued files
            // are below the threshold, forgotten by the seen files while they wait
            sim.setClock(T0);
            for (int i = 0; i < 12; i++) {
                sim.addFile(T0 + i * 4 * MINUTE);
            }
            sim.start(1);
            sim.runAsync();
            long cp = sim.checkpoint();
            sim.complete(cp);
            PqxEnumeratorState state = sim.completedOrPendingState(cp);
            long belowThreshold =
                    state.unplannedFiles().stream()
                            .filter(f -> f.modificationTime() < state.seenThreshold())
                            .count();
            // the threshold is 10 minutes below the newest file (44 minutes): files 0 to 8 are
            // below it, file 0 planned and 1 to 8 queued
            assertThat(belowThreshold).isEqualTo(8);
            sim.restoreJobFromLatest(1);
            sim.runAsync(); // the first listing after the restore
            assertThat(sim.enumerator().discoveryMetrics().takenAsReadAtRestore.getCount())
                    .as("only the file planned before the checkpoint; the queued ones are read")
                    .isEqualTo(1);
            sim.finish(true);
            sim.assertEveryRowGroupCommittedOnce("continuous, queued below the threshold");
        }
    }

    /**
     * Random runs: reads, planning batches, listings, checkpoints completed late or never,
     * checkpoints between a batch's footers and its merge, listings overlapping, readers restored
     * alone, whole-job restores from the latest or an older checkpoint with the parallelism, the
     * planning batch and pending bound and the horizon changed, files appearing (continuous).
     */
    @Test
    void randomRunsOfBoundedJobsCommitEveryRowGroupOnce() throws IOException {
        int[] totals = new int[5];
        for (long seed = 0; seed < RUNS; seed++) {
            Path runDir = Files.createDirectory(dir.resolve("b" + seed));
            Random random = new Random(seed);
            try (FailoverSimulation sim =
                    new FailoverSimulation(
                            runDir,
                            templates,
                            FailoverSimulation.settings(
                                    runDir,
                                    0,
                                    HOUR,
                                    random.nextBoolean() ? 1 : 1 << 20,
                                    1 + random.nextInt(3),
                                    1 + random.nextInt(4)),
                            random)) {
                int files = 5 + random.nextInt(20);
                for (int i = 0; i < files; i++) {
                    sim.addFile(T0);
                }
                sim.start(1 + random.nextInt(3));
                for (int step = 0; step < 150; step++) {
                    if (random.nextInt(40) == 0) {
                        sim.randomJobFailure(4);
                    } else {
                        sim.randomStep(false);
                    }
                }
                sim.finish(false);
                sim.assertEveryRowGroupCommittedOnce("bounded run, seed " + seed);
                count(totals, sim);
            }
        }
        assertRunsAttacked(totals);
    }

    @Test
    void randomRunsOfContinuousJobsCommitEveryRowGroupOnce() throws IOException {
        int[] totals = new int[5];
        for (long seed = 0; seed < RUNS; seed++) {
            Path runDir = Files.createDirectory(dir.resolve("c" + seed));
            Random random = new Random(seed);
            try (FailoverSimulation sim =
                    new FailoverSimulation(
                            runDir,
                            templates,
                            FailoverSimulation.settings(
                                    runDir,
                                    1000,
                                    10 * MINUTE,
                                    random.nextBoolean() ? 1 : 1 << 20,
                                    1 + random.nextInt(3),
                                    1 + random.nextInt(4)),
                            random)) {
                // a history over up to three horizons before the job starts
                sim.setClock(T0);
                int files = 3 + random.nextInt(15);
                for (int i = 0; i < files; i++) {
                    sim.addFileNow(2 * MINUTE);
                }
                sim.start(1 + random.nextInt(3));
                for (int step = 0; step < 150; step++) {
                    if (random.nextInt(40) == 0) {
                        sim.randomJobFailure(4);
                    } else {
                        sim.randomStep(true);
                    }
                }
                sim.finish(true);
                sim.assertEveryRowGroupCommittedOnce("continuous run, seed " + seed);
                count(totals, sim);
            }
        }
        assertRunsAttacked(totals);
    }

    /**
     * Random runs with a watermark column: besides exactly once, every assignment takes the least
     * event time still pending (splits without event times first), and a bounded source assigns
     * nothing before its listing is planned ({@link FailoverSimulation} checks both as it goes).
     */
    @Test
    void randomRunsInEventTimeOrderCommitEveryRowGroupOnceAndAssignInOrder() throws IOException {
        int[] totals = new int[5];
        int[] order = new int[3];
        for (long seed = 0; seed < RUNS; seed++) {
            boolean continuous = seed % 2 == 1;
            Path runDir = Files.createDirectory(dir.resolve("e" + seed));
            Random random = new Random(seed);
            try (FailoverSimulation sim =
                    new FailoverSimulation(
                            runDir,
                            templates,
                            FailoverSimulation.settings(
                                    runDir,
                                    continuous ? 1000 : 0,
                                    continuous ? 10 * MINUTE : HOUR,
                                    random.nextBoolean() ? 1 : 1 << 20,
                                    1 + random.nextInt(3),
                                    1 + random.nextInt(4),
                                    true),
                            random)) {
                sim.setClock(T0);
                int files = 3 + random.nextInt(15);
                for (int i = 0; i < files; i++) {
                    sim.addFileNow(2 * MINUTE);
                }
                sim.start(1 + random.nextInt(3));
                for (int step = 0; step < 150; step++) {
                    if (random.nextInt(40) == 0) {
                        sim.randomJobFailure(4);
                    } else {
                        sim.randomStep(continuous);
                    }
                }
                sim.finish(continuous);
                sim.assertEveryRowGroupCommittedOnce("event-time run, seed " + seed);
                count(totals, sim);
                order[0] += sim.assignmentsWithEventTimes;
                order[1] += sim.assignmentsWithoutEventTimes;
                order[2] += sim.assignmentsBelowTheOneBefore;
            }
        }
        assertThat(order[0]).as("assignments with event times").isGreaterThan(100);
        assertThat(order[1]).as("assignments without event times").isGreaterThan(10);
        assertThat(order[2])
                .as("assignments below the one before (given back, late)")
                .isGreaterThan(5);
        assertThat(totals[2]).as("readers restored alone").isGreaterThan(10);
        assertThat(totals[3]).as("checkpoints holding unplanned files").isGreaterThan(10);
    }

    private static void count(int[] totals, FailoverSimulation sim) {
        totals[0] += sim.olderRestores;
        totals[1] += sim.rescales;
        totals[2] += sim.readerRestores;
        totals[3] += sim.checkpointsWithUnplannedFiles;
        totals[4] += sim.restoresWithOtherSettings;
    }

    /** The random runs did restore from older checkpoints, rescale, and so on. */
    private static void assertRunsAttacked(int[] totals) {
        assertThat(totals[0]).as("restores from an older checkpoint").isGreaterThan(5);
        assertThat(totals[1]).as("rescales").isGreaterThan(10);
        assertThat(totals[2]).as("readers restored alone").isGreaterThan(20);
        assertThat(totals[3]).as("checkpoints holding unplanned files").isGreaterThan(40);
        assertThat(totals[4]).as("restores with other settings").isGreaterThan(5);
    }
}
