package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * {@link ResumePoint#fromBytes} reads back what {@link ResumePoint#toBytes()} wrote and refuses
 * anything else with a {@link CorruptFileException} naming the file: truncated, bit-flipped, lying
 * lengths and counts (checked before any allocation), an unknown version.
 */
class ResumePointTest {
    private static final String LOCATION = "s3://bucket/part-0.parquet";
    private static final RowType TYPE = TestingRowTypes.FLAT;

    @Test
    void theBytesRoundTrip() throws IOException {
        ResumePoint point = point(3);
        ResumePoint read = ResumePoint.fromBytes(point.toBytes(), LOCATION);
        assertThat(read.length()).isEqualTo(point.length()).isGreaterThan(4);
        assertThat(read.rowCount()).isEqualTo(3_000);
        assertThat(read.rowGroupCount()).isEqualTo(3);
        assertThat(read.toBytes()).isEqualTo(point.toBytes());
        assertThat(point.toBytes()[0]).as("the version comes first").isEqualTo((byte) 1);
    }

    @Test
    void theBytesHandedOutAreACopy() throws IOException {
        ResumePoint point = point(1);
        byte[] bytes = point.toBytes();
        bytes[5] ^= 1;
        assertThat(ResumePoint.fromBytes(point.toBytes(), LOCATION).rowCount()).isEqualTo(1_000);
    }

    @Test
    void everyTruncationIsRefused() throws IOException {
        byte[] bytes = point(2).toBytes();
        for (int length = 0; length < bytes.length; length++) {
            byte[] cut = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> ResumePoint.fromBytes(cut, LOCATION))
                    .as("%d of %d bytes", length, bytes.length)
                    .isInstanceOf(CorruptFileException.class)
                    .hasMessageStartingWith("Cannot read resume point")
                    .hasMessageContaining(LOCATION);
        }
        assertThatThrownBy(() -> ResumePoint.fromBytes(null, LOCATION))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining(LOCATION);
    }

    @Test
    void everyFlippedBitIsRefused() throws IOException {
        byte[] bytes = point(2).toBytes();
        for (int at = 0; at < bytes.length; at++) {
            for (int bit = 0; bit < 8; bit += 3) {
                byte[] flipped = bytes.clone();
                flipped[at] ^= (byte) (1 << bit);
                assertThatThrownBy(() -> ResumePoint.fromBytes(flipped, LOCATION))
                        .as("byte %d bit %d", at, bit)
                        .isInstanceOf(CorruptFileException.class)
                        .hasMessageContaining(LOCATION);
            }
        }
    }

    @Test
    void anUnknownVersionIsRefused() throws IOException {
        byte[] bytes = point(1).toBytes();
        bytes[0] = 2;
        assertThatThrownBy(() -> ResumePoint.fromBytes(withCrc(bytes), LOCATION))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("unknown version 2")
                .hasMessageContaining(LOCATION);
    }

    @Test
    void hugeLengthsAndCountsAreRefusedBeforeAnyAllocation() throws IOException {
        byte[] bytes = point(2).toBytes();
        int typeLength = ByteBuffer.wrap(bytes, 17, 4).getInt();
        assertThat(new String(bytes, 21, typeLength, StandardCharsets.UTF_8))
                .isEqualTo(TYPE.asSerializableString());
        int columnCount = 21 + typeLength + 8 + 4 * 8;
        assertThat(ByteBuffer.wrap(bytes, columnCount, 4).getInt())
                .isEqualTo(ParquetWriter.leafPaths(TYPE).size());
        for (int at : new int[] {17, columnCount}) {
            for (int lie :
                    new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE / 16, -7, bytes.length}) {
                byte[] lying = bytes.clone();
                ByteBuffer.wrap(lying, at, 4).putInt(lie);
                assertThatThrownBy(() -> ResumePoint.fromBytes(withCrc(lying), LOCATION))
                        .as("%d at byte %d", lie, at)
                        .isInstanceOf(CorruptFileException.class)
                        .hasMessageContaining(LOCATION);
            }
        }
    }

    @Test
    void anyAlteredByteUnderAValidChecksumIsRefusedOrReadNeverAnotherException()
            throws IOException {
        byte[] bytes = point(2).toBytes();
        Random random = new Random(7);
        int refused = 0;
        for (int i = 0; i < 3_000; i++) {
            byte[] altered = bytes.clone();
            int at = 1 + random.nextInt(altered.length - 5);
            altered[at] = (byte) random.nextInt(256);
            try {
                ResumePoint.fromBytes(withCrc(altered), LOCATION);
            } catch (CorruptFileException e) {
                assertThat(e).hasMessageContaining(LOCATION);
                refused++;
            }
        }
        assertThat(refused).isGreaterThan(100);
    }

    /** A point after {@code groups} row groups of 1,000 rows, the open group holding 500. */
    private static ResumePoint point(int groups) throws IOException {
        List<RowData> rows = new TestingRandomRows(groups).rows(TYPE, 1_000 * groups + 500);
        ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(WriteOptions.builder().rowGroupRows(1_000).build())
                        .open(new ByteArrayOutputStream(), LOCATION);
        for (RowData row : rows) {
            writer.write(row);
        }
        ResumePoint point = writer.writtenPrefix();
        writer.abort();
        return point;
    }

    /** The bytes with their trailing CRC-32 made right again. */
    private static byte[] withCrc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, bytes.length - 4);
        ByteBuffer.wrap(bytes, bytes.length - 4, 4).putInt((int) crc.getValue());
        return bytes;
    }
}
