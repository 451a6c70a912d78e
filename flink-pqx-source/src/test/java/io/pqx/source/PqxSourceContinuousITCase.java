package io.pqx.source;

import org.apache.flink.table.data.RowData;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Continuous mode on a MiniCluster: files that appear while the job runs are read, once, also
 * when they appear late with an old modification time (as pqx's sink publishes them, by renaming
 * an in-progress file), and across a failure restored from a checkpoint.
 */
class PqxSourceContinuousITCase {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder()
                    .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

    @TempDir java.nio.file.Path dir;

    private final List<String> expected = new ArrayList<>();

    /** Writes a hidden in-progress file, gives it {@code mtime}, then publishes it by renaming. */
    private void publish(String name, long fromId, long toId, long mtime) throws IOException {
        java.nio.file.Path hidden = dir.resolve("." + name + ".inprogress.1");
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
                throw new AssertionError("only " + TestingCommitSink.published(sink).size() + " of "
                        + rows + " rows published within " + TIMEOUT);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void newAndLateFilesAreReadExactlyOnceAcrossAFailure() throws Exception {
        long now = System.currentTimeMillis();
        publish("a.parquet", 0, 1000, now - 60_000);

        StreamExecutionEnvironment env = TestingFailures.restartingEnvironment(5);
        PqxSource<RowData> source = PqxSource.builder()
                .path(dir.toUri().toString())
                .rowType(TestingSourceFiles.ORDERS)
                .monitorInterval(Duration.ofMillis(100))
                .set(PqxSourceOptions.DISCOVERY_HORIZON, Duration.ofHours(1))
                .build();
        String sink = "continuous-" + now;
        // one failure at a random row of the second file (seeded; -Dpqx.seed=... replays one)
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println("PqxSourceContinuousITCase seed: " + seed + " (replay with -Dpqx.seed=" + seed + ")");
        long failAt = 1001 + new java.util.Random(seed).nextInt(999);
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
        assertThat(TestingFailures.failures()).as("the injected failure, seed " + seed).isEqualTo(1);
        List<String> published = TestingCommitSink.published(sink);
        assertThat(published).as("seed " + seed).hasSize(expected.size()).containsExactlyInAnyOrderElementsOf(expected);
    }
}
