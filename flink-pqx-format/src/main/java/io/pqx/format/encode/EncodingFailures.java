package io.pqx.format.encode;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.flink.annotation.Internal;

/**
 * A failure of an encoding or writing task, as the {@link IOException} the writer's thread throws.
 * One translation for every place that waits on such a task, so a failure reads the same wherever
 * it surfaces.
 */
@Internal
public final class EncodingFailures {
    private EncodingFailures() {}

    /**
     * {@code failure} unwrapped from its future wrappers: a column's or the stream's {@link
     * IOException} keeps its message (it names the column or says what the stream refused) and
     * gains the file; anything else, an {@link IllegalArgumentException} from inside a column
     * writer included, becomes an IOException too, so it is never mistaken for a rejected row
     * (which leaves the writer usable while the columns may have taken part of a slice). An {@link
     * Error} is rethrown as it is.
     */
    public static IOException toIOException(Throwable failure, String location) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof UncheckedIOException unchecked) {
            cause = unchecked.getCause();
        }
        if (cause instanceof Error error) {
            throw error;
        }
        if (cause instanceof IOException io) {
            return new IOException(io.getMessage() + " (" + location + ")", io);
        }
        if (cause instanceof CancellationException) {
            InterruptedIOException stopped =
                    new InterruptedIOException(
                            "Cannot write row group: encoding stopped (" + location + ")");
            stopped.initCause(cause);
            return stopped;
        }
        return new IOException("Cannot encode row group: " + cause + " (" + location + ")", cause);
    }
}
