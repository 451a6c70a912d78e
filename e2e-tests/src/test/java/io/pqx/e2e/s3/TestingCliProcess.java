package io.pqx.e2e.s3;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code pqx} CLI ({@code io.pqx.tools.cli.PqxCli}) in its own JVM, as {@code bin/pqx}
 * does: {@code java -cp <pqx-tools and its dependencies> io.pqx.tools.cli.PqxCli <args>}, with the
 * environment given (the CLI reads {@code FLINK_CONF_DIR} and {@code FLINK_PLUGINS_DIR} from it,
 * which a test cannot set in its own JVM). The class path is this test JVM's: pqx-tools and its
 * dependencies, without the S3 plugin jar (kept off it by the pom).
 *
 * <p>Waits at most two minutes, then kills the process it started.
 */
record TestingCliProcess(int status, String out, String err) {

    static TestingCliProcess run(Path workDir, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("io.pqx.tools.cli.PqxCli");
        command.addAll(List.of(args));
        Path out = workDir.resolve("stdout.txt");
        Path err = workDir.resolve("stderr.txt");
        ProcessBuilder builder =
                new ProcessBuilder(command)
                        .directory(workDir.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
        builder.environment().remove("FLINK_CONF_DIR");
        builder.environment().remove("FLINK_PLUGINS_DIR");
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(
                    "pqx " + String.join(" ", args) + " did not end within 2 minutes");
        }
        return new TestingCliProcess(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
