package io.pqx.e2e.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobID;

/**
 * The failure every cluster test injects: once a running job has completed some checkpoints, one
 * TaskManager that runs its subtasks is SIGKILLed by its process id, a replacement is started at
 * once, and the call returns when the JobManager has noticed the loss and registered the
 * replacement. With one slot per TaskManager the job can only run again on the replacement. Checks,
 * rather than assumes, that the job was running when the kill came.
 */
final class TaskManagerFailover {
    private static final Set<String> TERMINAL = Set.of("FAILED", "CANCELED", "FINISHED");
    private static final Duration CHECKPOINTS_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration DETECTION_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration REGISTRATION_TIMEOUT = Duration.ofSeconds(90);

    /**
     * One kill: how long after the job started running it came, the TaskManager killed and its pid,
     * its replacement, the checkpoints the job had completed before, and how long the JobManager
     * took to notice the loss (heartbeats) and to register the replacement, both from the kill.
     */
    record Kill(
            Duration afterRunning,
            String victim,
            long pid,
            String replacement,
            long checkpointsBefore,
            Duration lossNoticed,
            Duration replacementRegistered) {}

    private TaskManagerFailover() {}

    /** Waits for {@code checkpoints} completed checkpoints of {@code job}; kills and replaces. */
    static Kill afterCheckpoints(LocalFlinkCluster cluster, JobID job, int checkpoints)
            throws Exception {
        ClusterRest rest = cluster.rest();
        Await.until(
                checkpoints + " completed checkpoints of job " + job,
                CHECKPOINTS_TIMEOUT,
                () -> {
                    if (rest.checkpoints(job).completed() >= checkpoints) {
                        return true;
                    }
                    String state = rest.jobState(job);
                    if (TERMINAL.contains(state)) {
                        throw new AssertionError(
                                "Job "
                                        + job
                                        + " is "
                                        + state
                                        + " before the kill: "
                                        + rest.checkpoints(job));
                    }
                    return false;
                },
                () -> rest.jobState(job) + " " + rest.checkpoints(job));
        long before = rest.checkpoints(job).completed();
        // What the restore will read: a completed checkpoint in the cluster's local directory.
        Path jobCheckpoints = cluster.checkpointDir().resolve(job.toString());
        try (Stream<Path> entries = Files.list(jobCheckpoints)) {
            if (entries.noneMatch(p -> p.getFileName().toString().startsWith("chk-"))) {
                throw new AssertionError("No completed checkpoint in " + jobCheckpoints);
            }
        }
        String state = rest.jobState(job);
        if (!state.equals("RUNNING")) {
            throw new AssertionError("Job " + job + " is " + state + ", not RUNNING, at the kill");
        }
        // A TaskManager of the job, chosen by what REST says runs it, not by assumption.
        Set<String> running = cluster.runningTaskManagers();
        Set<String> ofJob = new TreeSet<>(rest.taskManagersOf(job));
        ofJob.retainAll(running);
        if (ofJob.isEmpty()) {
            throw new AssertionError("No TaskManager of " + running + " runs job " + job);
        }
        String victim = ofJob.iterator().next();
        long runningSince = rest.runningSince(job);
        long killedAt = System.nanoTime();
        // The cluster's processes run on this machine: one clock for the JobManager and the test.
        Duration afterRunning = Duration.ofMillis(System.currentTimeMillis() - runningSince);
        long pid = cluster.killTaskManager(victim);
        String replacement = cluster.startTaskManager();
        Duration noticed =
                Await.until(
                        "the JobManager to notice that " + victim + " is gone",
                        DETECTION_TIMEOUT,
                        () -> !rest.taskManagerIds().contains(victim),
                        () -> "registered " + rest.taskManagerIds());
        Set<String> expected = new TreeSet<>(running);
        expected.remove(victim);
        expected.add(replacement);
        cluster.awaitTaskManagers(expected, REGISTRATION_TIMEOUT);
        Duration registered = Duration.ofNanos(System.nanoTime() - killedAt);
        System.out.printf(
                "[cluster] killed %s (pid %d, SIGKILL) %.1f s after the job started running,"
                        + " after %d checkpoints; loss noticed after %.1f s; replacement %s"
                        + " registered %.1f s after the kill%n",
                victim,
                pid,
                afterRunning.toMillis() / 1000.0,
                before,
                noticed.toMillis() / 1000.0,
                replacement,
                registered.toMillis() / 1000.0);
        return new Kill(afterRunning, victim, pid, replacement, before, noticed, registered);
    }
}
