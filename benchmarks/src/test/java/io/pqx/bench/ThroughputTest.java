package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ThroughputTest {

    @Test
    void medianOfOddCountIsTheMiddleRound() {
        Throughput throughput = new Throughput();
        throughput.add(1_000, 1_000_000_000L); // 1000 rows/s
        throughput.add(1_000, 250_000_000L); // 4000 rows/s
        throughput.add(1_000, 500_000_000L); // 2000 rows/s

        assertThat(throughput.median()).isEqualTo(2000.0);
        assertThat(throughput.rounds(",")).isEqualTo("[1000,4000,2000]");
    }

    @Test
    void medianOfEvenCountIsTheMeanOfTheMiddleTwo() {
        Throughput throughput = new Throughput();
        throughput.add(100, 1_000_000_000L);
        throughput.add(300, 1_000_000_000L);

        assertThat(throughput.median()).isEqualTo(200.0);
    }

    @Test
    void medianWithoutRoundsFails() {
        assertThatThrownBy(() -> new Throughput().median())
                .isInstanceOf(IllegalStateException.class);
    }
}
