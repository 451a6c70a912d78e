package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;

/**
 * How failures of column tasks reach the writer (its bytes are checked by {@code
 * ParquetWriterStreamingTest}).
 */
class StreamingRowGroupWriterTest {

    @Test
    void aColumnsIOExceptionArrivesAsItIs() {
        IOException cause = new IOException("Cannot encode column c: disk");
        CompletableFuture<Void> failed = CompletableFuture.runAsync(() -> {
            throw new UncheckedIOException(cause);
        });
        assertThatThrownBy(() -> StreamingRowGroupWriter.await(failed)).isSameAs(cause);
    }

    @Test
    void anIllegalArgumentInATaskIsNotMistakenForARejectedRow() {
        CompletableFuture<Void> failed = CompletableFuture.runAsync(() -> {
            throw new IllegalArgumentException("from inside a column writer");
        });
        assertThatThrownBy(() -> StreamingRowGroupWriter.await(failed))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Cannot encode row group")
                .hasRootCauseInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aValueIsReturned() throws IOException {
        assertThat(StreamingRowGroupWriter.await(CompletableFuture.completedFuture(7))).isEqualTo(7);
    }
}
