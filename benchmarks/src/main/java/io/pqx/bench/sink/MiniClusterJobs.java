package io.pqx.bench.sink;

import io.pqx.bench.WorkFiles;
import io.pqx.tools.metrics.PqxCounters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.ResourceManagerOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.runtime.checkpoint.AbstractCheckpointStats;
import org.apache.flink.runtime.checkpoint.CompletedCheckpointStats;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One in-process Flink MiniCluster (one TaskManager, one slot unless asked for more) that runs the
 * {@code sink} suite's jobs one after another, so cluster start-up is paid once and never timed.
 * The resource manager serves slot requests at once (no {@code
 * slotmanager.requirement-check.delay}), so a job's time is its own, not a scheduling pause.
 *
 * <p>{@link #run} runs a job with parallelism 1, object reuse on (the source's rows reach the
 * chained sink without a copy; see {@link TableRows}) and no checkpointing: a bounded job's sink
 * writes one file per subtask and commits it at end of input. {@link #runCheckpointed} runs one
 * with exactly-once checkpoints and returns the end-to-end durations of its completed checkpoints,
 * read from the finished job's archived execution graph (the cluster keeps the stats of up to
 * {@value #CHECKPOINT_HISTORY} checkpoints per job, instead of Flink's default 10). The REST
 * endpoint binds a free port, since other MiniClusters may run on the machine. The jobs' pqx
 * counters are kept by {@link PqxCounters}. Used from the suite's main thread; not thread-safe.
 */
public final class MiniClusterJobs implements AutoCloseable {

    /**
     * Checkpoints whose stats the cluster keeps per job (Flink's {@code web.checkpoints.history}).
     */
    static final int CHECKPOINT_HISTORY = 100_000;

    private final MiniCluster cluster;

    private MiniClusterJobs(MiniCluster cluster) {
        this.cluster = cluster;
    }

    /** Starts the cluster with one slot. */
    public static MiniClusterJobs start() throws Exception {
        return start(1);
    }

    /** Starts the cluster with {@code slots} slots (the largest parallelism of its jobs). */
    public static MiniClusterJobs start(int slots) throws Exception {
        Configuration config = new Configuration();
        config.set(RestOptions.BIND_PORT, "0");
        config.set(WebOptions.CHECKPOINTS_HISTORY_SIZE, CHECKPOINT_HISTORY);
        // Flink's resource manager waits 50 ms (its default) before it serves a job's slot request,
        // to gather the requests of many jobs on a busy cluster: on this one-job-at-a-time cluster
        // that wait is half of a short job's time and belongs to no contender, so it is off.
        config.set(ResourceManagerOptions.REQUIREMENTS_CHECK_DELAY, Duration.ZERO);
        PqxCounters.install(config);
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(config)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(slots)
                                .withRandomPorts()
                                .build());
        cluster.start();
        return new MiniClusterJobs(cluster);
    }

    /**
     * Builds a job with {@code topology} and runs it to completion on the cluster.
     *
     * @throws Exception the job's failure, when it fails
     */
    public JobExecutionResult run(String jobName, Consumer<StreamExecutionEnvironment> topology)
            throws Exception {
        Configuration config = new Configuration();
        config.set(PipelineOptions.OBJECT_REUSE, true);
        config.set(PipelineOptions.NAME, jobName);
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(config);
        env.setParallelism(1);
        topology.accept(env);
        JobGraph job = env.getStreamGraph().getJobGraph();
        return cluster.executeJobBlocking(job);
    }

    /**
     * The execution graph of a job that ran on this cluster (archived once it finished): its status
     * and its tasks' state timestamps, for a job's phases.
     */
    public AccessExecutionGraph finishedJob(JobID id) throws Exception {
        return cluster.getArchivedExecutionGraph(id).get();
    }

    /**
     * What a checkpointed job gave: its result, and the end-to-end durations of its completed
     * checkpoints in milliseconds with the wall-clock times they were triggered at, both in
     * checkpoint order.
     */
    public record CheckpointedJob(
            JobExecutionResult result, List<Long> checkpointMillis, List<Long> triggeredAt) {}

    /**
     * Builds a job with {@code topology}, parallelism {@code parallelism}, object reuse on and
     * exactly-once checkpoints every {@code interval} (no restarts: a failure fails the run), runs
     * it to completion and reads its checkpoint stats.
     *
     * @throws Exception the job's failure, when it fails
     */
    public CheckpointedJob runCheckpointed(
            String jobName,
            int parallelism,
            Duration interval,
            Consumer<StreamExecutionEnvironment> topology)
            throws Exception {
        Configuration config = new Configuration();
        config.set(PipelineOptions.OBJECT_REUSE, true);
        config.set(PipelineOptions.NAME, jobName);
        config.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        // Checkpoints to a directory, as production jobs have them (pqx's sink carries open row
        // groups in its state, beyond the 5 MB of the JobManager's in-memory storage); the same
        // for both sinks.
        Path checkpoints = Files.createTempDirectory("pqx-bench-ckpt-");
        config.setString("execution.checkpointing.storage", "filesystem");
        config.setString("execution.checkpointing.dir", checkpoints.toUri().toString());
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(config);
        env.setParallelism(parallelism);
        env.enableCheckpointing(interval.toMillis(), CheckpointingMode.EXACTLY_ONCE);
        topology.accept(env);
        JobGraph job = env.getStreamGraph().getJobGraph();
        JobID id = cluster.submitJob(job).get().getJobID();
        JobResult outcome = cluster.requestJobResult(id).get();
        WorkFiles.deleteTree(checkpoints);
        JobExecutionResult result =
                outcome.toJobExecutionResult(Thread.currentThread().getContextClassLoader());
        List<AbstractCheckpointStats> history =
                new ArrayList<>(
                        cluster.getArchivedExecutionGraph(id)
                                .get()
                                .getCheckpointStatsSnapshot()
                                .getHistory()
                                .getCheckpoints());
        history.sort(Comparator.comparingLong(AbstractCheckpointStats::getCheckpointId));
        List<Long> durations = new ArrayList<>();
        List<Long> triggers = new ArrayList<>();
        for (AbstractCheckpointStats checkpoint : history) {
            if (checkpoint instanceof CompletedCheckpointStats completed) {
                durations.add(completed.getEndToEndDuration());
                triggers.add(completed.getTriggerTimestamp());
            }
        }
        return new CheckpointedJob(result, List.copyOf(durations), List.copyOf(triggers));
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
