package io.pqx.bench.sink;

import io.pqx.tools.metrics.PqxCounters;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.function.Consumer;

/**
 * One in-process Flink MiniCluster (one TaskManager, one slot) that runs the {@code sink} suite's
 * jobs one after another, so cluster start-up is paid once and never timed.
 *
 * <p>Every job runs with parallelism 1, object reuse on (the source's rows reach the chained sink
 * without a copy; see {@link TableRows}) and no checkpointing: a bounded job's sink writes one file
 * per subtask and commits it at end of input. The REST endpoint binds a free port, since other
 * MiniClusters may run on the machine. The jobs' pqx counters are kept by {@link PqxCounters}. Used from the suite's main thread; not thread-safe.
 */
public final class MiniClusterJobs implements AutoCloseable {

    private final MiniCluster cluster;

    private MiniClusterJobs(MiniCluster cluster) {
        this.cluster = cluster;
    }

    /** Starts the cluster. */
    public static MiniClusterJobs start() throws Exception {
        Configuration config = new Configuration();
        config.set(RestOptions.BIND_PORT, "0");
        PqxCounters.install(config);
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(config)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(1)
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

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
