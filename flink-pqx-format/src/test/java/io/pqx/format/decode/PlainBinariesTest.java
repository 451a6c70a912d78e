package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainBinaries}: where each PLAIN value lies, the walk that passes values over, and a
 * section neither can walk.
 */
class PlainBinariesTest {

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
