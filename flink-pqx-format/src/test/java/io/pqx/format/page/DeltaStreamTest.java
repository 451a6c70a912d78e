package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.error.FileContext;
import java.io.IOException;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link DeltaStream} yields the values parquet-column's DELTA_BINARY_PACKED reader reads from the
 * same stream, whatever the block layout, the bit widths (0 to 64, long overflow included) and
 * however many values are asked for (not a multiple of 8 or 32, fewer than the stream holds), and
 * its check ends the stream where parquet-column's writer ended it.
 */
class DeltaStreamTest {
    private static final FileContext CTX = FileContext.of("d.parquet").rowGroup(0).column("c");

    @ParameterizedTest
    @CsvSource({
        "128, 4, 1",
        "128, 4, 2",
        "128, 4, 33",
        "128, 1, 129",
        "256, 8, 1000",
        "128, 4, 4097",
        "1024, 4, 5000",
        "128, 4, 20000"
    })
    void yieldsWhatParquetColumnReads(int blockSize, int miniBlocks, int count) throws IOException {
        for (int shape = 0; shape < 6; shape++) {
            long[] written = values(shape, count, new Random(31L * count + shape));
            DeltaBinaryPackingValuesWriterForLong writer =
                    new DeltaBinaryPackingValuesWriterForLong(
                            blockSize, miniBlocks, 64, 1 << 20, new HeapByteBufferAllocator());
            for (long v : written) {
                writer.writeLong(v);
            }
            byte[] stream = writer.getBytes().toByteArray();
            // the stream among other bytes, as in a page
            byte[] page = new byte[stream.length + 11];
            System.arraycopy(stream, 0, page, 5, stream.length);

            DeltaBinaryPackingValuesReader parquet = new DeltaBinaryPackingValuesReader();
            parquet.initFromPage(
                    count, ByteBufferInputStream.wrap(java.nio.ByteBuffer.wrap(stream)));
            int ask = shape == 4 ? Math.max(1, count - 7) : count; // fewer than the stream holds
            DeltaStream checked = new DeltaStream(CTX, count, page, 5, page.length, "c", "values");
            assertThat(checked.end(ask)).isEqualTo(5 + stream.length);
            DeltaStream values = new DeltaStream(CTX, count, page, 5, page.length, "c", "values");
            values.begin(ask);
            for (int i = 0; i < ask; i++) {
                long expected = parquet.readLong();
                assertThat(expected).isEqualTo(written[i]);
                assertThat(values.next())
                        .as("value %d of %d, shape %d", i, count, shape)
                        .isEqualTo(expected);
            }
        }
    }

    /**
     * Sorted keys, small random ints, constants (0-bit miniblocks), wide and overflowing longs, and
     * deltas whose bit width changes every 32 values (every width from 0 to 63 in turn).
     */
    private static long[] values(int shape, int count, Random random) {
        long[] v = new long[count];
        long k = random.nextInt(1000);
        for (int i = 0; i < count; i++) {
            v[i] =
                    switch (shape) {
                        case 0 -> k += random.nextInt(4);
                        case 1 -> random.nextInt(200) - 100;
                        case 2 -> 42;
                        case 3 -> random.nextBoolean() ? Long.MIN_VALUE + i : Long.MAX_VALUE - i;
                        case 4 -> random.nextLong();
                        default -> k += random.nextLong() >>> (1 + i / 32 % 64);
                    };
        }
        return v;
    }
}
