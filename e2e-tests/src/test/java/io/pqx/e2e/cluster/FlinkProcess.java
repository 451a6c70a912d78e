package io.pqx.e2e.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One JVM of a {@link LocalFlinkCluster} (the JobManager or a TaskManager), a child process of the
 * test JVM: its name, its process id, and its log ({@code <name>.log}, written by log4j) and
 * console ({@code <name>.out}, stdout and stderr) files. It is only ever ended by {@link #kill}, a
 * SIGKILL sent to its own process id: the way a TaskManager dies when its machine or container
 * goes, with no shutdown hook run and nothing flushed. Used by the test thread only.
 */
final class FlinkProcess {
    /** A process ended by a signal exits with 128 + the signal's number; SIGKILL is 9. */
    static final int SIGKILL_EXIT = 128 + 9;

    private final String name;
    private final Process process;
    private final Path log;
    private final Path out;

    private FlinkProcess(String name, Process process, Path log, Path out) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.out = out;
    }

    /**
     * Starts {@code java jvmOptions -Dlog.file=... mainClass arguments}; {@code logs} receives its
     * files.
     */
    static FlinkProcess start(
            String name,
            String java,
            List<String> jvmOptions,
            String mainClass,
            List<String> arguments,
            Path logs)
            throws IOException {
        Path log = logs.resolve(name + ".log");
        Path out = logs.resolve(name + ".out");
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.add("-Dlog.file=" + log);
        command.add(mainClass);
        command.addAll(arguments);
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(out.toFile())
                        .start();
        return new FlinkProcess(name, process, log, out);
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Sends SIGKILL to the process by its id and waits until it is gone; returns its exit code
     * ({@link #SIGKILL_EXIT} when the signal ended it), or -1 if it outlived {@code wait}. A
     * process that already exited is left alone and its exit code returned.
     */
    int kill(Duration wait) throws InterruptedException {
        signalKill();
        return awaitExit(wait);
    }

    /** Sends SIGKILL to the process by its id, if it still runs; does not wait. */
    void signalKill() {
        // JDK on Linux: ProcessHandle.destroyForcibly() is kill(pid, SIGKILL), sent only if the
        // process with that id is still the one started (its start time is checked, so a
        // reused pid is never hit); the exit code (128 + 9) then shows the signal ended it.
        if (process.isAlive()) {
            process.toHandle().destroyForcibly();
        }
    }

    /** Waits until the process has exited; returns its exit code, or -1 after {@code wait}. */
    int awaitExit(Duration wait) throws InterruptedException {
        if (!process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
            return -1;
        }
        return process.exitValue();
    }

    /** The last {@code lines} lines of its log and of its console output. */
    String tail(int lines) {
        return "---- "
                + name
                + " (pid "
                + pid()
                + (isAlive() ? ", alive" : ", exited")
                + ") "
                + log.getFileName()
                + ":\n"
                + tail(log, lines)
                + "---- "
                + out.getFileName()
                + ":\n"
                + tail(out, lines);
    }

    private static String tail(Path file, int lines) {
        try {
            if (!Files.exists(file)) {
                return "(none)\n";
            }
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            StringBuilder text = new StringBuilder();
            for (String line : all.subList(Math.max(0, all.size() - lines), all.size())) {
                text.append(line).append('\n');
            }
            return text.toString();
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")\n";
        }
    }
}
