package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PackedGroupsTest {

    static IntStream widths() {
        return IntStream.rangeClosed(1, 32);
    }

    /**
     * Groups packed by parquet-column at an odd offset, in an array that ends where the section
     * does (a read past the end would throw): the groups taken are the most whose reads fit, their
     * values parquet-column's, and nothing outside them is written.
     */
    @ParameterizedTest
    @MethodSource("widths")
    void unpacksTheGroupsWhoseReadsFitLikeParquetColumn(int width) {
        Random random = new Random(width * 7L + 3);
        BytePacker packer = Packer.LITTLE_ENDIAN.newBytePacker(width);
        int groups = 40;
        int[] values = new int[groups * 8];
        for (int i = 0; i < values.length; i++) {
            values[i] = (int) (random.nextLong() & ((1L << width) - 1));
        }
        int at = 5;
        byte[] packed = new byte[at + groups * width];
        for (int g = 0; g < groups; g++) {
            packer.pack8Values(values, g * 8, packed, at + g * width);
        }
        for (int end = at; end <= packed.length; end++) {
            byte[] section = Arrays.copyOf(packed, end);
            int[] out = new int[2 + groups * 8];
            Arrays.fill(out, -7);
            int n = PackedGroups.unpack(section, at, end, width, out, 1, groups);

            int fit = 0;
            while (fit < groups && at + fit * width + PackedGroups.lastRead(width) + 8 <= end) {
                fit++;
            }
            assertThat(n).as("width %d, end %d", width, end).isEqualTo(fit);
            assertThat(Arrays.copyOfRange(out, 1, 1 + n * 8))
                    .as("width %d, end %d", width, end)
                    .isEqualTo(Arrays.copyOf(values, n * 8));
            assertThat(out[0]).isEqualTo(-7);
            for (int i = 1 + n * 8; i < out.length; i++) {
                assertThat(out[i]).as("slot %d past the groups taken", i).isEqualTo(-7);
            }
        }
        // fewer groups asked for than fit: exactly those
        int[] out = new int[groups * 8];
        assertThat(PackedGroups.unpack(packed, at, packed.length, width, out, 0, 3)).isEqualTo(3);
        assertThat(Arrays.copyOf(out, 24)).isEqualTo(Arrays.copyOf(values, 24));
    }

    /** A group's reads start inside it and span 8 bytes: the last one covers its last value. */
    @ParameterizedTest
    @MethodSource("widths")
    void aGroupsLastReadCoversItsLastBit(int width) {
        int lastBit = 8 * width; // one past the group's last bit, counted from its start
        assertThat(PackedGroups.lastRead(width) * 8 + 64).isGreaterThanOrEqualTo(lastBit);
        assertThat(PackedGroups.lastRead(width)).isLessThan(width);
    }
}
