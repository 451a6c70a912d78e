package io.pqx.tools.demo;

import io.pqx.tools.metrics.PqxCounters;
import java.net.URI;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * The demo's one embedded Flink cluster: a MiniCluster in this JVM with the demo's metric reporter
 * ({@link PqxCounters}), which every job of the demo (the INSERT and the queries) is submitted to
 * through its REST endpoint. Closing it stops it and its threads.
 */
final class DemoCluster implements AutoCloseable {
    private final MiniCluster cluster;
    private final URI rest;

    private DemoCluster(MiniCluster cluster, URI rest) {
        this.cluster = cluster;
        this.rest = rest;
    }

    static DemoCluster start(int slots) throws Exception {
        Configuration c = new Configuration();
        PqxCounters.install(c);
        c.set(RestOptions.BIND_PORT, "0");
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(c)
                                .setNumTaskManagers(1)
                                .setNumSlotsPerTaskManager(slots)
                                .build());
        cluster.start();
        return new DemoCluster(cluster, cluster.getRestAddress().get());
    }

    /** The configuration of a table environment whose jobs run on this cluster. */
    Configuration client(boolean streaming) {
        Configuration c = new Configuration();
        c.setString("execution.target", "remote");
        c.set(RestOptions.ADDRESS, rest.getHost());
        c.set(RestOptions.PORT, rest.getPort());
        c.setString("parallelism.default", String.valueOf(PqxDemo.PARALLELISM));
        if (streaming) {
            c.setString("execution.checkpointing.interval", PqxDemo.CHECKPOINT_SECONDS + " s");
        }
        return c;
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
