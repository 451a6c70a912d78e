package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.e2e.cluster.jobs.GeneratedRows;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.source.PqxSource;
import io.pqx.source.PqxSourceOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pqx's continuous source on a real multi-process cluster: it reads a directory that the test keeps
 * filling (a file every 250 ms, published by rename), parallelism 2 over two one-slot TaskManagers,
 * checkpoints every 200 ms, into an exactly-once recording sink (pqx's sink rolling at every
 * checkpoint, into another directory). One TaskManager is SIGKILLed mid-read and a replacement
 * started; once the input is complete and every row has arrived, the job is cancelled. DuckDB then
 * finds every input row recorded exactly once: the restored readers re-emitted nothing and skipped
 * nothing, and no file was planned twice or missed.
 */
class ClusterSourceITCase extends ClusterTest {
    static final long ROWS = 120_000;
    static final int ROWS_PER_FILE = 2_000;

    /** 60 files, one every 250 ms: the input grows for about 15 s. */
    static final Duration FILE_PAUSE = Duration.ofMillis(250);

    /** The input stops growing here until the kill: the kill always comes before its end. */
    static final long HOLD_AT = ROWS * 3 / 4;

    @Test
    void aTaskManagerKilledMidReadEmitsNoRowTwiceAndLosesNone(@TempDir Path work) throws Exception {
        Path input = Files.createDirectories(work.resolve("input"));
        Path recorded = Files.createDirectories(work.resolve("recorded"));
        JobClient job = null;
        try (GrowingInput growing =
                new GrowingInput(input, ROWS, ROWS_PER_FILE, FILE_PAUSE, HOLD_AT)) {
            StreamExecutionEnvironment env = environment();
            PqxSource<RowData> source =
                    PqxSource.builder()
                            .path(input.toUri().toString())
                            .rowType(GeneratedRows.TYPE)
                            .monitorInterval(Duration.ofMillis(200))
                            // several splits per file: readers stop mid-file at the kill
                            .set(PqxSourceOptions.SPLIT_TARGET_SIZE, MemorySize.parse("16kb"))
                            .build();
            env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx-source")
                    .sinkTo(
                            PqxSink.builder()
                                    .basePath(recorded.toUri().toString())
                                    .rowType(GeneratedRows.TYPE)
                                    // every checkpoint commits what came: the output shows the
                                    // job's progress while it runs
                                    .set(PqxSinkOptions.ROLL_ON_CHECKPOINT, true)
                                    .build());
            long submitted = System.nanoTime();
            job = env.executeAsync("pqx cluster source");
            JobID id = job.getJobID();
            Await.until(
                    "job " + id + " to run",
                    Duration.ofSeconds(60),
                    () -> cluster.rest().jobState(id).equals("RUNNING"),
                    () -> cluster.rest().jobState(id));
            growing.start();

            Await.until(
                    "the first recorded rows",
                    Duration.ofSeconds(90),
                    Duration.ofMillis(500),
                    () -> CommittedRows.read(recorded, ROWS, false).rows() > 0,
                    () -> cluster.rest().jobState(id));
            TaskManagerFailover.Kill kill = TaskManagerFailover.afterCheckpoints(cluster, id, 3);
            long publishedAtKill = growing.published();
            growing.release();
            assertThat(publishedAtKill).as("the kill came while the input grew").isLessThan(ROWS);

            growing.awaitDone(Duration.ofMinutes(2));
            Await.until(
                    "all " + ROWS + " rows recorded",
                    Duration.ofMinutes(2),
                    Duration.ofSeconds(1),
                    () -> CommittedRows.read(recorded, ROWS, false).rows() >= ROWS,
                    () ->
                            CommittedRows.read(recorded, ROWS, false)
                                    + ", job "
                                    + cluster.rest().jobState(id));
            Duration jobTime = Duration.ofNanos(System.nanoTime() - submitted);
            // Two more checkpoints: a row emitted twice would be committed by now.
            long completed = cluster.rest().checkpoints(id).completed();
            Await.until(
                    "two more checkpoints",
                    Duration.ofSeconds(60),
                    () -> cluster.rest().checkpoints(id).completed() >= completed + 2,
                    () -> cluster.rest().checkpoints(id).toString());
            ClusterRest rest = cluster.rest();
            assertThat(rest.taskManagersOf(id))
                    .as("the job's subtasks run on the replacement")
                    .contains(kill.replacement())
                    .doesNotContain(kill.victim());
            List<String> failovers = rest.failures(id);
            ClusterRest.Checkpoints checkpoints = rest.checkpoints(id);
            job.cancel().get(1, TimeUnit.MINUTES);
            job = null;

            FailoverReport report =
                    new FailoverReport(
                            "source",
                            ROWS,
                            CommittedRows.read(recorded, ROWS, false),
                            cluster.kills(),
                            failovers,
                            checkpoints,
                            kill,
                            jobTime);
            System.out.println(
                    report.line() + "; " + publishedAtKill + " rows published at the kill");
            report.assertExactlyOnceAfterFailover();
            assertThat(CommittedRows.hiddenFiles(input)).as("hidden input files").isEmpty();
        } catch (Throwable e) {
            cluster.printLogTails();
            throw e;
        } finally {
            if (job != null) {
                job.cancel();
            }
        }
    }
}
