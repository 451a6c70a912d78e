package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link DeltaPageValues} yields what parquet-column's DELTA readers read from streams its writers
 * wrote (every block layout and bit width, long overflow, fewer values than the stream holds, empty
 * streams, strings sharing prefixes), and declines streams cut short or inconsistent.
 */
class DeltaPageValuesTest {
    private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();
    private static final int AT = 5; // the stream lies among other bytes, as in a page

    private static byte[] inPage(byte[] stream) {
        byte[] page = new byte[stream.length + AT + 9];
        Arrays.fill(page, (byte) 0x5A);
        System.arraycopy(stream, 0, page, AT, stream.length);
        return page;
    }

    private static ByteBufferInputStream input(byte[] stream) {
        return ByteBufferInputStream.wrap(ByteBuffer.wrap(stream));
    }

    @ParameterizedTest
    @CsvSource({
        "128, 4, 1",
        "128, 4, 2",
        "128, 4, 33",
        "128, 1, 129",
        "256, 8, 1000",
        "128, 4, 4097",
        "1024, 4, 5000",
        "1024, 32, 3001",
        "128, 4, 20000"
    })
    void longsAreWhatParquetColumnReads(int blockSize, int miniBlocks, int count)
            throws IOException {
        DeltaPageValues decoder = new DeltaPageValues();
        for (int shape = 0; shape < 6; shape++) {
            long[] written = longs(shape, count, new Random(31L * count + shape));
            DeltaBinaryPackingValuesWriterForLong writer =
                    new DeltaBinaryPackingValuesWriterForLong(
                            blockSize, miniBlocks, 64, 1 << 20, HEAP);
            for (long v : written) {
                writer.writeLong(v);
            }
            byte[] stream = writer.getBytes().toByteArray();
            byte[] page = inPage(stream);
            // all values, and fewer than the stream holds (ending mid-miniblock)
            for (int ask : new int[] {count, Math.max(1, count - 7), count / 2}) {
                DeltaBinaryPackingValuesReader parquet = new DeltaBinaryPackingValuesReader();
                parquet.initFromPage(count, input(stream));
                long[] out = new long[count];
                assertThat(decoder.longs(page, AT, AT + stream.length, ask, count, out)).isTrue();
                for (int i = 0; i < ask; i++) {
                    assertThat(out[i])
                            .as("value %d of %d, shape %d", i, count, shape)
                            .isEqualTo(parquet.readLong())
                            .isEqualTo(written[i]);
                }
            }
            // the whole stream is checked, even the blocks past the values asked for
            long[] out = new long[count];
            assertThat(decoder.longs(page, AT, AT + stream.length - 1, 1, count, out))
                    .as("cut short by one byte, shape %d", shape)
                    .isFalse();
            // a page declaring fewer values than the stream's header
            assertThat(decoder.longs(page, AT, AT + stream.length, 1, count - 1, out)).isFalse();
        }
    }

    /**
     * Sorted keys, small random ints, constants (0-bit miniblocks), min/max longs (overflowing
     * deltas), random longs, and deltas whose bit width changes every 32 values (0 to 63 bits).
     */
    private static long[] longs(int shape, int count, Random random) {
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

    @Test
    void intsAreWhatParquetColumnReads() throws IOException {
        DeltaPageValues decoder = new DeltaPageValues();
        Random random = new Random(7);
        for (int count : new int[] {1, 8, 31, 129, 700, 4099}) {
            for (int shape = 0; shape < 4; shape++) {
                int[] written = new int[count];
                for (int i = 0; i < count; i++) {
                    written[i] =
                            switch (shape) {
                                case 0 -> i * 3 - 1000; // a date-like run
                                case 1 ->
                                        random.nextBoolean()
                                                ? Integer.MIN_VALUE + i
                                                : Integer.MAX_VALUE - i;
                                case 2 -> random.nextInt();
                                default -> -i; // negative deltas
                            };
                }
                DeltaBinaryPackingValuesWriterForInteger writer =
                        new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
                for (int v : written) {
                    writer.writeInteger(v);
                }
                byte[] stream = writer.getBytes().toByteArray();
                DeltaBinaryPackingValuesReader parquet = new DeltaBinaryPackingValuesReader();
                parquet.initFromPage(count, input(stream));
                int[] out = new int[count];
                assertThat(decoder.ints(inPage(stream), AT, AT + stream.length, count, count, out))
                        .isTrue();
                for (int i = 0; i < count; i++) {
                    assertThat(out[i])
                            .as("value %d of %d, shape %d", i, count, shape)
                            .isEqualTo(parquet.readInteger())
                            .isEqualTo(written[i]);
                }
            }
        }
    }

    @Test
    void emptyStreamsHoldNoValues() throws IOException {
        DeltaBinaryPackingValuesWriterForInteger ints =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        byte[] stream = ints.getBytes().toByteArray();
        DeltaPageValues decoder = new DeltaPageValues();
        assertThat(decoder.ints(inPage(stream), AT, AT + stream.length, 0, 5, new int[5])).isTrue();
        assertThat(decoder.ints(inPage(stream), AT, AT + stream.length, 1, 5, new int[5]))
                .as("a value asked of an empty stream")
                .isFalse();
        DeltaLengthByteArrayValuesWriter strings =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
        byte[] empty = strings.getBytes().toByteArray();
        assertThat(
                        decoder.lengthByteArray(
                                inPage(empty), AT, AT + empty.length, 0, 3, new int[3], new int[3]))
                .isTrue();
    }

    private static String[] strings(int count, Random random) {
        String[] values = new String[count];
        String previous = "";
        for (int i = 0; i < count; i++) {
            int keep = previous.isEmpty() ? 0 : random.nextInt(previous.length() + 1);
            StringBuilder s = new StringBuilder(previous.substring(0, keep));
            int add = random.nextInt(5) == 0 ? 0 : random.nextInt(30);
            for (int k = 0; k < add; k++) {
                s.append((char) ('a' + random.nextInt(26)));
            }
            values[i] = random.nextInt(50) == 0 ? "" : s.toString();
            previous = values[i];
        }
        return values;
    }

    @Test
    void byteArraysAreWhatParquetColumnReads() throws IOException {
        DeltaPageValues decoder = new DeltaPageValues();
        Random random = new Random(11);
        for (int count : new int[] {1, 2, 33, 500, 3000}) {
            String[] written = strings(count, random);
            for (boolean prefixed : new boolean[] {false, true}) {
                ValuesWriter writer =
                        prefixed
                                ? new DeltaByteArrayWriter(64, 1 << 20, HEAP)
                                : new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
                for (String s : written) {
                    writer.writeBytes(Binary.fromString(s));
                }
                byte[] stream = writer.getBytes().toByteArray();
                byte[] page = inPage(stream);
                ValuesReader parquet =
                        prefixed
                                ? new DeltaByteArrayReader()
                                : new DeltaLengthByteArrayValuesReader();
                parquet.initFromPage(count, input(stream));
                int ask = prefixed ? Math.max(1, count - 3) : count;
                int[] starts = new int[count];
                int[] lengths = new int[count];
                boolean ok =
                        prefixed
                                ? decoder.byteArray(
                                        page, AT, AT + stream.length, ask, count, starts, lengths)
                                : decoder.lengthByteArray(
                                        page, AT, AT + stream.length, ask, count, starts, lengths);
                assertThat(ok).isTrue();
                byte[] source = prefixed ? decoder.rebuilt() : page;
                for (int i = 0; i < ask; i++) {
                    String actual =
                            new String(source, starts[i], lengths[i], StandardCharsets.UTF_8);
                    assertThat(actual)
                            .as("value %d of %d, prefixed %s", i, count, prefixed)
                            .isEqualTo(parquet.readBytes().toStringUsingUTF8())
                            .isEqualTo(written[i]);
                }
                // cut short: the last value's bytes are missing
                assertThat(
                                prefixed
                                        ? decoder.byteArray(
                                                page,
                                                AT,
                                                AT + stream.length - 1,
                                                count,
                                                count,
                                                starts,
                                                lengths)
                                        : decoder.lengthByteArray(
                                                page,
                                                AT,
                                                AT + stream.length - 1,
                                                count,
                                                count,
                                                starts,
                                                lengths))
                        .as("count %d cut short, prefixed %s", count, prefixed)
                        .isFalse();
            }
        }
    }

    @Test
    void declinesPrefixesLongerThanThePreviousValueAndNegativeLengths() throws IOException {
        DeltaPageValues decoder = new DeltaPageValues();
        // DELTA_BYTE_ARRAY: the second value claims 9 bytes of a first value of 4
        DeltaBinaryPackingValuesWriterForInteger prefixes =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        prefixes.writeInteger(0);
        prefixes.writeInteger(9);
        DeltaLengthByteArrayValuesWriter suffixes =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
        suffixes.writeBytes(Binary.fromString("abcd"));
        suffixes.writeBytes(Binary.fromString("e"));
        byte[] dba =
                FlatPageDecoderTest.concat(
                        prefixes.getBytes().toByteArray(), suffixes.getBytes().toByteArray());
        int[] starts = new int[2];
        int[] lengths = new int[2];
        assertThat(decoder.byteArray(inPage(dba), AT, AT + dba.length, 2, 2, starts, lengths))
                .isFalse();
        assertThat(decoder.byteArray(inPage(dba), AT, AT + dba.length, 1, 2, starts, lengths))
                .as("the first value alone is sound")
                .isTrue();

        // DELTA_LENGTH_BYTE_ARRAY: a negative length
        DeltaBinaryPackingValuesWriterForInteger lengthsWriter =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        lengthsWriter.writeInteger(1);
        lengthsWriter.writeInteger(-1);
        byte[] negative =
                FlatPageDecoderTest.concat(lengthsWriter.getBytes().toByteArray(), new byte[8]);
        assertThat(
                        decoder.lengthByteArray(
                                inPage(negative), AT, AT + negative.length, 2, 2, starts, lengths))
                .isFalse();
        // a miniblock of more than 64 bits, and a malformed block header
        DeltaBinaryPackingValuesWriterForInteger ints =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        for (int i = 0; i < 100; i++) {
            ints.writeInteger(i * i);
        }
        byte[] stream = ints.getBytes().toByteArray();
        assertThat(decoder.ints(inPage(stream), AT, AT + stream.length, 100, 100, new int[100]))
                .isTrue();
        byte[] wide = inPage(stream);
        // header: block 128 (2 bytes), 4 miniblocks, 100 values, first value 0; min delta 1;
        // the first miniblock's width at byte 6 of the stream
        wide[AT + 6] = 65;
        assertThat(decoder.ints(wide, AT, AT + stream.length, 100, 100, new int[100])).isFalse();
        byte[] header = inPage(stream);
        header[AT + 2] = 3; // 3 miniblocks do not divide a block of 128
        assertThat(decoder.ints(header, AT, AT + stream.length, 100, 100, new int[100])).isFalse();
    }

    @Test
    void declinesADeclaredPrefixLongerThanTheValuesSectionBeyondTheValuesUsed() throws IOException {
        // three prefixes declared, two values used (a page with a null): the third prefix, never
        // used, claims 1000 bytes; pqx's page check refuses it, and the bulk path leaves that walk
        // to this decoder
        byte[] lying = byteArrayStream(new int[] {0, 1, 1000}, "ab", "c", "d");
        byte[] sound = byteArrayStream(new int[] {0, 1, 1}, "ab", "c", "d");
        DeltaPageValues decoder = new DeltaPageValues();
        int[] starts = new int[3];
        int[] lengths = new int[3];
        assertThat(decoder.byteArray(inPage(lying), AT, AT + lying.length, 2, 3, starts, lengths))
                .isFalse();
        assertThat(decoder.byteArray(inPage(sound), AT, AT + sound.length, 2, 3, starts, lengths))
                .isTrue();
        assertThat(new String(decoder.rebuilt(), starts[1], lengths[1], StandardCharsets.UTF_8))
                .isEqualTo("ac");
    }

    private static byte[] byteArrayStream(int[] prefixLengths, String... suffixes) {
        DeltaBinaryPackingValuesWriterForInteger prefixes =
                new DeltaBinaryPackingValuesWriterForInteger(64, 1 << 20, HEAP);
        for (int p : prefixLengths) {
            prefixes.writeInteger(p);
        }
        DeltaLengthByteArrayValuesWriter rest =
                new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
        for (String suffix : suffixes) {
            rest.writeBytes(Binary.fromString(suffix));
        }
        try {
            return FlatPageDecoderTest.concat(
                    prefixes.getBytes().toByteArray(), rest.getBytes().toByteArray());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
