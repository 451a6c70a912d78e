package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link PlainBinaries#index}: where each PLAIN value lies, and a section it cannot walk. */
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
