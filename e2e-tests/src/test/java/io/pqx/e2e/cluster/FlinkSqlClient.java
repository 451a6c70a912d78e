package io.pqx.e2e.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Flink's own SQL client ({@code org.apache.flink.table.client.SqlClient}, embedded mode), run as
 * {@code bin/sql-client.sh -f script.sql} runs it: its own JVM, on the class path of {@link
 * SqlClientArtifacts#sqlClientClassPath()} (a distribution's lib/ plus the client, the gateway and
 * flink-python) and with {@code FLINK_CONF_DIR} set to a {@link LocalFlinkCluster}'s configuration,
 * so that its jobs go to that cluster over REST. Nothing of pqx is on its class path: a script
 * brings pqx with {@code ADD JAR}. {@link #run} returns once the client exited, with what it
 * printed; a client still running after the timeout is killed and the run fails.
 */
final class FlinkSqlClient {
    private static final String MAIN = "org.apache.flink.table.client.SqlClient";

    private final LocalFlinkCluster cluster;
    private final String classPath;

    FlinkSqlClient(LocalFlinkCluster cluster) throws IOException {
        this.cluster = cluster;
        this.classPath = SqlClientArtifacts.sqlClientClassPath();
    }

    /** What one run of the client printed (stdout and stderr) and its exit code. */
    record Result(int exitCode, String output) {}

    /**
     * Writes {@code statements} to {@code <name>.sql} in the cluster's log directory and runs
     * {@code sql-client embedded -f <name>.sql}; the console goes to {@code <name>.out} there, the
     * client's log to {@code <name>.log}.
     */
    Result run(String name, List<String> statements, Duration timeout)
            throws IOException, InterruptedException {
        Path logs = cluster.logDir();
        Path script = logs.resolve(name + ".sql");
        Files.write(script, statements.stream().map(s -> s + ";").toList(), StandardCharsets.UTF_8);
        Path out = logs.resolve(name + ".out");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx768m");
        command.addAll(LocalFlinkCluster.MODULE_OPTIONS);
        command.add("-Dlog.file=" + logs.resolve(name + ".log"));
        command.add(
                "-Dlog4j.configurationFile="
                        + cluster.configDir().resolve(ClusterConfigDir.LOG4J_FILE).toUri());
        command.add("-classpath");
        command.add(classPath);
        command.add(MAIN);
        command.add("embedded");
        command.add("-f");
        command.add(script.toString());
        // not the user's home directory
        command.add("-hist");
        command.add(logs.resolve(name + ".history").toString());
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(out.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put("FLINK_CONF_DIR", cluster.configDir().toString());
        Process process = builder.start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException(
                    "The SQL client ran longer than "
                            + timeout
                            + "; its output:\n"
                            + Files.readString(out, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }
}
