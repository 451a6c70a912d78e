package io.pqx.e2e.interop;

import java.util.List;
import java.util.concurrent.Callable;
import javax.annotation.Nullable;

/**
 * What one peer made of a file: its JSON lines, or the exception it failed with. Immutable.
 *
 * <p>Used by the corpus and interop tests to compare peers without letting one peer's failure hide
 * the other's rendering.
 */
record PeerOutcome(@Nullable List<String> lines, @Nullable Throwable failure) {

    /** Runs {@code rendering}, capturing any exception (or linkage error) as the outcome. */
    static PeerOutcome of(Callable<List<String>> rendering) {
        try {
            return new PeerOutcome(List.copyOf(rendering.call()), null);
        } catch (Exception | LinkageError e) {
            return new PeerOutcome(null, e);
        }
    }

    boolean succeeded() {
        return failure == null;
    }

    /** One line for reports: the exception class and the first line of its message. */
    String failureSummary() {
        if (failure == null) {
            return "";
        }
        String message = String.valueOf(failure.getMessage()).lines().findFirst().orElse("");
        return failure.getClass().getSimpleName() + ": " + message;
    }
}
