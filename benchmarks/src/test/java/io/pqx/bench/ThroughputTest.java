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
    void pairsRoundsInTheOrderTheyWereMeasured() {
        Throughput pqx = new Throughput();
        Throughput peer = new Throughput();
        // round 1: pqx 2000 rows/s, peer 1000; round 2 (a slow round for both): 1000 and 800;
        // round 3: 4000 and 1000
        pqx.add(1_000, 500_000_000L);
        peer.add(1_000, 1_000_000_000L);
        pqx.add(1_000, 1_000_000_000L);
        peer.add(1_000, 1_250_000_000L);
        pqx.add(1_000, 250_000_000L);
        peer.add(1_000, 1_000_000_000L);

        // round by round 2.0, 1.25, 4.0, sorted; the medians' ratio would be 2000 / 1000 = 2.0
        assertThat(pqx.pairedOver(peer)).containsExactly(1.25, 2.0, 4.0);
        assertThat(peer.pairedOver(pqx)).containsExactly(0.25, 0.5, 0.8);
    }

    @Test
    void pairingUnequalRoundsFails() {
        Throughput one = new Throughput();
        one.add(1_000, 1_000_000_000L);
        assertThatThrownBy(() -> one.pairedOver(new Throughput()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Throughput().pairedOver(new Throughput()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void medianWithoutRoundsFails() {
        assertThatThrownBy(() -> new Throughput().median())
                .isInstanceOf(IllegalStateException.class);
    }
}
