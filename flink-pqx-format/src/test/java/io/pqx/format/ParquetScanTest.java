package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.prune.StatisticsPruner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetScan}: across row groups, exactly the rows the access plan, the per-row-group
 * planner, the resume point, the row-group range and the row filter leave (the filter skipped in
 * ALL_MATCH row groups), in order, with their positions; the planner asked only when the scan
 * reaches a row group; a limit stops at the batch reaching it.
 */
class ParquetScanTest {
    private static final int ROWS =
            5 * TestingNumberedFile.GROUP_ROWS - 300; // 5 groups, the last short

    @TempDir Path dir;

    /** Keeps rows whose id is divisible by {@code divisor}, reading {@code id}. */
    private static final class EveryNth implements RowFilter {
        final ReadSchema columns;
        final int divisor;

        EveryNth(ParquetReader reader, int divisor) {
            this.columns = reader.project(List.of("id"));
            this.divisor = divisor;
        }

        @Override
        public ReadSchema columns() {
            return columns;
        }

        @Override
        public int filter(ParquetBatch batch, boolean[] keep) {
            int kept = 0;
            for (int i = 0; i < batch.numRows(); i++) {
                keep[i] =
                        batch.column(0) instanceof LongColumnVector v
                                && v.getLong(i) % divisor == 0;
                kept += keep[i] ? 1 : 0;
            }
            return kept;
        }
    }

    private ParquetReader open() throws IOException {
        Path file = dir.resolve("numbered.parquet");
        if (!Files.exists(file)) {
            TestingNumberedFile.write(file, ROWS);
        }
        return ParquetReader.open(
                TestingNumberedFile.open(file), ReadOptions.builder().batchSize(97).build());
    }

    /** The ids a scan returns, each checked against its batch's row group and position. */
    private static List<Long> ids(BatchIterator batches) throws IOException {
        List<Long> ids = new ArrayList<>();
        try (batches) {
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                assertThat(b.numRows()).isPositive();
                for (int i = 0; i < b.numRows(); i++) {
                    long id =
                            b.column(0)
                                            instanceof
                                            org.apache.flink.table.data.columnar.vector
                                                            .LongColumnVector
                                                    v
                                    ? v.getLong(i)
                                    : -1;
                    assertThat(id)
                            .isEqualTo(
                                    (long) b.rowGroup() * TestingNumberedFile.GROUP_ROWS
                                            + b.rowPosition(i));
                    ids.add(id);
                }
            }
        }
        return ids;
    }

    @Test
    void withNothingSetItReadsEveryRowOfEveryRowGroupInOrder() throws IOException {
        try (ParquetReader reader = open()) {
            List<Long> ids =
                    ids(ParquetScan.builder(reader, reader.project(List.of("id", "name"))).build());
            assertThat(ids).hasSize(ROWS);
            for (int i = 0; i < ROWS; i++) {
                assertThat(ids.get(i)).isEqualTo(i);
            }
        }
    }

    @Test
    void randomPlansPlannersResumePointsRangesAndFiltersReturnExactlyTheRowsTheyLeave()
            throws IOException {
        long seed = Long.getLong("pqx.seed", new Random().nextLong());
        System.out.println("ParquetScanTest seed " + seed + " (repeat with -Dpqx.seed=)");
        Random random = new Random(seed);
        try (ParquetReader reader = open()) {
            int groups = reader.metadata().rowGroups().size();
            for (int trial = 0; trial < 200; trial++) {
                List<RowGroupAccess> accesses = new ArrayList<>();
                List<RowGroupAccess> planned = new ArrayList<>();
                for (int g = 0; g < groups; g++) {
                    long rows = reader.metadata().rowGroup(g).numRows();
                    accesses.add(randomAccess(random, rows));
                    planned.add(randomAccess(random, rows));
                }
                int first = random.nextInt(groups);
                int last = first + random.nextInt(groups - first);
                int startGroup = first + random.nextInt(last - first + 1);
                long startRow =
                        random.nextInt(3) == 0
                                ? 0
                                : random.nextInt(
                                        (int) reader.metadata().rowGroup(startGroup).numRows() + 1);
                boolean usePlan = random.nextBoolean();
                boolean usePlanner = random.nextBoolean();
                int divisor = random.nextBoolean() ? 0 : 1 + random.nextInt(5);
                ParquetScan.Builder scan =
                        ParquetScan.builder(reader, reader.project(List.of("id", "name")))
                                .rowGroups(first, last)
                                .startAt(startGroup, startRow);
                if (usePlan) {
                    scan.accessPlan(planOf(reader, accesses));
                }
                List<Integer> asked = new ArrayList<>();
                if (usePlanner) {
                    scan.access(
                            (rowGroup, rows) -> {
                                asked.add(rowGroup);
                                return planned.get(rowGroup);
                            });
                }
                if (divisor > 0) {
                    scan.rowFilter(new EveryNth(reader, divisor));
                }
                List<Long> expected = new ArrayList<>();
                List<Integer> expectedAsked = new ArrayList<>();
                for (int g = Math.max(first, startGroup); g <= last; g++) {
                    long rows = reader.metadata().rowGroup(g).numRows();
                    long from = g == startGroup ? startRow : 0;
                    if (from >= rows) {
                        continue;
                    }
                    RowGroupAccess access = usePlan ? accesses.get(g) : RowGroupAccess.scan(rows);
                    if (usePlanner && !access.isSkip()) {
                        expectedAsked.add(g);
                        access = access.narrow(planned.get(g));
                    }
                    if (access.isSkip()) {
                        continue;
                    }
                    boolean filtered =
                            divisor > 0 && access.kind() != RowGroupAccess.Kind.ALL_MATCH;
                    for (long r = from; r < rows; r++) {
                        long id = (long) g * TestingNumberedFile.GROUP_ROWS + r;
                        if (access.selection().overlaps(r, r + 1)
                                && (!filtered || id % divisor == 0)) {
                            expected.add(id);
                        }
                    }
                }
                assertThat(ids(scan.build()))
                        .as("seed %d, trial %d", seed, trial)
                        .isEqualTo(expected);
                assertThat(asked)
                        .as(
                                "seed %d, trial %d: the planner asked once per row group reached",
                                seed, trial)
                        .isEqualTo(expectedAsked);
            }
        }
    }

    private static RowGroupAccess randomAccess(Random random, long rows) {
        switch (random.nextInt(4)) {
            case 0:
                return RowGroupAccess.skip(rows);
            case 1:
                return RowGroupAccess.allMatch(rows);
            case 2:
                // a few runs of random length, maybe none
                boolean[] mask = new boolean[(int) rows];
                for (int run = random.nextInt(4); run > 0; run--) {
                    int from = random.nextInt((int) rows);
                    int to = Math.min((int) rows, from + 1 + random.nextInt(300));
                    Arrays.fill(mask, from, to, true);
                }
                return RowGroupAccess.select(RowSelection.fromMask(mask, 0), rows);
            default:
                return RowGroupAccess.scan(rows);
        }
    }

    private static AccessPlan planOf(ParquetReader reader, List<RowGroupAccess> accesses) {
        AccessPlan plan = AccessPlan.scanAll(reader.metadata());
        for (int g = 0; g < accesses.size(); g++) {
            plan = plan.narrow(g, accesses.get(g));
        }
        return plan;
    }

    @Test
    void pruneWithNarrowsThePlanByTheStatistics() throws IOException {
        try (ParquetReader reader = open()) {
            ReadSchema ids = reader.project(List.of("id"));
            List<Long> read =
                    ids(
                            ParquetScan.builder(reader, ids)
                                    .pruneWith(
                                            StatisticsPruner.create(
                                                    Predicates.greaterOrEqual("id", 3_500L),
                                                    reader.schema().fields()),
                                            SlotValues.none(),
                                            PruningListener.NONE)
                                    .rowFilter(new EveryNth(reader, 1))
                                    .build());
            // statistics skip row groups 0 to 2; row group 3 is read and filtered by nothing
            assertThat(read).first().isEqualTo(3_000L);
            assertThat(read).hasSize(ROWS - 3_000);
        }
    }

    @Test
    void theListenerHearsEverySkippedAndReadRowGroup() throws IOException {
        try (ParquetReader reader = open()) {
            List<String> heard = new ArrayList<>();
            AccessPlan plan =
                    AccessPlan.scanAll(reader.metadata())
                            .narrow(1, RowGroupAccess.skip(1000))
                            .narrow(2, RowGroupAccess.allMatch(1000));
            ids(
                    ParquetScan.builder(reader, reader.project(List.of("id")))
                            .accessPlan(plan)
                            .rowFilter(new EveryNth(reader, 2))
                            .startAt(0, 990)
                            .listener(
                                    new ParquetScan.Listener() {
                                        @Override
                                        public void skipped(int rowGroup) {
                                            heard.add("skip " + rowGroup);
                                        }

                                        @Override
                                        public void reading(
                                                int rowGroup,
                                                RowSelection selection,
                                                boolean filtered) {
                                            heard.add(
                                                    "read "
                                                            + rowGroup
                                                            + " "
                                                            + selection.rowCount()
                                                            + (filtered ? " filtered" : ""));
                                        }
                                    })
                            .build());
            assertThat(heard)
                    .containsExactly(
                            "read 0 10 filtered",
                            "skip 1",
                            "read 2 1000",
                            "read 3 1000 filtered",
                            "read 4 700 filtered");
        }
    }

    @Test
    void aLimitStopsAtTheBatchThatReachesIt() throws IOException {
        try (ParquetReader reader = open()) {
            List<Long> read =
                    ids(
                            ParquetScan.builder(reader, reader.project(List.of("id")))
                                    .limit(150)
                                    .build());
            assertThat(read).hasSize(2 * 97); // batches of 97 rows: the second passes 150
            assertThat(
                            ids(
                                    ParquetScan.builder(reader, reader.project(List.of("id")))
                                            .limit(0)
                                            .build()))
                    .isEmpty();
        }
    }

    @Test
    void aPlannerFailureSurfacesAsTheIteratorSays() throws IOException {
        try (ParquetReader reader = open()) {
            BatchIterator batches =
                    ParquetScan.builder(reader, reader.project(List.of("id")))
                            .access(
                                    (rowGroup, rows) -> {
                                        throw new IOException(
                                                "no evidence for row group " + rowGroup);
                                    })
                            .build();
            assertThatThrownBy(batches::hasNext)
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessageContaining("no evidence for row group 0");
            batches.close();
        }
    }

    @Test
    void refusesRowGroupsTheFileDoesNotHaveAndPlansOfAnotherFile() throws IOException {
        try (ParquetReader reader = open()) {
            ReadSchema ids = reader.project(List.of("id"));
            assertThatThrownBy(() -> ParquetScan.builder(reader, ids).rowGroups(2, 5).build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("of a file of 5");
            AccessPlan other = AccessPlan.scanAll(reader.metadata().rowGroups().subList(0, 2));
            assertThatThrownBy(() -> ParquetScan.builder(reader, ids).accessPlan(other).build())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("2 row groups");
            assertThatThrownBy(() -> ParquetScan.builder(reader, ids).limit(-1))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
