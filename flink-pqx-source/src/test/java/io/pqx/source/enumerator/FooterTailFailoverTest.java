package io.pqx.source.enumerator;

import static io.pqx.source.enumerator.FailoverSimulation.MINUTE;
import static io.pqx.source.enumerator.FailoverSimulation.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicates;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.runtimefilter.TestingRuntimeFilters;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The enumerator across the failures of a job ({@link FailoverSimulation}) when its files lie on a
 * distributed file system, so that each file's first split carries the footer tail the enumerator
 * read to its reader: every row group is still committed exactly once, no footer tail is ever in an
 * enumerator's or a reader's checkpoint, and the enumerator holds tail bytes exactly for the tails
 * on its pending splits: none once a split was sent, given back by a failed reader, dropped by a
 * runtime filter, or read.
 */
class FooterTailFailoverTest {
    private static final long HOUR = 60 * MINUTE;

    /** Random runs of each mode; {@code -Dpqx.failover.runs=...} runs more. */
    private static final int RUNS = Integer.getInteger("pqx.failover.runs", 20);

    @TempDir Path dir;
    @TempDir Path templates;

    /**
     * Tail budgets of the random runs: enough for every tail, or for about two of the templates'
     * (so some first splits go without one).
     */
    private long tailBudget(Random random) throws IOException {
        if (random.nextBoolean()) {
            return EnumeratorSettings.Planning.DEFAULT_FOOTER_TAILS_HELD_BYTES;
        }
        FailoverSimulation.writeTemplates(templates);
        return 2 * Files.size(templates.resolve("t3.parquet"));
    }

    private FailoverSimulation simulation(Path runDir, long intervalMillis, Random random)
            throws IOException {
        return new FailoverSimulation(
                runDir,
                templates,
                FailoverSimulation.settings(
                        DistributedLocalFileSystem.uri(runDir),
                        intervalMillis,
                        intervalMillis > 0 ? 10 * MINUTE : HOUR,
                        random.nextBoolean() ? 1 : 1 << 20,
                        1 + random.nextInt(3),
                        1 + random.nextInt(4),
                        tailBudget(random)),
                random);
    }

    @Test
    void randomRunsOfBoundedJobsOnADistributedFileSystemKeepNoTailBeyondItsSplit()
            throws IOException {
        Totals totals = new Totals();
        for (long seed = 0; seed < RUNS; seed++) {
            Path runDir = Files.createDirectory(dir.resolve("b" + seed));
            Random random = new Random(seed);
            try (FailoverSimulation sim = simulation(runDir, 0, random)) {
                int files = 5 + random.nextInt(20);
                for (int i = 0; i < files; i++) {
                    sim.addFile(T0);
                }
                run(sim, random, false, "bounded run, seed " + seed);
                totals.add(sim);
            }
        }
        totals.assertAttacked();
    }

    @Test
    void randomRunsOfContinuousJobsOnADistributedFileSystemKeepNoTailBeyondItsSplit()
            throws IOException {
        Totals totals = new Totals();
        for (long seed = 0; seed < RUNS; seed++) {
            Path runDir = Files.createDirectory(dir.resolve("c" + seed));
            Random random = new Random(seed);
            try (FailoverSimulation sim = simulation(runDir, 1000, random)) {
                sim.setClock(T0);
                int files = 3 + random.nextInt(15);
                for (int i = 0; i < files; i++) {
                    sim.addFileNow(2 * MINUTE);
                }
                run(sim, random, true, "continuous run, seed " + seed);
                totals.add(sim);
            }
        }
        totals.assertAttacked();
    }

    /** 150 random steps and job failures, each followed by the tail check, then the end. */
    private static void run(
            FailoverSimulation sim, Random random, boolean continuous, String description) {
        sim.start(1 + random.nextInt(3));
        sim.assertTailsHeldAreThoseOfPendingSplits(description + ", started");
        for (int step = 0; step < 150; step++) {
            if (random.nextInt(40) == 0) {
                sim.randomJobFailure(4);
            } else {
                sim.randomStep(continuous);
            }
            sim.assertTailsHeldAreThoseOfPendingSplits(description + ", step " + step);
        }
        sim.finish(continuous);
        sim.assertEveryRowGroupCommittedOnce(description);
        sim.assertTailsHeldAreThoseOfPendingSplits(description + ", finished");
        assertThat(sim.enumerator().footerTails().heldBytes())
                .as("%s: footer tail bytes held once every split was read", description)
                .isZero();
    }

    /** What the random runs did, summed: they must have sent, read and given back tails. */
    private static final class Totals {
        int tailsReceived;
        int tailsOpened;
        int givenBackAfterATail;
        int readerRestores;
        int globalRestores;

        void add(FailoverSimulation sim) {
            tailsReceived += sim.tailsReceived;
            tailsOpened += sim.tailsOpened;
            givenBackAfterATail += sim.givenBackAfterATail;
            readerRestores += sim.readerRestores;
            globalRestores += sim.globalRestores;
        }

        void assertAttacked() {
            assertThat(tailsReceived)
                    .as("splits that reached their reader with a tail")
                    .isGreaterThan(100);
            assertThat(tailsOpened).as("files opened from a tail").isGreaterThan(100);
            assertThat(givenBackAfterATail)
                    .as("splits given back by a failed reader after reaching it with a tail")
                    .isGreaterThan(20);
            assertThat(readerRestores).as("readers restored alone").isGreaterThan(30);
            assertThat(globalRestores).as("whole-job restores").isGreaterThan(20);
        }
    }

    @Test
    void aSplitGivenBackByAFailedReaderComesBackWithoutItsTailAndHoldsNone() throws IOException {
        try (FailoverSimulation sim =
                new FailoverSimulation(
                        dir,
                        templates,
                        FailoverSimulation.settings(
                                DistributedLocalFileSystem.uri(dir),
                                0,
                                HOUR,
                                1,
                                10,
                                100,
                                EnumeratorSettings.Planning.DEFAULT_FOOTER_TAILS_HELD_BYTES),
                        new Random(1))) {
            for (int i = 0; i < 4; i++) {
                sim.addFile(T0);
            }
            sim.start(1);
            sim.runAsync(); // the listing and every file planned: 4 tails held
            assertThat(sim.enumerator().footerTails().heldBytes()).isPositive();
            assertThat(sim.tailsReceived).as("the first split sent carries its tail").isEqualTo(1);
            sim.assertTailsHeldAreThoseOfPendingSplits("first split sent");

            assertThat(sim.restoreReader(0)).isTrue(); // fails before any checkpoint
            assertThat(sim.givenBackAfterATail).isEqualTo(1);
            sim.assertTailsHeldAreThoseOfPendingSplits("given back and sent again");
            assertThat(sim.tailsReceived).as("sent again without its tail").isEqualTo(1);

            sim.finish(false);
            sim.assertEveryRowGroupCommittedOnce("a reader failed after its first tail");
            assertThat(sim.enumerator().footerTails().heldBytes()).isZero();
            assertThat(sim.enumerator().footerTails().tailsShipped())
                    .as("one tail sent per file")
                    .isEqualTo(4);
        }
    }

    @Test
    void aSplitDroppedByARuntimeFilterReleasesItsTail() throws Exception {
        // ids 0..999 sorted, 10 row groups of 100: one split per row group at a 1-byte target,
        // the first (row group 0, ids 0-99) carrying the file's tail
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 100);
        EnumeratorSettings settings =
                new EnumeratorSettings(
                        new EnumeratorSettings.Files(
                                List.of(DistributedLocalFileSystem.uri(dir)),
                                List.of(),
                                null,
                                "__DEFAULT_PARTITION__"),
                        new EnumeratorSettings.Discovery(0, HOUR, false),
                        new EnumeratorSettings.Planning(1, 2, 16),
                        new EnumeratorSettings.Filtering(
                                TestingSourceFiles.ORDERS,
                                Predicates.and(
                                        Predicates.greaterOrEqual("id", 0L),
                                        Predicates.slot("ids", "id")),
                                StatisticsPruner.DEFAULT_IN_LIST_CAP,
                                List.of(),
                                0.01));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings, null)) {
            e.start();
            ctx.runAsync();
            List<RowGroupSplit> pending = e.snapshotState(1).pendingSplits();
            assertThat(pending).hasSize(10);
            assertThat(pending.get(0).footerTail()).isPresent();
            assertThat(e.footerTails().heldBytes())
                    .isEqualTo(pending.get(0).footerTail().get().length());

            e.handleSourceEvent(
                    0, TestingRuntimeFilters.longKeys("ids", "id", List.of(150L, 720L)));
            ctx.runAsync(); // the re-evaluation drops row groups 0, 8 and 9
            assertThat(e.snapshotState(2).pendingSplits()).hasSize(7);
            assertThat(e.footerTails().heldBytes()).as("the dropped split's tail").isZero();
            assertThat(e.footerTails().tailsShipped()).isZero();
        }
    }
}
