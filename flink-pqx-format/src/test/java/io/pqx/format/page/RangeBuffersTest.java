package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link RangeBuffers}: an array given back is handed out again for any read it can hold, the
 * smallest that fits first; a new array has room for a row group a little larger than the one it
 * was made for; only the largest few are kept.
 */
class RangeBuffersTest {

    @Test
    void theSmallestArrayThatFitsIsHandedOutAgain() {
        RangeBuffers buffers = new RangeBuffers();
        byte[] small = new byte[100];
        byte[] large = new byte[1000];
        buffers.give(large);
        buffers.give(small);
        assertThat(buffers.take(90)).isSameAs(small);
        assertThat(buffers.take(90)).isSameAs(large);
        assertThat(buffers.take(90)).isNotSameAs(small).isNotSameAs(large);
        assertThat(buffers.reused()).isEqualTo(2);
        assertThat(buffers.taken()).isEqualTo(3);
    }

    @Test
    void aNewArrayHoldsTheNextSlightlyLargerRowGroup() {
        RangeBuffers buffers = new RangeBuffers();
        byte[] first = buffers.take(80_000);
        assertThat(first.length).isGreaterThanOrEqualTo(80_000);
        buffers.give(first);
        assertThat(buffers.take(84_000)).as("5 % larger").isSameAs(first);
    }

    @Test
    void onlyTheLargestArraysAreKept() {
        RangeBuffers buffers = new RangeBuffers();
        byte[][] given = {new byte[30], new byte[10], new byte[20]};
        for (byte[] b : given) {
            buffers.give(b);
        }
        assertThat(buffers.take(1)).isSameAs(given[2]);
        assertThat(buffers.take(1)).isSameAs(given[0]);
        assertThat(buffers.take(1)).as("the smallest was dropped").isNotSameAs(given[1]);
    }
}
