package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BatchGateTest {
    @Test
    void letsAtMostTheLimitOfBatchesOutAndWaitsForTheOldestToBeRecycled() throws Exception {
        BatchGate gate = new BatchGate(2);
        assertThat(gate.awaitFree()).isTrue();
        gate.take();
        assertThat(gate.awaitFree()).as("a second batch may be decoded").isTrue();
        gate.take();
        CompletableFuture<Boolean> third =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return gate.awaitFree();
                            } catch (InterruptedIOException e) {
                                throw new RuntimeException(e);
                            }
                        });
        Thread.sleep(50); // not a timing assertion: the waiter must still be waiting after it
        assertThat(third).isNotDone();
        gate.release();
        assertThat(third.get(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void oneBatchAtATimeAndAWakeUpReturnsFalse() throws Exception {
        BatchGate gate = new BatchGate(1);
        gate.take();
        CompletableFuture<Boolean> waiting =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return gate.awaitFree();
                            } catch (InterruptedIOException e) {
                                throw new RuntimeException(e);
                            }
                        });
        gate.wakeUp();
        assertThat(waiting.get(10, TimeUnit.SECONDS)).isFalse();
        assertThatThrownBy(() -> new BatchGate(3)).hasMessageContaining("1 or 2");
    }
}
