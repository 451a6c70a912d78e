package io.pqx.e2e.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The memory flags of one Flink process role, computed as Flink's {@code bin/} scripts compute
 * them: {@code BashJavaUtils GET_TM_RESOURCE_PARAMS} (or {@code GET_JM_RESOURCE_PARAMS}) reads
 * {@code config.yaml} and prints the JVM options ({@code -Xmx}, {@code -Xms}, direct and metaspace
 * limits) and the {@code -D} memory properties the process must be started with (a TaskManager
 * started without them fails: "'taskmanager.cpu.cores' ... is not set").
 *
 * @param jvmOptions the JVM options, one per element
 * @param dynamicProperties the program arguments, {@code "-D", "key=value"} pairs
 */
record ProcessResources(List<String> jvmOptions, List<String> dynamicProperties) {
    private static final String RESULT_PREFIX = "BASH_JAVA_UTILS_EXEC_RESULT:";

    /** Runs BashJavaUtils with {@code command} against {@code conf}; waits at most a minute. */
    static ProcessResources compute(String command, String java, String classPath, Path conf)
            throws IOException, InterruptedException {
        Process process =
                new ProcessBuilder(
                                java,
                                "-cp",
                                classPath,
                                "org.apache.flink.runtime.util.bash.BashJavaUtils",
                                command,
                                "--configDir",
                                conf.toString())
                        .redirectErrorStream(true)
                        .start();
        String output;
        try {
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(1, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IllegalStateException("Cannot compute " + command + ":\n" + output);
            }
        } finally {
            process.destroyForcibly();
        }
        List<String> results = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith(RESULT_PREFIX)) {
                results.add(line.substring(RESULT_PREFIX.length()).trim());
            }
        }
        // The scripts take the last two result lines: JVM options, then dynamic properties.
        if (results.size() < 2) {
            throw new IllegalStateException(
                    "Cannot compute " + command + ": expected 2 result lines in\n" + output);
        }
        return new ProcessResources(
                words(results.get(results.size() - 2)), words(results.get(results.size() - 1)));
    }

    private static List<String> words(String line) {
        return line.isBlank() ? List.of() : Arrays.asList(line.trim().split("\\s+"));
    }
}
