package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.PqxSinkAcrossCheckpointsITCase.FailingMapper;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Exactly-once end to end on a MiniCluster: a million generated rows, checkpoints every 100 ms, a
 * mapper failing at random points, then every committed file read back with pqx.
 */
class PqxSinkExactlyOnceITCase {
    static final RowType TYPE = TestingSinkRowTypes.ID_PAYLOAD;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    /** Row {@code i}: id i, a payload derived from i. */
    static final class RowGenerator implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(i, StringData.fromString("payload-" + (i % 1000)));
        }
    }

    private static StreamExecutionEnvironment environment(Configuration conf) {
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 20);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(100);
        return env;
    }

    private static PqxSink sink(Path dir) {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(TYPE)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 20_000)
                .set(PqxSinkOptions.ENCODING_THREADS, 2)
                .build();
    }

    private static DataGeneratorSource<RowData> source(long rows, double perSecond) {
        return new DataGeneratorSource<>(
                new RowGenerator(),
                rows,
                RateLimiterStrategy.perSecond(perSecond),
                InternalTypeInfo.of(TYPE));
    }

    @Test
    void everyRowIsCommittedExactlyOnceDespiteFailures(@TempDir Path dir) throws Exception {
        long rows = 1_000_000;
        long seed = System.nanoTime();
        LoggerFactory.getLogger(PqxSinkExactlyOnceITCase.class)
                .info("Random failures: seed {}", seed);
        FailingMapper.FAILURES_LEFT.set(3);
        StreamExecutionEnvironment env = environment(new Configuration());
        env.fromSource(source(rows, 400_000), WatermarkStrategy.noWatermarks(), "rows")
                .map(new FailingMapper(seed))
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(sink(dir));
        env.execute("exactly-once");

        assertThat(FailingMapper.FAILURES_LEFT.get())
                .as("all injected failures happened")
                .isLessThanOrEqualTo(0);
        assertExactlyOnce(dir, rows);
    }

    @Test
    void stopWithSavepointAndRestoreLoseAndDuplicateNothing(
            @TempDir Path dir, @TempDir Path savepoints) throws Exception {
        long rows = 300_000;
        StreamExecutionEnvironment env = environment(new Configuration());
        env.fromSource(source(rows, 100_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(dir))
                .uid("sink");
        JobClient job = env.executeAsync("before-savepoint");
        waitForCommittedFiles(dir);
        String savepoint =
                job.stopWithSavepoint(
                                false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get();
        long before = countRows(dir);
        assertThat(before).isLessThan(rows);

        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        StreamExecutionEnvironment resumed = environment(restore);
        resumed.fromSource(source(rows, 100_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(dir))
                .uid("sink");
        resumed.execute("after-savepoint");

        assertExactlyOnce(dir, rows);
    }

    @Test
    void restoringASavepointWithAnotherBasePathCommitsItsFilesWhereTheyWereWritten(
            @TempDir Path dir, @TempDir Path savepoints) throws Exception {
        // The savepoint's committables were written (and published) under a; the restored job
        // writes to b. Committing them must not look for them under b and fail over forever.
        long rows = 100_000;
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        StreamExecutionEnvironment env = environment(new Configuration());
        env.fromSource(source(rows, 15_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(a))
                .uid("sink");
        JobClient job = env.executeAsync("before-savepoint");
        waitForCommittedFiles(a);
        String savepoint =
                job.stopWithSavepoint(
                                false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get();

        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        restore.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment resumed =
                StreamExecutionEnvironment.getExecutionEnvironment(restore);
        resumed.setParallelism(2);
        resumed.enableCheckpointing(100);
        resumed.fromSource(source(rows, 50_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(b))
                .uid("sink");
        resumed.execute("after-savepoint");

        assertThat(TestingSinkFiles.committed(a)).isNotEmpty();
        assertThat(countRows(a)).isLessThan(rows);
        assertExactlyOnce(dir, rows);
    }

    /**
     * Waits until the job has written files (committed, or open across checkpoints and so still in
     * progress), then a few checkpoints more.
     */
    private static void waitForCommittedFiles(Path dir) throws Exception {
        for (int i = 0;
                i < 600
                        && TestingSinkFiles.committed(dir).isEmpty()
                        && TestingSinkFiles.hidden(dir).isEmpty();
                i++) {
            Thread.sleep(50);
        }
        Thread.sleep(300);
    }

    private static long countRows(Path dir) throws Exception {
        long total = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            total += TestingSinkFiles.footer(file).numRows();
        }
        return total;
    }

    static void assertExactlyOnce(Path dir, long rows) throws Exception {
        PqxSinkAcrossCheckpointsITCase.assertExactlyOnce(dir, rows, false);
    }
}
