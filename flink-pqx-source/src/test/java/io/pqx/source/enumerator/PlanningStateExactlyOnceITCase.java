package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceBuilder;
import io.pqx.source.PqxSourceOptions;
import io.pqx.source.TestingCommitSink;
import io.pqx.source.TestingFailures;
import io.pqx.source.TestingSourceFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once through restores of an enumerator that plans in small batches on a MiniCluster:
 * planning is held back by a pending bound of a few splits, so every checkpoint of the read holds
 * unplanned files and pending splits. Failures are injected at random rows (seeded; {@code
 * -Dpqx.seed=...} replays one) into an exactly-once collecting sink, and every row is published
 * once: bounded with whole-job restores (the enumerator restored from such a checkpoint) and with
 * readers restored alone (their splits given back while planning goes on), and continuous with
 * files appearing while earlier ones wait to be planned.
 */
class PlanningStateExactlyOnceITCase {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path dir;

    private final List<String> expected = new ArrayList<>();

    /** Writes a file of {@code rows} rows from {@code fromId} in row groups of 50, published. */
    private void publish(String name, long fromId, int rows, long mtime) throws IOException {
        Path hidden = dir.resolve("." + name + ".inprogress");
        TestingSourceFiles.writeOrders(hidden, fromId, fromId + rows, 50);
        Files.setLastModifiedTime(hidden, FileTime.fromMillis(mtime));
        Files.move(hidden, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        for (long id = fromId; id < fromId + rows; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
    }

    private static long seed(String what) {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PlanningStateExactlyOnceITCase "
                        + what
                        + " seed: "
                        + seed
                        + " (replay with -Dpqx.seed="
                        + seed
                        + ")");
        return seed;
    }

    /** Restarting, every failure a whole-job restore (the enumerator from its checkpoint). */
    private static StreamExecutionEnvironment wholeJobRestarts() {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 10);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        conf.setString("jobmanager.execution.failover-strategy", "full");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(300);
        return env;
    }

    private static PqxSourceBuilder smallBatches(Path dir) {
        return PqxSource.builder()
                .path(dir.toUri().toString())
                .rowType(TestingSourceFiles.ORDERS)
                .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                .set(PqxSourceOptions.BATCH_SIZE, 50)
                .set(PqxSourceOptions.PLANNING_BATCH_FILES, 2)
                .set(PqxSourceOptions.PLANNING_MAX_PENDING_SPLITS, 3);
    }

    @Test
    void boundedEveryRowIsPublishedOnceAfterRestoresFromCheckpointsWithUnplannedFiles()
            throws Exception {
        assertBoundedPublishedOnce("bounded", wholeJobRestarts());
    }

    /**
     * As above with Flink's regional failover: a failed reader is restored alone, and the splits
     * assigned to it since the checkpoint are given back to the enumerator while it still plans.
     */
    @Test
    void boundedEveryRowIsPublishedOnceAfterReadersRestoredAloneWhilePlanning() throws Exception {
        assertBoundedPublishedOnce("bounded regional", TestingFailures.restartingEnvironment(10));
    }

    /**
     * Reads 48 files of 4 row groups (one split each) through 3 failures at random rows: planning
     * trails the readers by at most a batch and the pending bound, so each restore starts from a
     * checkpoint holding unplanned files.
     */
    private void assertBoundedPublishedOnce(String what, StreamExecutionEnvironment env)
            throws Exception {
        long seed = seed(what);
        Random random = new Random(seed);
        long now = System.currentTimeMillis();
        for (int f = 0; f < 48; f++) {
            publish(String.format("part-%03d.parquet", f), f * 200L, 200, now);
        }
        long total = expected.size();
        TestingFailures.armAtRandom(random, 3, 500, total - 2500);
        PqxSource<RowData> source = smallBatches(dir).build();
        String sink = "planning-" + what + "-" + seed;
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        env.execute("pqx planning state, " + what);

        assertThat(TestingFailures.failures())
                .as("injected failures, seed " + seed)
                .isBetween(1, 3);
        assertThat(TestingFailures.rowsSeen())
                .as("rows re-emitted after restores")
                .isGreaterThan(total);
        assertThat(TestingCommitSink.published(sink))
                .as("seed " + seed)
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void continuousEveryRowIsPublishedOnceWithFilesAppearingWhileOthersWaitToBePlanned()
            throws Exception {
        long seed = seed("continuous");
        Random random = new Random(seed);
        long now = System.currentTimeMillis();
        long id = 0;
        for (int f = 0; f < 24; f++, id += 200) {
            publish(String.format("a-%03d.parquet", f), id, 200, now - 60_000 + f * 1000L);
        }
        int history = expected.size();
        TestingFailures.arm(
                300 + random.nextInt(history - 1500), history + 300 + random.nextInt(600));
        PqxSource<RowData> source =
                smallBatches(dir)
                        .monitorInterval(Duration.ofMillis(100))
                        .set(PqxSourceOptions.DISCOVERY_HORIZON, Duration.ofHours(1))
                        .build();
        String sink = "planning-continuous-" + seed;
        StreamExecutionEnvironment env = wholeJobRestarts();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        JobClient job = env.executeAsync("pqx planning state, continuous");
        try {
            // files appear while the history is still being planned, in three waves
            for (int wave = 0; wave < 3; wave++) {
                awaitPublished(sink, history / 4 * (wave + 1) / 2);
                for (int f = 0; f < 4; f++, id += 200) {
                    publish(
                            String.format("b-%d-%d.parquet", wave, f),
                            id,
                            200,
                            System.currentTimeMillis());
                }
            }
            awaitPublished(sink, expected.size());
            Thread.sleep(1000); // more listings and checkpoints: nothing read again
        } finally {
            job.cancel().get();
        }
        assertThat(TestingFailures.failures())
                .as("the injected failures, seed " + seed)
                .isEqualTo(2);
        assertThat(TestingCommitSink.published(sink))
                .as("seed " + seed)
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    private static void awaitPublished(String sink, int rows) throws InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (TestingCommitSink.published(sink).size() < rows) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "only "
                                + TestingCommitSink.published(sink).size()
                                + " of "
                                + rows
                                + " rows published within "
                                + TIMEOUT);
            }
            Thread.sleep(20);
        }
    }
}
