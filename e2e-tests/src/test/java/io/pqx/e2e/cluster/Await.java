package io.pqx.e2e.cluster;

import java.time.Duration;

/**
 * Polls a condition until it holds or a deadline passes; then fails with a message that says what
 * was awaited and what was last seen. The cluster tests' only way to wait: no sleep stands for a
 * condition.
 */
final class Await {
    /** A condition that may throw (REST calls, DuckDB queries). */
    @FunctionalInterface
    interface Condition {
        boolean holds() throws Exception;
    }

    /** What was last seen, for the failure message. */
    @FunctionalInterface
    interface State {
        String describe() throws Exception;
    }

    private static final Duration POLL = Duration.ofMillis(200);

    private Await() {}

    /** Waits until {@code condition} holds, checking every 200 ms; returns the time it took. */
    static Duration until(String what, Duration timeout, Condition condition, State state)
            throws Exception {
        return until(what, timeout, POLL, condition, state);
    }

    /** Waits until {@code condition} holds, checking every {@code poll}; returns the time taken. */
    static Duration until(
            String what, Duration timeout, Duration poll, Condition condition, State state)
            throws Exception {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "Timed out after "
                                + timeout.toSeconds()
                                + " s waiting for "
                                + what
                                + "; last seen: "
                                + state.describe());
            }
            Thread.sleep(poll.toMillis());
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
