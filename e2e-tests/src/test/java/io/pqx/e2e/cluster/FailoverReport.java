package io.pqx.e2e.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

/**
 * The figures a cluster test reports in one line: rows expected and committed, duplicates and
 * losses, TaskManagers killed, failovers (the job's exception history), restores from a checkpoint
 * and completed checkpoints (REST), and times.
 *
 * @param test the test's name
 * @param expected rows the job had to commit
 * @param committed what DuckDB read back
 * @param kills TaskManagers SIGKILLed during the job
 * @param failovers the job's exception history, one line per failover
 * @param checkpoints the job's checkpoint counts at its end
 * @param kill the (first) kill's details
 * @param jobTime from submission to the job's end
 */
record FailoverReport(
        String test,
        long expected,
        CommittedRows committed,
        int kills,
        List<String> failovers,
        ClusterRest.Checkpoints checkpoints,
        TaskManagerFailover.Kill kill,
        Duration jobTime) {

    String line() {
        return String.format(
                "[cluster] %s: rows %d expected, %d committed in %d files, %d duplicates,"
                        + " %d lost, %d foreign, %d bad payloads, %d misplaced;"
                        + " kills %d (%s pid %d),"
                        + " failovers %d, restores %d, checkpoints %d completed / %d failed;"
                        + " loss noticed after %.1f s, replacement %s registered after %.1f s;"
                        + " job %.1f s; failovers: %s",
                test,
                expected,
                committed.rows(),
                committed.files(),
                committed.duplicates(),
                committed.losses(expected),
                committed.strangers(),
                committed.badPayloads(),
                committed.misplaced(),
                kills,
                kill.victim(),
                kill.pid(),
                failovers.size(),
                checkpoints.restored(),
                checkpoints.completed(),
                checkpoints.failed(),
                kill.lossNoticed().toMillis() / 1000.0,
                kill.replacement(),
                kill.replacementRegistered().toMillis() / 1000.0,
                jobTime.toMillis() / 1000.0,
                failovers);
    }

    /**
     * Asserts what every cluster test proves: the job failed over and restored from a checkpoint
     * after the kill, and every expected row is committed exactly once, in the right place.
     */
    void assertExactlyOnceAfterFailover() {
        assertThat(kills).as("TaskManagers killed").isGreaterThanOrEqualTo(1);
        assertThat(failovers).as("failovers in the job's exception history").isNotEmpty();
        assertThat(checkpoints.restored())
                .as("restores from a checkpoint")
                .isGreaterThanOrEqualTo(1);
        assertThat(committed.duplicates()).as("rows committed twice").isZero();
        assertThat(committed.losses(expected)).as("rows lost").isZero();
        assertThat(committed.strangers()).as("rows never generated").isZero();
        assertThat(committed.rows()).as("committed rows").isEqualTo(expected);
        assertThat(committed.badPayloads()).as("rows with a wrong payload").isZero();
        assertThat(committed.misplaced()).as("rows in a wrong partition directory").isZero();
    }
}
