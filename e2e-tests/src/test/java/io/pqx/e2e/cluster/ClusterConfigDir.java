package io.pqx.e2e.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the configuration directory a {@link LocalFlinkCluster}'s processes read (Flink 2.x:
 * {@code config.yaml}, plus a log4j2 file): everything on 127.0.0.1, the given REST and RPC ports,
 * one task slot per TaskManager, checkpoints into the directory's {@code checkpoints/}, a
 * fixed-delay restart strategy, and short heartbeats. Called once per cluster, before any process
 * starts; writes files only.
 */
final class ClusterConfigDir {
    /** The log4j2 configuration file in the directory, handed to each process. */
    static final String LOG4J_FILE = "log4j-cluster.properties";

    /** The checkpoint directory, under the cluster's work directory. */
    static final String CHECKPOINTS = "checkpoints";

    private ClusterConfigDir() {}

    /** Writes {@code config.yaml} and the log4j2 file into {@code conf}; returns {@code conf}. */
    static Path write(Path conf, Path work, int restPort, int rpcPort) throws IOException {
        Files.createDirectories(conf);
        Path checkpoints = Files.createDirectories(work.resolve(CHECKPOINTS));
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        List<String> yaml =
                List.of(
                        "jobmanager.rpc.address: 127.0.0.1",
                        "jobmanager.rpc.port: " + rpcPort,
                        "jobmanager.bind-host: 127.0.0.1",
                        "rest.address: 127.0.0.1",
                        "rest.bind-address: 127.0.0.1",
                        "rest.port: " + restPort,
                        "taskmanager.host: 127.0.0.1",
                        "taskmanager.bind-host: 127.0.0.1",
                        // One slot each: a job of parallelism 2 needs both TaskManagers, so after a
                        // kill it can only run again once the replacement has registered.
                        "taskmanager.numberOfTaskSlots: 1",
                        "taskmanager.load-balance.mode: SLOTS",
                        "parallelism.default: 2",
                        // Small enough for a JobManager, three TaskManagers (one being replaced)
                        // and the test JVM on a 2-core machine; BashJavaUtils derives the rest.
                        "jobmanager.memory.process.size: 768m",
                        "taskmanager.memory.process.size: 1152m",
                        "taskmanager.memory.managed.size: 32m",
                        "taskmanager.memory.network.min: 32m",
                        "taskmanager.memory.network.max: 32m",
                        "taskmanager.memory.jvm-metaspace.size: 192m",
                        "taskmanager.memory.jvm-overhead.min: 128m",
                        "jobmanager.memory.jvm-metaspace.size: 192m",
                        "jobmanager.memory.jvm-overhead.min: 128m",
                        "state.backend.type: hashmap",
                        "execution.checkpointing.dir: " + checkpoints.toUri(),
                        "restart-strategy.type: fixed-delay",
                        "restart-strategy.fixed-delay.attempts: 10",
                        "restart-strategy.fixed-delay.delay: 1 s",
                        // A SIGKILLed TaskManager answers no heartbeat: noticed within seconds
                        // (defaults: 10 s interval, 50 s timeout).
                        "heartbeat.interval: 1 s",
                        "heartbeat.timeout: 5 s",
                        // REST answers from caches at most this old (default 3 s): the tests
                        // poll checkpoint counts and job state.
                        "web.refresh-interval: 500 ms",
                        // Restarted tasks wait this long for the replacement's slot.
                        "slot.request.timeout: 2 min",
                        "io.tmp.dirs: " + tmp);
        Files.write(conf.resolve("config.yaml"), yaml);
        List<String> log4j =
                List.of(
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.file.ref = MainAppender",
                        "appender.main.name = MainAppender",
                        "appender.main.type = File",
                        "appender.main.append = false",
                        "appender.main.fileName = ${sys:log.file}",
                        "appender.main.layout.type = PatternLayout",
                        "appender.main.layout.pattern = %d{HH:mm:ss,SSS} %-5p %c{1.} [%t] - %m%n",
                        "logger.pekko.name = org.apache.pekko",
                        "logger.pekko.level = WARN",
                        "logger.netty.name = org.apache.flink.shaded.netty4",
                        "logger.netty.level = WARN");
        Files.write(conf.resolve(LOG4J_FILE), log4j);
        return conf;
    }
}
