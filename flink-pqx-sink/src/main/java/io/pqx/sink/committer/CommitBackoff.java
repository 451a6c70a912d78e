package io.pqx.sink.committer;

/**
 * How long the {@link PqxCommitter} waits before a retry: Flink retries a commit at once, in a
 * loop, so without a pause every retry of a flaky store would come within a millisecond of the
 * first. The pause doubles with each retry, from {@code initialMillis} up to {@code maxMillis}.
 * Immutable; {@link #pause} runs on the committer's thread.
 */
final class CommitBackoff {
    /** Sleeps; a seam for tests. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    /** 200 ms, 400 ms, 800 ms, ... at most 2 s. */
    static final CommitBackoff DEFAULT = new CommitBackoff(200, 2_000, Thread::sleep);

    private final long initialMillis;
    private final long maxMillis;
    private final Sleeper sleeper;

    CommitBackoff(long initialMillis, long maxMillis, Sleeper sleeper) {
        if (initialMillis < 1 || maxMillis < initialMillis) {
            throw new IllegalArgumentException(
                    "Cannot back off from " + initialMillis + " ms up to " + maxMillis + " ms");
        }
        this.initialMillis = initialMillis;
        this.maxMillis = maxMillis;
        this.sleeper = sleeper;
    }

    /** The pause before retry number {@code retries} (1 for the first retry); 0 for none. */
    long delayMillis(int retries) {
        if (retries < 1) {
            return 0;
        }
        long delay = initialMillis;
        for (int i = 1; i < retries && delay < maxMillis; i++) {
            delay *= 2;
        }
        return Math.min(delay, maxMillis);
    }

    /** Waits {@link #delayMillis} before retry number {@code retries}. */
    void pause(int retries) throws InterruptedException {
        long delay = delayMillis(retries);
        if (delay > 0) {
            sleeper.sleep(delay);
        }
    }
}
