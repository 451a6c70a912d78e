package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.core.execution.JobClient;

/**
 * The part the cluster's writing tests share (DataStream and SQL): a TaskManager of the running job
 * is SIGKILLed mid-job and replaced, the job finishes on the replacement, and the table it wrote
 * holds every row exactly once, each in its partition with its payload, with no hidden file left.
 * Prints the figures.
 */
final class KillAndCheck {
    private KillAndCheck() {}

    /**
     * @param name the test's name in the printed figures
     * @param rows the rows the job writes, ids {@code 0..rows-1}
     * @param midJob how long after the job runs a kill still comes before its last row
     * @param submittedNanos {@code System.nanoTime()} when the job was submitted
     */
    static void killMidJobThenCheckTable(
            LocalFlinkCluster cluster,
            JobClient job,
            String name,
            long rows,
            Path table,
            Duration midJob,
            long submittedNanos)
            throws Exception {
        JobID id = job.getJobID();
        TaskManagerFailover.Kill kill = TaskManagerFailover.afterCheckpoints(cluster, id, 3);
        assertThat(kill.afterRunning())
                .as("the kill came while rows were still being generated")
                .isLessThan(midJob);

        job.getJobExecutionResult().get(3, TimeUnit.MINUTES);
        Duration jobTime = Duration.ofNanos(System.nanoTime() - submittedNanos);
        ClusterRest rest = cluster.rest();
        assertThat(rest.jobState(id)).isEqualTo("FINISHED");
        assertThat(rest.taskManagersOf(id))
                .as("the job's subtasks ran on the replacement at the end")
                .contains(kill.replacement())
                .doesNotContain(kill.victim());

        FailoverReport report =
                new FailoverReport(
                        name,
                        rows,
                        CommittedRows.read(table, rows, true),
                        cluster.kills(),
                        rest.failures(id),
                        rest.checkpoints(id),
                        kill,
                        jobTime);
        System.out.println(report.line());
        report.assertExactlyOnceAfterFailover();
        assertThat(CommittedRows.hiddenFiles(table))
                .as("hidden files left once the job finished")
                .isEmpty();
    }
}
