package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once restore: a bounded read with checkpoints every 50 ms and failures injected at random
 * row counts (seeded; the seed is printed, and {@code -Dpqx.seed=...} replays one) into an
 * exactly-once collecting sink: every row is published once.
 */
class PqxSourceExactlyOnceITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path dir;

    @Test
    void everyRowIsPublishedOnceAfterFailuresAtRandomPoints() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PqxSourceExactlyOnceITCase seed: "
                        + seed
                        + " (replay with -Dpqx.seed="
                        + seed
                        + ")");
        Random random = new Random(seed);
        int files = 8;
        int rowsPerFile = 2000;
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            long from = (long) f * rowsPerFile;
            TestingSourceFiles.writeOrders(
                    dir.resolve("d" + (f % 2) + "/part-" + f + ".parquet"),
                    from,
                    from + rowsPerFile,
                    500);
            for (long id = from; id < from + rowsPerFile; id++) {
                expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
            }
        }
        long total = (long) files * rowsPerFile;
        TestingFailures.armAtRandom(random, 3, 500, total - 1500);

        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .set(PqxSourceOptions.BATCH_SIZE, 128)
                        .build();
        assertPublishedOnceAfterFailures(source, "exactly-once-" + seed, seed, expected);
    }

    /**
     * As above with a predicate: files of day=d1 are pruned by partition, row groups by statistics,
     * some are ALL_MATCH and the rest filtered row by row, so the emitted selections are sparse and
     * the checkpointed positions skip rows the filter dropped.
     */
    @Test
    void everyMatchingRowIsPublishedOnceWithAPredicateAfterFailures() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PqxSourceExactlyOnceITCase (predicate) seed: "
                        + seed
                        + " (replay with -Dpqx.seed="
                        + seed
                        + ")");
        Random random = new Random(seed);
        int files = 8;
        int rowsPerFile = 2000;
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            long from = (long) f * rowsPerFile;
            TestingSourceFiles.writeOrders(
                    dir.resolve("day=d" + (f % 2) + "/part-" + f + ".parquet"),
                    from,
                    from + rowsPerFile,
                    500);
            for (long id = from; id < from + rowsPerFile; id++) {
                long qty = id % 100;
                boolean matches =
                        f % 2 == 0
                                && ((qty > 80 && id < 6000)
                                        || id < 1200
                                        || (id >= 9000 && id < 10000));
                if (matches) {
                    expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
                }
            }
        }
        Predicate predicate =
                Predicates.and(
                        Predicates.notEqual("day", "d1"),
                        Predicates.isNotNull("price"),
                        Predicates.or(
                                Predicates.and(
                                        Predicates.greaterThan("qty", 80),
                                        Predicates.lessThan("id", 6000L)),
                                Predicates.lessThan("id", 1200L),
                                Predicates.and(
                                        Predicates.greaterOrEqual("id", 9000L),
                                        Predicates.lessThan("id", 10000L))));
        long total = expected.size();
        TestingFailures.armAtRandom(random, 3, 200, total - 600);

        List<RowType.RowField> fields = new ArrayList<>(TestingSourceFiles.ORDERS.getFields());
        fields.add(new RowType.RowField("day", new VarCharType(VarCharType.MAX_LENGTH)));
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(new RowType(fields))
                        .partitionKeys("day")
                        .project("id", "name", "price", "qty")
                        .predicate(predicate)
                        .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                        .set(PqxSourceOptions.BATCH_SIZE, 64)
                        .build();
        assertPublishedOnceAfterFailures(source, "exactly-once-predicate-" + seed, seed, expected);
    }

    /**
     * Runs {@code source} into a committing sink through the armed failures (restarting,
     * parallelism 2, checkpoints every 50 ms) and checks that failures happened, rows were
     * re-emitted, and exactly {@code expected} was published, each row once.
     */
    private static void assertPublishedOnceAfterFailures(
            PqxSource<RowData> source, String sink, long seed, List<String> expected)
            throws Exception {
        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(10);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        env.execute("pqx " + sink);

        // a failure fires only after a checkpoint newer than the last one's: on a slow machine the
        // read may end before all three did, and one restore is what the check needs
        assertThat(TestingFailures.failures())
                .as("injected failures, seed " + seed)
                .isBetween(1, 3);
        assertThat(TestingFailures.rowsSeen())
                .as("rows re-emitted after restores")
                .isGreaterThan(expected.size());
        List<String> published = TestingCommitSink.published(sink);
        assertThat(published)
                .as("seed " + seed)
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
    }
}
