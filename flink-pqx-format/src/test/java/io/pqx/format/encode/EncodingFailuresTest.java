package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** How a failed encoding or writing task reaches the writer's thread. */
class EncodingFailuresTest {

    @Test
    void aColumnsIOExceptionKeepsItsMessageAndGainsTheFile() {
        IOException cause = new IOException("Cannot encode column c: disk");
        CompletableFuture<Void> failed =
                CompletableFuture.runAsync(
                        () -> {
                            throw new UncheckedIOException(cause);
                        });
        Throwable thrown = catchJoin(failed);
        IOException io = EncodingFailures.toIOException(thrown, "f.parquet");
        assertThat(io).hasMessage("Cannot encode column c: disk (f.parquet)").hasCause(cause);
    }

    @Test
    void anIllegalArgumentInATaskIsNotMistakenForARejectedRow() {
        CompletableFuture<Void> failed =
                CompletableFuture.runAsync(
                        () -> {
                            throw new IllegalArgumentException("from inside a column writer");
                        });
        assertThat(EncodingFailures.toIOException(catchJoin(failed), "f.parquet"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Cannot encode row group")
                .hasMessageEndingWith("(f.parquet)")
                .hasRootCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCancelledTaskReadsAsStopped() {
        assertThat(EncodingFailures.toIOException(new CancellationException(), "f.parquet"))
                .isInstanceOf(InterruptedIOException.class)
                .hasMessage("Cannot write row group: encoding stopped (f.parquet)");
    }

    @Test
    void anErrorIsRethrownAsItIs() {
        OutOfMemoryError error = new OutOfMemoryError("simulated");
        assertThatThrownBy(
                        () ->
                                EncodingFailures.toIOException(
                                        new CompletionException(error), "f.parquet"))
                .isSameAs(error);
    }

    private static Throwable catchJoin(CompletableFuture<?> future) {
        try {
            future.join();
        } catch (CompletionException e) {
            return e;
        }
        throw new AssertionError("the future did not fail");
    }
}
