package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link HybridRunDecoder#gather}: the values of a page's stretches in one call, taken straight
 * from the bits of a bit-packed run where the run holds the stretch, must equal what a skip and a
 * read of each stretch give, at every width, from any place (a group partly read or left packed by
 * a skip, a run's start), for stretches of one value, of several, adjacent ones and ones crossing
 * runs; and the decoder must read on from after them exactly. It fails where the skip and the read
 * fail: an id past the bound that is read (not one passed over), a group past the bytes.
 */
class HybridRunGatherTest {

    static IntStream widths() {
        return IntStream.rangeClosed(0, 32);
    }

    @ParameterizedTest
    @MethodSource("widths")
    void gathersWhatSkipsAndReadsGiveAndReadsOnFromThere(int width) throws Exception {
        for (int n : new int[] {9, 100, 1000, 4099}) {
            // RLE runs among bit-packed ones
            int[] expected = HybridRunDecoderTest.values(width, n, width * 17L + n);
            byte[] bytes = HybridRunDecoderTest.encode(width, expected);
            int bound = width <= 30 ? 1 << width : -1;
            Random random = new Random(width * 5L + n);
            for (int trial = 0; trial < 30; trial++) {
                HybridRunDecoder decoder = new HybridRunDecoder();
                decoder.reset(bytes, 0, bytes.length, width);
                int at = 0;
                // start inside a group: read or skipped into
                int lead = random.nextInt(Math.min(n, 20));
                if (random.nextBoolean()) {
                    int[] head = new int[lead];
                    assertThat(decoder.read(head, 0, lead, bound)).isTrue();
                    assertThat(head).isEqualTo(Arrays.copyOfRange(expected, 0, lead));
                } else {
                    assertThat(decoder.skip(lead)).isTrue();
                }
                at = lead;
                while (at < n) {
                    // a batch of stretches: gaps of none to past a run of 504 values
                    List<int[]> stretches = new ArrayList<>();
                    int end = at;
                    int m = 1 + random.nextInt(6);
                    for (int j = 0; j < m; j++) {
                        int[] gaps = {0, 0, 1, 3, 7, 8, 9, 50, 99, 600};
                        int gap = gaps[random.nextInt(gaps.length)];
                        int length = 1 + (random.nextInt(4) == 0 ? random.nextInt(20) : 0);
                        if (end + gap + length > n) {
                            break;
                        }
                        stretches.add(new int[] {end + gap, length});
                        end += gap + length;
                    }
                    if (stretches.isEmpty()) {
                        break;
                    }
                    int[] firsts = new int[stretches.size()];
                    int[] counts = new int[stretches.size()];
                    int total = 0;
                    for (int j = 0; j < firsts.length; j++) {
                        firsts[j] = stretches.get(j)[0] + 1000; // entries, from a base of at
                        counts[j] = stretches.get(j)[1];
                        total += counts[j];
                    }
                    int[] out = new int[total + 1];
                    Arrays.fill(out, -7);
                    assertThat(decoder.gather(out, firsts, at + 1000, counts, firsts.length, bound))
                            .as("width %d, n %d, stretches from %d", width, n, at)
                            .isTrue();
                    int o = 0;
                    for (int[] s : stretches) {
                        for (int k = 0; k < s[1]; k++) {
                            assertThat(out[o++])
                                    .as("width %d, value %d", width, s[0] + k)
                                    .isEqualTo(expected[s[0] + k]);
                        }
                    }
                    assertThat(out[total]).isEqualTo(-7);
                    at = end;
                    if (at < n && random.nextInt(3) == 0) {
                        // and on with a plain read
                        int length = Math.min(n - at, 1 + random.nextInt(12));
                        int[] next = new int[length];
                        assertThat(decoder.read(next, 0, length, bound)).isTrue();
                        assertThat(next).isEqualTo(Arrays.copyOfRange(expected, at, at + length));
                        at += length;
                    }
                }
                // past the last value there are none to gather (a last group's padding aside:
                // at most 7 values, as for a read)
                assertThat(
                                decoder.gather(
                                        new int[8], new int[] {n - at}, 0, new int[] {8}, 1, bound))
                        .isFalse();
            }
        }
    }

    @Test
    void checksTheIdsItReadsAgainstTheBoundNotThoseItPassesOver() throws Exception {
        int[] ids = new int[64];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i % 5; // one bit-packed run, of 3 bits
        }
        ids[37] = 5;
        byte[] bytes = HybridRunDecoderTest.encode(3, ids);
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(bytes, 0, bytes.length, 3);
        int[] out = new int[4];
        // stretches around id 37, then one from it
        assertThat(decoder.gather(out, new int[] {2, 36, 38}, 0, new int[] {1, 1, 2}, 3, 5))
                .isTrue();
        assertThat(out).containsExactly(2, 1, 3, 4);
        decoder.reset(bytes, 0, bytes.length, 3);
        assertThat(decoder.gather(out, new int[] {2, 37}, 0, new int[] {1, 1}, 2, 5)).isFalse();
        // without a bound nothing is checked
        decoder.reset(bytes, 0, bytes.length, 3);
        assertThat(decoder.gather(out, new int[] {37}, 0, new int[] {1}, 1, -1)).isTrue();
        assertThat(out[0]).isEqualTo(5);
    }

    @Test
    void refusesAGroupPastTheBytesAsASkipAndAReadDo() throws Exception {
        int[] values = new int[64];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7;
        }
        byte[] bytes = HybridRunDecoderTest.encode(3, values);
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 3); // the last group lost
        HybridRunDecoder decoder = new HybridRunDecoder();
        decoder.reset(cut, 0, cut.length, 3);
        int[] out = new int[2];
        assertThat(decoder.gather(out, new int[] {10, 55}, 0, new int[] {1, 1}, 2, 8)).isTrue();
        assertThat(out).containsExactly(3, 6);
        assertThat(decoder.gather(out, new int[] {56}, 56, new int[] {1}, 1, 8)).isFalse();
        decoder.reset(cut, 0, cut.length, 3);
        assertThat(decoder.gather(out, new int[] {50, 56}, 0, new int[] {1, 1}, 2, 8)).isFalse();
    }
}
