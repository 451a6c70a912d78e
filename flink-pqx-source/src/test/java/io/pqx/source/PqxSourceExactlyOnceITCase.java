package io.pqx.source;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Exactly-once restore: a bounded read with checkpoints every 50 ms and failures injected at
 * random row counts (seeded; the seed is printed, and {@code -Dpqx.seed=...} replays one) into an
 * exactly-once collecting sink: every row is published once.
 */
class PqxSourceExactlyOnceITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

    @TempDir java.nio.file.Path dir;

    @Test
    void everyRowIsPublishedOnceAfterFailuresAtRandomPoints() throws Exception {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println("PqxSourceExactlyOnceITCase seed: " + seed + " (replay with -Dpqx.seed=" + seed + ")");
        Random random = new Random(seed);
        int files = 8;
        int rowsPerFile = 2000;
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            long from = (long) f * rowsPerFile;
            TestingSourceFiles.writeOrders(dir.resolve("d" + (f % 2) + "/part-" + f + ".parquet"), from,
                    from + rowsPerFile, 500);
            for (long id = from; id < from + rowsPerFile; id++) {
                expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
            }
        }
        long total = (long) files * rowsPerFile;
        long[] failAt = new long[3];
        for (int i = 0; i < failAt.length; i++) {
            failAt[i] = 500 + random.nextInt((int) total - 2000);
        }
        Arrays.sort(failAt);
        TestingFailures.arm(failAt);

        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 10);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(50);

        PqxSource source = PqxSource.builder()
                .path(dir.toUri().toString())
                .rowType(TestingSourceFiles.ORDERS)
                .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("1b"))
                .set(PqxSourceOptions.BATCH_SIZE, 128)
                .build();
        String sink = "exactly-once-" + seed;
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .map(new TestingFailures())
                .returns(source.getProducedType())
                .sinkTo(new TestingCommitSink(sink, TestingSourceFiles::describe));
        env.execute("pqx exactly-once");

        assertThat(TestingFailures.failures()).as("injected failures, seed " + seed).isEqualTo(3);
        assertThat(TestingFailures.rowsSeen()).as("rows re-emitted after restores").isGreaterThan(total);
        List<String> published = TestingCommitSink.published(sink);
        assertThat(published).as("seed " + seed).hasSize((int) total)
                .containsExactlyInAnyOrderElementsOf(expected);
    }
}
