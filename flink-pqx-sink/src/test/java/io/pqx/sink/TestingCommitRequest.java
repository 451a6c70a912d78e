package io.pqx.sink;

import io.pqx.sink.committer.PqxCommittable;
import org.apache.flink.api.connector.sink2.Committer.CommitRequest;

/**
 * A commit request that records what the committer signalled: {@link #outcome} is {@code
 * "committed"} when it signalled nothing (success), else {@code "already"}, {@code "retry"}, {@code
 * "update"}, {@code "known"} or {@code "unknown"} (then {@link #failure} holds the cause).
 */
public final class TestingCommitRequest implements CommitRequest<PqxCommittable> {
    public final PqxCommittable committable;
    private final int retries;
    public String outcome = "committed";
    public Throwable failure;

    public TestingCommitRequest(PqxCommittable committable, int retries) {
        this.committable = committable;
        this.retries = retries;
    }

    public TestingCommitRequest(PqxCommittable committable) {
        this(committable, 0);
    }

    @Override
    public PqxCommittable getCommittable() {
        return committable;
    }

    @Override
    public int getNumberOfRetries() {
        return retries;
    }

    @Override
    public void signalFailedWithKnownReason(Throwable t) {
        outcome = "known";
        failure = t;
    }

    @Override
    public void signalFailedWithUnknownReason(Throwable t) {
        outcome = "unknown";
        failure = t;
    }

    @Override
    public void retryLater() {
        outcome = "retry";
    }

    @Override
    public void updateAndRetryLater(PqxCommittable committable) {
        outcome = "update";
    }

    @Override
    public void signalAlreadyCommitted() {
        outcome = "already";
    }
}
