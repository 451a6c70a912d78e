package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainBinaries}: where each PLAIN value lies, the walk that passes values over, the one
 * that gathers stretches of values, and a section none of them can walk.
 */
class PlainBinariesTest {
    private static final long SEED = Long.getLong("pqx.seed", new Random().nextLong());

    @Test
    void indexesEachValueAfterItsLittleEndianLength() {
        // one 300-byte value: its length needs two bytes, so byte order matters
        String big = "x".repeat(300);
        byte[] section = plain("", "ab", big, "é");
        int[] starts = new int[4];
        int[] lengths = new int[4];
        // the section starts 3 bytes into the array: lengths are read at any offset
        byte[] shifted = new byte[section.length + 3];
        System.arraycopy(section, 0, shifted, 3, section.length);
        assertThat(PlainBinaries.index(shifted, 3, shifted.length, 4, starts, lengths)).isTrue();
        assertThat(lengths).containsExactly(0, 2, 300, 2);
        assertThat(starts).containsExactly(7, 11, 17, 321);
        assertThat(new String(shifted, starts[3], lengths[3], StandardCharsets.UTF_8))
                .isEqualTo("é");
    }

    @Test
    void declinesASectionThatEndsInsideALengthOrAValue() {
        byte[] section = plain("abc", "de");
        int[] starts = new int[2];
        int[] lengths = new int[2];
        assertThat(PlainBinaries.index(section, 0, section.length - 1, 2, starts, lengths))
                .isFalse();
        assertThat(PlainBinaries.index(section, 0, 9, 2, starts, lengths)).isFalse();
        // more values than the section holds
        assertThat(PlainBinaries.index(section, 0, section.length, 3, new int[3], new int[3]))
                .isFalse();
    }

    @Test
    void declinesANegativeLength() {
        byte[] section = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 1, 2};
        assertThat(PlainBinaries.index(section, 0, section.length, 1, new int[1], new int[1]))
                .isFalse();
    }

    @Test
    void skipReturnsWhereTheValueAfterTheSkippedOnesStarts() {
        byte[] section = plain("abc", "", "x".repeat(300), "de");
        assertThat(PlainBinaries.skip(section, 0, section.length, 0)).isZero();
        assertThat(PlainBinaries.skip(section, 0, section.length, 1)).isEqualTo(7);
        assertThat(PlainBinaries.skip(section, 0, section.length, 3)).isEqualTo(315);
        // every value: the section's end exactly
        assertThat(PlainBinaries.skip(section, 0, section.length, 4)).isEqualTo(section.length);
        // from the middle, then indexing on where it stopped
        int at = PlainBinaries.skip(section, 7, section.length, 2);
        int[] starts = new int[3];
        int[] lengths = new int[3];
        assertThat(PlainBinaries.indexFrom(section, at, section.length, 1, starts, lengths, 2))
                .isEqualTo(section.length);
        assertThat(starts[2]).isEqualTo(319);
        assertThat(lengths[2]).isEqualTo(2);
    }

    @Test
    void skipAndIndexFromDeclineValuesRunningPastTheEnd() {
        byte[] section = plain("abc", "de");
        // ends inside the second value, inside its length, and before the first length
        assertThat(PlainBinaries.skip(section, 0, section.length - 1, 2)).isEqualTo(-1);
        assertThat(PlainBinaries.skip(section, 0, 9, 2)).isEqualTo(-1);
        assertThat(PlainBinaries.skip(section, 0, 3, 1)).isEqualTo(-1);
        // more values than the section holds
        assertThat(PlainBinaries.skip(section, 0, section.length, 3)).isEqualTo(-1);
        int[] starts = new int[4];
        int[] lengths = new int[4];
        assertThat(PlainBinaries.indexFrom(section, 0, section.length - 1, 2, starts, lengths, 1))
                .isEqualTo(-1);
        assertThat(PlainBinaries.indexFrom(section, 0, 9, 2, starts, lengths, 0)).isEqualTo(-1);
        assertThat(PlainBinaries.indexFrom(section, 0, section.length, 3, starts, lengths, 0))
                .isEqualTo(-1);
    }

    @Test
    void skipAndIndexFromDeclineLengthsThatWouldWrapAroundIntoThePage() {
        // -4: an int sum of place, prefix and length would stay where it was, and walk on;
        // MAX_VALUE: an int sum would wrap to a negative place
        for (int lying : new int[] {-4, -1, Integer.MIN_VALUE, Integer.MAX_VALUE - 3}) {
            byte[] section = new byte[40];
            section[0] = (byte) lying;
            section[1] = (byte) (lying >>> 8);
            section[2] = (byte) (lying >>> 16);
            section[3] = (byte) (lying >>> 24);
            assertThat(PlainBinaries.skip(section, 0, section.length, 1)).isEqualTo(-1);
            assertThat(PlainBinaries.skip(section, 0, section.length, 5)).isEqualTo(-1);
            assertThat(
                            PlainBinaries.indexFrom(
                                    section, 0, section.length, 1, new int[1], new int[1], 0))
                    .isEqualTo(-1);
        }
    }

    @Test
    void gatherRecordsTheStretchesValuesBackToBackAsSkipAndIndexWould() {
        String[] values = new String[40];
        for (int i = 0; i < values.length; i++) {
            values[i] = "v".repeat(i % 7 == 0 ? 300 : i % 5) + i;
        }
        byte[] section = plain(values);
        // stretches from the first value, one value, several, adjacent ones, up to the last value
        int[][] cases = {
            {0, 1}, {0, 3, 5, 1, 6, 2}, {3, 1, 4, 1, 20, 4}, {39, 1}, {10, 30}, {1, 2, 38, 2}
        };
        for (int[] pairs : cases) {
            int m = pairs.length / 2;
            int[] firsts = new int[m];
            int[] counts = new int[m];
            int total = 0;
            for (int j = 0; j < m; j++) {
                // firsts counted from a base of 5, as a cursor's entries are
                firsts[j] = pairs[2 * j] + 5;
                counts[j] = pairs[2 * j + 1];
                total += counts[j];
            }
            int[] starts = new int[total];
            int[] lengths = new int[total];
            int end =
                    PlainBinaries.gather(
                            section, 0, section.length, firsts, 5, counts, m, starts, lengths);
            // the same through skip and indexFrom, stretch by stretch
            int[] expectedStarts = new int[total];
            int[] expectedLengths = new int[total];
            int at = 0;
            int value = 0;
            int out = 0;
            for (int j = 0; j < m; j++) {
                at = PlainBinaries.skip(section, at, section.length, firsts[j] - 5 - value);
                at =
                        PlainBinaries.indexFrom(
                                section,
                                at,
                                section.length,
                                counts[j],
                                expectedStarts,
                                expectedLengths,
                                out);
                value = firsts[j] - 5 + counts[j];
                out += counts[j];
            }
            assertThat(end).as("case %s", Arrays.toString(pairs)).isEqualTo(at);
            assertThat(starts).isEqualTo(expectedStarts);
            assertThat(lengths).isEqualTo(expectedLengths);
        }
        // from the middle of the section: values counted from there
        int from = PlainBinaries.skip(section, 0, section.length, 38);
        int[] starts = new int[1];
        int[] lengths = new int[1];
        assertThat(
                        PlainBinaries.gather(
                                section,
                                from,
                                section.length,
                                new int[] {1},
                                0,
                                new int[] {1},
                                1,
                                starts,
                                lengths))
                .isEqualTo(section.length);
        assertThat(new String(section, starts[0], lengths[0], StandardCharsets.UTF_8))
                .isEqualTo(values[39]);
    }

    @Test
    void gatherDeclinesValuesRunningPastTheEndWhetherPassedOverOrRecorded() {
        byte[] section = plain("abc", "de", "fgh");
        int[] starts = new int[2];
        int[] lengths = new int[2];
        int[] one = {1};
        // the last value recorded ends past the end; the section ends inside a passed-over value,
        // inside a length; more values asked for than the section holds
        assertThat(gather(section, section.length - 1, new int[] {2}, one)).isEqualTo(-1);
        assertThat(gather(section, 12, new int[] {2}, one)).isEqualTo(-1);
        assertThat(gather(section, 9, new int[] {2}, one)).isEqualTo(-1);
        assertThat(gather(section, section.length, new int[] {3}, one)).isEqualTo(-1);
        assertThat(gather(section, section.length, new int[] {2}, new int[] {2})).isEqualTo(-1);
        // lengths that would wrap around into the page, passed over or recorded
        for (int lying : new int[] {-4, -1, Integer.MIN_VALUE, Integer.MAX_VALUE - 3}) {
            byte[] lies = plain("abc", "de", "fgh");
            lies[7] = (byte) lying;
            lies[8] = (byte) (lying >>> 8);
            lies[9] = (byte) (lying >>> 16);
            lies[10] = (byte) (lying >>> 24);
            assertThat(gather(lies, lies.length, new int[] {2}, one)).isEqualTo(-1);
            assertThat(gather(lies, lies.length, new int[] {1}, one)).isEqualTo(-1);
            assertThat(gather(lies, lies.length, new int[] {0}, new int[] {3})).isEqualTo(-1);
        }
        // none asked for: nothing walked
        assertThat(PlainBinaries.gather(section, 3, 3, one, 0, one, 0, starts, lengths))
                .isEqualTo(3);
    }

    private static int gather(byte[] section, int end, int[] firsts, int[] counts) {
        int total = 0;
        for (int c : counts) {
            total += c;
        }
        return PlainBinaries.gather(
                section, 0, end, firsts, 0, counts, firsts.length, new int[total], new int[total]);
    }

    /**
     * The two-chain walk gives what the one-chain walk gives, wherever the second chain is asked to
     * start: on a value boundary, inside a value whose bytes look like length prefixes (binary
     * values holding small little-endian numbers), past the values wanted, nowhere; and on sections
     * with a damaged length anywhere, where both decline alike.
     */
    @Test
    void indexFromSplitGivesWhatIndexFromGivesWhereverTheSecondChainStarts() {
        Random random = new Random(SEED);
        int checked = 0;
        for (int round = 0; round < 600; round++) {
            byte[] section = randomSection(random, 50 + random.nextInt(400));
            int values = countValues(section);
            if (round % 2 == 0) {
                // damage a byte of one value's length prefix: a length a little or far too large,
                // or negative
                int damaged =
                        PlainBinaries.skip(section, 0, section.length, random.nextInt(values));
                section[damaged + random.nextInt(4)] = (byte) random.nextInt(256);
            }
            int end = round % 5 == 0 ? random.nextInt(section.length + 1) : section.length;
            int skipped = random.nextInt(Math.max(1, values / 4));
            int from = PlainBinaries.skip(section, 0, end, skipped);
            if (from < 0) {
                continue;
            }
            int count = 1 + random.nextInt(values);
            int off = random.nextInt(3);
            int[] expectedStarts = new int[off + count];
            int[] expectedLengths = new int[off + count];
            int expected =
                    PlainBinaries.indexFrom(
                            section, from, end, count, expectedStarts, expectedLengths, off);
            for (int split = from; split <= end + 8; split += 1 + random.nextInt(7)) {
                int[] starts = new int[off + count];
                int[] lengths = new int[off + count];
                int[] chainStarts = new int[count];
                int[] chainLengths = new int[count];
                int got =
                        PlainBinaries.indexFromSplit(
                                section,
                                from,
                                end,
                                count,
                                starts,
                                lengths,
                                off,
                                split,
                                chainStarts,
                                chainLengths);
                String what = "round " + round + ", split at " + split;
                assertThat(got).as(what).isEqualTo(expected);
                if (expected >= 0) {
                    assertThat(starts).as(what).isEqualTo(expectedStarts);
                    assertThat(lengths).as(what).isEqualTo(expectedLengths);
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(10_000);
    }

    /** A value running past the end is declined when the second chain is the one to reach it. */
    @Test
    void indexFromSplitDeclinesTheLastValueRunningPastTheEndInTheSecondChain() {
        String[] values = new String[40];
        Arrays.fill(values, "value");
        byte[] section = plain(values);
        int lastPrefix = section.length - 9;
        section[lastPrefix] = 6; // the last value's length: one byte more than is left
        int[] starts = new int[40];
        int[] lengths = new int[40];
        assertThat(PlainBinaries.indexFrom(section, 0, section.length, 40, starts, lengths, 0))
                .isEqualTo(-1);
        for (int split = 1; split < section.length; split++) {
            assertThat(
                            PlainBinaries.indexFromSplit(
                                    section,
                                    0,
                                    section.length,
                                    40,
                                    starts,
                                    lengths,
                                    0,
                                    split,
                                    new int[40],
                                    new int[40]))
                    .as("split at %d", split)
                    .isEqualTo(-1);
        }
        // one value fewer: the walk ends before it, whichever chain walks there
        assertThat(
                        PlainBinaries.indexFromSplit(
                                section,
                                0,
                                section.length,
                                39,
                                starts,
                                lengths,
                                0,
                                section.length / 2,
                                new int[39],
                                new int[39]))
                .isEqualTo(lastPrefix);
    }

    /**
     * {@code values} PLAIN values: text of 0 to 43 bytes, or (one in four) binary values holding
     * small little-endian numbers, which read as plausible length prefixes from inside a value.
     */
    private static byte[] randomSection(Random random, int values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int v = 0; v < values; v++) {
            int length = random.nextInt(10) == 0 ? 300 + random.nextInt(300) : random.nextInt(44);
            byte[] value = new byte[length];
            boolean binary = random.nextInt(4) == 0;
            for (int k = 0; k < length; k++) {
                value[k] =
                        binary
                                ? (byte) (k % 4 == 0 ? random.nextInt(40) : 0)
                                : (byte) (32 + random.nextInt(90));
            }
            out.write(length);
            out.write(length >>> 8);
            out.write(0);
            out.write(0);
            out.writeBytes(value);
        }
        return out.toByteArray();
    }

    private static int countValues(byte[] section) {
        int values = 0;
        for (int pos = 0; pos + 4 <= section.length; values++) {
            pos += 4 + ((section[pos] & 0xFF) | (section[pos + 1] & 0xFF) << 8);
        }
        return values;
    }

    private static byte[] plain(String... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String v : values) {
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            out.write(b.length);
            out.write(b.length >>> 8);
            out.write(b.length >>> 16);
            out.write(b.length >>> 24);
            out.writeBytes(b);
        }
        return out.toByteArray();
    }
}
