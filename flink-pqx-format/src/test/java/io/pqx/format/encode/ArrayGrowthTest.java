package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import org.junit.jupiter.api.Test;

/** {@link ArrayGrowth}: doubling, "at least what is needed", and a clear error past the bounds. */
class ArrayGrowthTest {

    @Test
    void growsToTwiceOrToWhatIsNeededAndNamesWhatOutgrewItsBound() {
        assertThat(ArrayGrowth.atLeast(100, 101, "x")).isEqualTo(200);
        assertThat(ArrayGrowth.atLeast(100, 1_000, "x")).isEqualTo(1_000);
        assertThat(ArrayGrowth.atLeast(ArrayGrowth.MAX_ARRAY - 1, ArrayGrowth.MAX_ARRAY, "x"))
                .isEqualTo(ArrayGrowth.MAX_ARRAY);
        assertThatIllegalStateException()
                .isThrownBy(
                        () ->
                                ArrayGrowth.atLeast(
                                        10, ArrayGrowth.MAX_ARRAY + 1L, "a page's values"))
                .withMessageStartingWith("Cannot encode a page's values: more than");
        assertThat(ArrayGrowth.doubled(1 << 10)).isEqualTo(1 << 11);
        assertThatIllegalStateException()
                .isThrownBy(() -> ArrayGrowth.doubled(1 << 30))
                .withMessageContaining("dictionary");
    }
}
