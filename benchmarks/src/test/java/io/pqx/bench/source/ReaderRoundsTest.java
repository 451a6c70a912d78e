package io.pqx.bench.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link ReaderRounds}' warm-up ends on a round during which the JVM compiled for less than 2 % of
 * the round's wall time.
 */
class ReaderRoundsTest {
    @Test
    void aRoundIsQuietBelowTwoPercentOfItsWallTimeCompiling() {
        assertThat(ReaderRounds.quiet(0, 1000)).isTrue();
        assertThat(ReaderRounds.quiet(19, 1000)).isTrue();
        assertThat(ReaderRounds.quiet(20, 1000)).isFalse();
        assertThat(ReaderRounds.quiet(400, 1000)).isFalse();
        assertThat(ReaderRounds.quiet(0, 0)).as("no time, no quiet to judge by").isFalse();
    }
}
