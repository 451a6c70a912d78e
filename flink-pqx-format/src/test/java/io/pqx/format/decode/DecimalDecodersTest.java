package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalDecodersTest {

    /**
     * A dictionary's FIXED_LEN_BYTE_ARRAY entries of every length 1..16 (random bytes, and the
     * extremes of each length), at the very start of the array (no 8 bytes before them) and after
     * other bytes: converted once to the same longs as {@link HeapDecimalVector#toLong} gives, and
     * a dictionary holding an entry wider than a long gives none.
     */
    @Test
    void convertsDictionaryEntriesAsTheByteByByteReading() {
        Random random = new Random(42);
        for (int length = 1; length <= 16; length++) {
            for (int lead : new int[] {0, 1, 7, 8, 13}) {
                int size = 200;
                byte[] bytes = new byte[lead + size * length];
                random.nextBytes(bytes);
                int[] starts = new int[size];
                int[] lengths = new int[size];
                for (int id = 0; id < size; id++) {
                    starts[id] = lead + id * length;
                    lengths[id] = length;
                }
                // extremes: -1, 0, the largest and smallest value of the length
                fill(bytes, starts[0], length, (byte) 0xFF);
                fill(bytes, starts[1], length, (byte) 0);
                if (length <= 8) {
                    fill(bytes, starts[2], length, (byte) 0xFF);
                    bytes[starts[2]] = 0x7F;
                    fill(bytes, starts[3], length, (byte) 0);
                    bytes[starts[3]] = (byte) 0x80;
                } else {
                    // entries wider than a long fit only when their extra bytes are the sign's
                    for (int id = 2; id < size; id++) {
                        byte sign = (bytes[starts[id] + length - 8] & 0x80) != 0 ? (byte) -1 : 0;
                        fill(bytes, starts[id], length - 8, sign);
                    }
                }
                long[] converted = DecimalDecoders.FromBinary.unscaledLongs(bytes, starts, lengths);
                assertThat(converted).as("length %d, lead %d", length, lead).isNotNull();
                for (int id = 0; id < size; id++) {
                    assertThat(converted[id])
                            .as("length %d, lead %d, entry %d", length, lead, id)
                            .isEqualTo(HeapDecimalVector.toLong(bytes, starts[id], length));
                }
                if (length > 8) {
                    bytes[starts[3]] = 0x7F; // no longer a long's sign extension
                    assertThat(DecimalDecoders.FromBinary.unscaledLongs(bytes, starts, lengths))
                            .isNull();
                }
            }
        }
    }

    private static void fill(byte[] bytes, int at, int n, byte value) {
        for (int i = 0; i < n; i++) {
            bytes[at + i] = value;
        }
    }
}
