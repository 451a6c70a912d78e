package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;

/**
 * {@link DictionaryIdEncoder} against parquet-column's {@link RunLengthBitPackingHybridEncoder}
 * (behind a width byte, as its dictionary writer writes pages): the same bytes for runs of every
 * length around the RLE threshold of 8, bit-packed runs past 63 groups, widths 0 to 31, and pages
 * ending on and off a group boundary. Seed printed.
 */
class DictionaryIdEncoderTest {

    @Test
    void writesParquetColumnsBytesForRandomRunsAndWidths() throws IOException {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println("DictionaryIdEncoderTest seed " + seed + " (repeat with -Dpqx.seed=)");
        Random random = new Random(seed);
        DictionaryIdEncoder encoder = new DictionaryIdEncoder();
        for (int trial = 0; trial < 2_000; trial++) {
            int dictionarySize = trial % 50 == 0 ? 1 : 1 + random.nextInt(1 << random.nextInt(31));
            int[] ids = ids(random, dictionarySize, random.nextInt(trial % 7 == 0 ? 3_000 : 80));
            assertThat(encoder.encode(ids, ids.length, dictionarySize).toByteArray())
                    .as(
                            "seed %d, trial %d, dictionary %d, %d ids",
                            seed, trial, dictionarySize, ids.length)
                    .isEqualTo(parquetColumns(ids, dictionarySize));
        }
    }

    @Test
    void encodesOnlyTheFirstCountIdsAndReusesItsBuffer() throws IOException {
        DictionaryIdEncoder encoder = new DictionaryIdEncoder();
        int[] ids = {3, 3, 3, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5};
        byte[] first = encoder.encode(ids, 9, 6).toByteArray();
        assertThat(first).isEqualTo(parquetColumns(Arrays.copyOf(ids, 9), 6));
        byte[] second = encoder.encode(ids, ids.length, 6).toByteArray();
        assertThat(second).isEqualTo(parquetColumns(ids, 6));
        assertThat(first).isNotEqualTo(second);
    }

    private static int[] ids(Random random, int dictionarySize, int count) {
        int[] ids = new int[count];
        int i = 0;
        while (i < count) {
            int v = random.nextInt(dictionarySize);
            int run =
                    switch (random.nextInt(4)) {
                        case 0 -> 1;
                        case 1 -> 6 + random.nextInt(5);
                        case 2 -> 14 + random.nextInt(4);
                        default -> random.nextInt(40);
                    };
            for (int k = 0; k < run && i < count; k++) {
                ids[i++] = v;
            }
        }
        return ids;
    }

    private static byte[] parquetColumns(int[] ids, int dictionarySize) throws IOException {
        int bitWidth = 32 - Integer.numberOfLeadingZeros(dictionarySize - 1);
        RunLengthBitPackingHybridEncoder rle =
                new RunLengthBitPackingHybridEncoder(
                        bitWidth, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
        for (int id : ids) {
            rle.writeInt(id);
        }
        return BytesInput.concat(BytesInput.from(new byte[] {(byte) bitWidth}), rle.toBytes())
                .toByteArray();
    }
}
