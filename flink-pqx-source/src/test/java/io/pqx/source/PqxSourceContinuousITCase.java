package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Continuous mode on a MiniCluster: files that appear while the job runs are read, once, also when
 * they appear late with an old modification time (as pqx's sink publishes them, by renaming an
 * in-progress file), and across a failure restored from a checkpoint; a job started on a history
 * spanning many horizons reads all of it, also across whole-job restores.
 */
class PqxSourceContinuousITCase {
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

    /** Writes a hidden in-progress file, gives it {@code mtime}, then publishes it by renaming. */
    private void publish(String name, long fromId, long toId, long mtime) throws IOException {
        Path hidden = dir.resolve("." + name + ".inprogress.1");
        TestingSourceFiles.writeOrders(hidden, fromId, toId, 250);
        Files.setLastModifiedTime(hidden, FileTime.fromMillis(mtime));
        Files.move(hidden, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        assertThat(Files.getLastModifiedTime(dir.resolve(name)).toMillis()).isEqualTo(mtime);
        for (long id = fromId; id < toId; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
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

    @Test
    void newAndLateFilesAreReadExactlyOnceAcrossAFailure() throws Exception {
        long now = System.currentTimeMillis();
        publish("a.parquet", 0, 1000, now - 60_000);

        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(5);
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .monitorInterval(Duration.ofMillis(100))
                        .set(PqxSourceOptions.DISCOVERY_HORIZON, Duration.ofHours(1))
                        .build();
        String sink = "continuous-" + now;
        // one failure at a random row of the second file (seeded; -Dpqx.seed=... replays one)
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PqxSourceContinuousITCase seed: "
                        + seed
                        + " (replay with -Dpqx.seed="
                        + seed
                        + ")");
        long failAt = 1001 + new Random(seed).nextInt(999);
        TestingFailures.arm(failAt);
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        JobClient job = env.executeAsync("pqx continuous");
        try {
            awaitPublished(sink, 1000);
            publish("b.parquet", 1000, 2000, now);
            awaitPublished(sink, 2000);
            // published late with a modification time 30 minutes older than the newest file's
            publish("late.parquet", 2000, 2500, now - 30 * 60_000);
            // and one more in a new partition directory, also late
            Files.createDirectories(dir.resolve("day=2024-03-09"));
            publish("day=2024-03-09/late2.parquet", 2500, 2600, now - 10 * 60_000);
            awaitPublished(sink, 2600);
            // several more discovery rounds and checkpoints: nothing read again
            Thread.sleep(1000);
        } finally {
            job.cancel().get();
        }
        assertThat(TestingFailures.failures())
                .as("the injected failure, seed " + seed)
                .isEqualTo(1);
        List<String> published = TestingCommitSink.published(sink);
        assertThat(published)
                .as("seed " + seed)
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * A continuous source started on existing data whose modification times span twelve horizons,
     * in partition directories whose name order is not time order: every row once, with whole-job
     * failures (the enumerator restored from a checkpoint) while the first listing is read and
     * after later listings; a file that appears more than a horizon late is not read.
     */
    @Test
    void aJobStartedOnHistorySpanningManyHorizonsReadsAllOfItAcrossWholeJobRestores()
            throws Exception {
        long now = System.currentTimeMillis();
        long base = now - 12 * 60_000;
        long id = 0;
        Random sizes = new Random(7);
        for (int i = 0; i < 200; i++) {
            int rows = 1 + sizes.nextInt(7);
            Files.createDirectories(dir.resolve("k=" + (i % 5)));
            publish("k=" + (i % 5) + "/part-" + i + ".parquet", id, id + rows, base + i * 3_600L);
            id += rows;
        }
        int history = expected.size();

        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 5);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        // every failure restarts the whole job: the enumerator is restored from the checkpoint
        conf.setString("jobmanager.execution.failover-strategy", "full");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setMinPauseBetweenCheckpoints(300);
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .monitorInterval(Duration.ofMillis(200))
                        .set(PqxSourceOptions.DISCOVERY_HORIZON, Duration.ofSeconds(60))
                        .build();
        String sink = "history-" + now;
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println(
                "PqxSourceContinuousITCase history seed: "
                        + seed
                        + " (replay with -Dpqx.seed="
                        + seed
                        + ")");
        Random random = new Random(seed);
        // one failure while the first listing's rows are read, one after a later listing
        TestingFailures.arm(50 + random.nextInt(history - 100), history + 10 + random.nextInt(80));
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        JobClient job = env.executeAsync("pqx continuous history");
        try {
            awaitPublished(sink, history);
            // later listings: a new file in an old partition, one in a new partition, one late by
            // less than the horizon, and one late by more (not read)
            publish("k=3/new.parquet", id, id + 40, System.currentTimeMillis());
            Files.createDirectories(dir.resolve("k=9"));
            publish("k=9/new.parquet", id + 40, id + 80, System.currentTimeMillis());
            publish(
                    "k=0/late-within.parquet",
                    id + 80,
                    id + 120,
                    System.currentTimeMillis() - 30_000);
            awaitPublished(sink, history + 120);
            int readable = expected.size();
            publish(
                    "k=1/late-beyond.parquet",
                    id + 120,
                    id + 130,
                    System.currentTimeMillis() - 10 * 60_000);
            expected.subList(readable, expected.size()).clear();
            Thread.sleep(1500); // several listings and checkpoints: nothing read again
        } finally {
            job.cancel().get();
        }
        assertThat(TestingFailures.failures())
                .as("the injected failures, seed " + seed)
                .isEqualTo(2);
        List<String> published = TestingCommitSink.published(sink);
        assertThat(published)
                .as("seed " + seed)
                .hasSize(expected.size())
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    /** Counts the starts of its tasks (a restart starts them again). */
    private static final class CountingStarts extends RichMapFunction<RowData, RowData> {
        static final AtomicInteger STARTS = new AtomicInteger();

        @Override
        public void open(OpenContext context) {
            STARTS.incrementAndGet();
        }

        @Override
        public RowData map(RowData row) {
            return row;
        }
    }

    @Test
    void aLateFileFailsTheJobOnceWithoutRestartsWhenAskedTo() throws Exception {
        long now = System.currentTimeMillis();
        publish("a.parquet", 0, 10, now);
        CountingStarts.STARTS.set(0);
        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(5);
        env.setParallelism(1);
        PqxSource<RowData> source =
                PqxSource.builder()
                        .path(dir.toUri().toString())
                        .rowType(TestingSourceFiles.ORDERS)
                        .monitorInterval(Duration.ofMillis(100))
                        .set(PqxSourceOptions.DISCOVERY_HORIZON, Duration.ofMinutes(1))
                        .set(PqxSourceOptions.DISCOVERY_LATE_FILES, PqxSourceOptions.LateFiles.FAIL)
                        .build();
        String sink = "late-fail-" + now;
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new CountingStarts())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        JobClient job = env.executeAsync("pqx late file");
        awaitPublished(sink, 10);
        publish("late.parquet", 10, 20, now - 10 * 60_000);
        Throwable failure =
                Assertions.catchThrowable(
                        () ->
                                job.getJobExecutionResult()
                                        .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertThat(failure).as("the job fails").isNotNull();
        assertThat(ExceptionUtils.stringifyException(failure))
                .contains("late.parquet")
                .contains("source.discovery.late-files = FAIL");
        assertThat(CountingStarts.STARTS.get()).as("no restart").isEqualTo(1);
        assertThat(TestingCommitSink.published(sink)).hasSize(10);
    }
}
