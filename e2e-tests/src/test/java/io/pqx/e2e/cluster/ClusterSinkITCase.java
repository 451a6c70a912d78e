package io.pqx.e2e.cluster;

import io.pqx.e2e.cluster.jobs.GeneratedRows;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx's sink on a real multi-process cluster: a streaming job (rate-limited generated rows,
 * parallelism 2 over two one-slot TaskManagers, checkpoints every 200 ms) writes a partitioned pqx
 * table with files kept open across checkpoints; one TaskManager is SIGKILLed mid-job and a
 * replacement started; the job restores on it and finishes. DuckDB then finds every row committed
 * exactly once, each in its partition's directory with its payload, and no hidden file left (no
 * in-progress file, no row log) anywhere under the table.
 */
class ClusterSinkITCase extends ClusterTest {
    static final long ROWS = 300_000;

    /** Both subtasks together: so generating every row takes at least 25 s. */
    static final double ROWS_PER_SECOND = 12_000;

    /**
     * So long after the job starts running, the rate limit has let fewer than {@link #ROWS} rows be
     * generated: a kill before it is mid-job.
     */
    static final Duration MID_JOB = Duration.ofSeconds(20);

    @Test
    void aTaskManagerKilledMidJobLosesAndDuplicatesNoCommittedRow(@TempDir Path table)
            throws Exception {
        try {
            StreamExecutionEnvironment env = environment();
            env.fromSource(
                            new DataGeneratorSource<>(
                                    new GeneratedRows(),
                                    ROWS,
                                    RateLimiterStrategy.perSecond(ROWS_PER_SECOND),
                                    InternalTypeInfo.of(GeneratedRows.TYPE)),
                            WatermarkStrategy.noWatermarks(),
                            "generated")
                    .sinkTo(
                            PqxSink.builder()
                                    .basePath(table.toUri().toString())
                                    .rowType(GeneratedRows.TYPE)
                                    .partitionBy("part")
                                    // row groups span checkpoints (carried in row logs) and
                                    // files roll by size while the job runs
                                    .set(PqxSinkOptions.ROW_GROUP_ROWS, 10_000)
                                    .set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("1 mb"))
                                    .build());
            long submitted = System.nanoTime();
            JobClient job = env.executeAsync("pqx cluster sink");
            KillAndCheck.killMidJobThenCheckTable(
                    cluster, job, "sink", ROWS, table, MID_JOB, submitted);
        } catch (Throwable e) {
            cluster.printLogTails();
            throw e;
        }
    }
}
