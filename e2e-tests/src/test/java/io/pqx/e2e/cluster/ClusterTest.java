package io.pqx.e2e.cluster;

import java.nio.file.Path;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every cluster test class shares: one {@link LocalFlinkCluster} of a JobManager and two
 * one-slot TaskManagers, started before the class's tests and killed, every process of it, after
 * them (whatever they did); and the remote environment its jobs run in: parallelism 2, a checkpoint
 * every 200 ms.
 */
abstract class ClusterTest {
    @TempDir static Path clusterDir;
    static LocalFlinkCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = LocalFlinkCluster.start(clusterDir, 2);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    /**
     * A job on the cluster: parallelism 2 (a subtask per TaskManager), checkpoints every 200 ms.
     */
    static StreamExecutionEnvironment environment() {
        StreamExecutionEnvironment env = cluster.remoteEnvironment(new Configuration());
        env.setParallelism(2);
        env.enableCheckpointing(200);
        return env;
    }
}
