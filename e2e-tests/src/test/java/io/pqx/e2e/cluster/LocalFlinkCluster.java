package io.pqx.e2e.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A Flink 2.3 standalone session cluster on 127.0.0.1, each process its own JVM started by the
 * test: a JobManager ({@code StandaloneSessionClusterEntrypoint}) and TaskManagers ({@code
 * TaskManagerRunner}), on the class path of Flink's Maven artifacts only ({@link
 * ClusterArtifacts}), with the configuration of {@link ClusterConfigDir} and the memory flags of
 * {@link ProcessResources}. Jobs reach it over REST from {@link #remoteEnvironment}, with pqx in
 * the job jar.
 *
 * <p>Guarantees: {@link #start} returns only once REST answers and every TaskManager has
 * registered, else it kills what it started and throws with the logs' tails; {@link
 * #killTaskManager} ends a TaskManager with SIGKILL by its process id and checks the signal ended
 * it; {@link #close} SIGKILLs every process this cluster started that is still alive and waits for
 * each (a shutdown hook does the same if the test JVM exits first). Process logs are in {@code
 * <dir>/logs}. Used from the test thread only.
 */
public final class LocalFlinkCluster implements AutoCloseable {
    private static final String JOB_MANAGER_MAIN =
            "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint";
    private static final String TASK_MANAGER_MAIN =
            "org.apache.flink.runtime.taskexecutor.TaskManagerRunner";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration KILL_WAIT = Duration.ofSeconds(30);

    /**
     * Java 17 module access Flink's runtime needs (reflection into java.base for serializers,
     * memory cleaners and netty), as the distribution's config.yaml gives every process.
     */
    static final List<String> MODULE_OPTIONS =
            List.of(
                    "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
                    "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
                    "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                    "--add-opens=java.base/java.net=ALL-UNNAMED",
                    "--add-opens=java.base/java.io=ALL-UNNAMED",
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                    "--add-opens=java.base/java.text=ALL-UNNAMED",
                    "--add-opens=java.base/java.time=ALL-UNNAMED",
                    "--add-opens=java.base/java.util=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    /** Starts of a cluster whose JobManager could not bind its ports, before giving up. */
    private static final int START_ATTEMPTS = 3;

    private final Path conf;
    private final Path logs;
    private final Path checkpoints;
    private final String java;
    private final String classPath;
    private final Path jobJar;
    private final int restPort;
    private final ClusterRest rest;
    // Read by the shutdown hook's thread too.
    private final List<FlinkProcess> started = new CopyOnWriteArrayList<>();
    private final Map<String, FlinkProcess> taskManagers = new LinkedHashMap<>();
    private final Thread shutdownHook = new Thread(this::killAll, "local-flink-cluster-cleanup");
    private ProcessResources taskManagerResources;
    private int taskManagerCount;
    private int kills;

    private LocalFlinkCluster(Path dir, String classPath, Path jobJar, int restPort) {
        this.conf = dir.resolve("conf");
        this.logs = dir.resolve("logs");
        this.checkpoints = dir.resolve(ClusterConfigDir.CHECKPOINTS);
        this.java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        this.classPath = classPath;
        this.jobJar = jobJar;
        this.restPort = restPort;
        this.rest = new ClusterRest(restPort);
    }

    /**
     * Starts a JobManager and {@code taskManagers} TaskManagers (one slot each) in {@code dir} and
     * waits until all have registered.
     */
    public static LocalFlinkCluster start(Path dir, int taskManagers) throws Exception {
        for (int attempt = 1; ; attempt++) {
            Path attemptDir = attempt == 1 ? dir : dir.resolve("retry-" + attempt);
            try {
                return startOnce(attemptDir, taskManagers);
            } catch (Throwable e) {
                // a port found free can be taken before the JobManager binds it (the TaskManagers,
                // started alongside, bind ports of their own): start again on other ports
                if (attempt == START_ATTEMPTS || !logsShow(attemptDir, "java.net.BindException")) {
                    throw e;
                }
                System.out.printf(
                        "[cluster] a port was taken before the JobManager bound it;"
                                + " starting again (attempt %d of %d)%n",
                        attempt + 1, START_ATTEMPTS);
            }
        }
    }

    private static boolean logsShow(Path dir, String text) throws IOException {
        Path logs = dir.resolve("logs");
        if (!Files.isDirectory(logs)) {
            return false;
        }
        try (Stream<Path> files = Files.list(logs)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(file)
                        && new String(Files.readAllBytes(file), StandardCharsets.UTF_8)
                                .contains(text)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static LocalFlinkCluster startOnce(Path dir, int taskManagers) throws Exception {
        String classPath = ClusterArtifacts.clusterClassPath();
        Path jobJar = ClusterArtifacts.jobJar();
        int restPort = freePort();
        int rpcPort = freePort();
        LocalFlinkCluster cluster = new LocalFlinkCluster(dir, classPath, jobJar, restPort);
        ClusterConfigDir.write(cluster.conf, dir, restPort, rpcPort);
        Files.createDirectories(cluster.logs);
        Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
        try {
            long start = System.nanoTime();
            cluster.startProcesses(taskManagers);
            System.out.printf(
                    "[cluster] JobManager and %d TaskManagers up in %.1f s (REST port %d, logs in"
                            + " %s)%n",
                    taskManagers, (System.nanoTime() - start) / 1e9, restPort, cluster.logs);
            return cluster;
        } catch (Throwable e) {
            cluster.printLogTails();
            cluster.close();
            throw e;
        }
    }

    private void startProcesses(int count) throws Exception {
        ProcessResources jm =
                ProcessResources.compute("GET_JM_RESOURCE_PARAMS", java, classPath, conf);
        taskManagerResources =
                ProcessResources.compute("GET_TM_RESOURCE_PARAMS", java, classPath, conf);
        started.add(launch("jobmanager", jm, JOB_MANAGER_MAIN, List.of()));
        // TaskManagers start alongside: they retry registering until the JobManager is up.
        Set<String> ids = new TreeSet<>();
        for (int i = 0; i < count; i++) {
            ids.add(startTaskManager());
        }
        Await.until(
                "the REST endpoint on port " + restPort,
                START_TIMEOUT,
                rest::isUp,
                this::processStates);
        awaitTaskManagers(ids, START_TIMEOUT);
    }

    /**
     * Starts one more TaskManager and returns its resource id ({@code tm-<n>}, counting every
     * TaskManager this cluster ever started); does not wait for it to register.
     */
    public String startTaskManager() throws IOException {
        String id = "tm-" + ++taskManagerCount;
        List<String> arguments = new ArrayList<>(List.of("-D", "taskmanager.resource-id=" + id));
        FlinkProcess tm = launch(id, taskManagerResources, TASK_MANAGER_MAIN, arguments);
        started.add(tm);
        taskManagers.put(id, tm);
        return id;
    }

    private FlinkProcess launch(
            String name, ProcessResources resources, String main, List<String> extraArguments)
            throws IOException {
        List<String> jvm = new ArrayList<>(resources.jvmOptions());
        jvm.addAll(MODULE_OPTIONS);
        jvm.add("-Dlog4j.configurationFile=" + conf.resolve(ClusterConfigDir.LOG4J_FILE).toUri());
        jvm.add("-classpath");
        jvm.add(classPath);
        List<String> arguments = new ArrayList<>(List.of("--configDir", conf.toString()));
        arguments.addAll(resources.dynamicProperties());
        arguments.addAll(extraArguments);
        return FlinkProcess.start(name, java, jvm, main, arguments, logs);
    }

    /**
     * SIGKILLs the TaskManager {@code id} by its process id; returns its pid. Fails unless the
     * signal ended it (exit code 137).
     */
    public long killTaskManager(String id) throws InterruptedException {
        FlinkProcess tm = taskManagers.get(id);
        if (tm == null || !tm.isAlive()) {
            throw new IllegalStateException("Cannot kill TaskManager " + id + ": not running");
        }
        long pid = tm.pid();
        int exit = tm.kill(KILL_WAIT);
        if (exit != FlinkProcess.SIGKILL_EXIT) {
            throw new IllegalStateException(
                    "TaskManager "
                            + id
                            + " (pid "
                            + pid
                            + ") did not die of SIGKILL: exit "
                            + exit);
        }
        taskManagers.remove(id);
        kills++;
        return pid;
    }

    /**
     * Waits until the TaskManagers registered with the JobManager are exactly {@code ids}: the new
     * ones have registered and the killed ones have been noticed lost (their heartbeats stopped).
     * Returns how long that took.
     */
    public Duration awaitTaskManagers(Set<String> ids, Duration timeout) throws Exception {
        Set<String> expected = new TreeSet<>(ids);
        return Await.until(
                "TaskManagers " + expected,
                timeout,
                () -> expected.equals(rest.taskManagerIds()),
                () -> "registered " + rest.taskManagerIds() + "; " + processStates());
    }

    /** The resource ids of the TaskManagers this cluster started that were not killed. */
    public Set<String> runningTaskManagers() {
        return new TreeSet<>(taskManagers.keySet());
    }

    /**
     * An environment that builds jobs in the test JVM and submits them over REST with the job jar,
     * as a user's client does.
     */
    public StreamExecutionEnvironment remoteEnvironment(Configuration configuration) {
        return StreamExecutionEnvironment.createRemoteEnvironment(
                "127.0.0.1", restPort, configuration, jobJar.toString());
    }

    /**
     * The configuration directory every process of the cluster reads ({@code config.yaml} with the
     * REST address and port): a client given it as {@code FLINK_CONF_DIR} submits here.
     */
    public Path configDir() {
        return conf;
    }

    /** The directory of the processes' logs. */
    public Path logDir() {
        return logs;
    }

    /** Where the cluster's jobs checkpoint to: {@code <dir>/checkpoints/<job id>/chk-<n>}. */
    public Path checkpointDir() {
        return checkpoints;
    }

    public ClusterRest rest() {
        return rest;
    }

    /** TaskManagers killed so far. */
    public int kills() {
        return kills;
    }

    /** Prints the last lines of every process's log and console to stdout (for a failure). */
    public void printLogTails() {
        for (FlinkProcess process : started) {
            System.out.println(process.tail(60));
        }
    }

    private String processStates() {
        StringBuilder states = new StringBuilder();
        for (FlinkProcess process : started) {
            states.append(process.name()).append(process.isAlive() ? " alive " : " exited ");
        }
        return states.toString();
    }

    /** SIGKILLs every process this cluster started that is still alive, and waits for each. */
    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs (or ran) killAll itself
        }
    }

    private void killAll() {
        // Signal all first, then wait: one slow exit does not delay the others' signal.
        for (FlinkProcess process : started) {
            process.signalKill();
        }
        for (FlinkProcess process : started) {
            try {
                if (process.awaitExit(KILL_WAIT) == -1) {
                    System.out.println(
                            "Process "
                                    + process.name()
                                    + " (pid "
                                    + process.pid()
                                    + ") survived SIGKILL for "
                                    + KILL_WAIT.toSeconds()
                                    + " s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
