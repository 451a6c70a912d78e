package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBooleanVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class FlatPageDecoderTest {

    static byte[] hybrid(int width, int... values) throws Exception {
        RunLengthBitPackingHybridEncoder encoder =
                new RunLengthBitPackingHybridEncoder(
                        width, 64, 1 << 16, new HeapByteBufferAllocator());
        for (int v : values) {
            encoder.writeInt(v);
        }
        return encoder.toBytes().toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] lengthPrefixed(byte[] section) {
        return concat(
                ByteBuffer.allocate(4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putInt(section.length)
                        .array(),
                section);
    }

    static byte[] ints(int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    static DataPageV1 v1(byte[] body, int count, Encoding values) {
        return new DataPageV1(
                BytesInput.from(body),
                count,
                body.length,
                null,
                Encoding.RLE,
                Encoding.RLE,
                values);
    }

    /** Levels with nulls on both page edges: null, 3 values, null, null, 2 values, null. */
    static final int[] LEVELS = {0, 1, 1, 1, 0, 0, 1, 1, 0};

    @Test
    void decodesNullablePlainIntsAcrossTwoBatches() throws Exception {
        byte[] body = concat(lengthPrefixed(hybrid(1, LEVELS)), ints(10, -20, 30, 40, 50));
        FlatPageDecoder decoder =
                new FlatPageDecoder(PrimitiveTypeName.INT32, 1, new NumericDecoders.Ints(-1), null);
        assertThat(decoder.decode(v1(body, LEVELS.length, Encoding.PLAIN))).isTrue();
        HeapIntVector vector = new HeapIntVector(20);
        decoder.copy(0, vector, 5, 4);
        decoder.copy(4, vector, 9, 5);
        Integer[] expected = {null, 10, -20, 30, null, null, 40, 50, null};
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] == null) {
                assertThat(vector.isNullAt(5 + i)).as("entry %d", i).isTrue();
            } else {
                assertThat(vector.isNullAt(5 + i)).as("entry %d", i).isFalse();
                assertThat(vector.getInt(5 + i)).as("entry %d", i).isEqualTo(expected[i]);
            }
        }
        assertThat(vector.isNullAt(4)).isFalse();
        assertThat(vector.isNullAt(14)).isFalse();
    }

    /**
     * Pages whose levels are one run (no nulls; nulls only) after a page with nulls, on one
     * decoder: no null flag of the earlier page survives, every null is marked; a run of level 2 or
     * one short of the page's entries is declined.
     */
    @Test
    void decodesPagesOfOneLevelRunAfterAPageWithNulls() throws Exception {
        FlatPageDecoder decoder =
                new FlatPageDecoder(PrimitiveTypeName.INT32, 1, new NumericDecoders.Ints(-1), null);
        byte[] mixed = concat(lengthPrefixed(hybrid(1, LEVELS)), ints(10, -20, 30, 40, 50));
        assertThat(decoder.decode(v1(mixed, LEVELS.length, Encoding.PLAIN))).isTrue();
        decoder.copy(0, new HeapIntVector(LEVELS.length), 0, LEVELS.length);

        int n = 40; // an RLE run: 40 levels of 1
        int[] ones = new int[n];
        Arrays.fill(ones, 1);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i * 7 - 3;
        }
        byte[] present = concat(lengthPrefixed(hybrid(1, ones)), ints(values));
        assertThat(decoder.decode(v1(present, n, Encoding.PLAIN))).isTrue();
        HeapIntVector vector = new HeapIntVector(n);
        decoder.copy(0, vector, 0, 25);
        decoder.copy(25, vector, 25, n - 25);
        for (int i = 0; i < n; i++) {
            assertThat(vector.isNullAt(i)).as("entry %d", i).isFalse();
            assertThat(vector.getInt(i)).as("entry %d", i).isEqualTo(values[i]);
        }

        byte[] absent = lengthPrefixed(hybrid(1, new int[n]));
        assertThat(decoder.decode(v1(absent, n, Encoding.PLAIN))).isTrue();
        HeapIntVector nulls = new HeapIntVector(n);
        decoder.copy(0, nulls, 0, n);
        for (int i = 0; i < n; i++) {
            assertThat(nulls.isNullAt(i)).as("entry %d", i).isTrue();
        }

        int[] twos = new int[n];
        Arrays.fill(twos, 2);
        byte[] damaged = concat(lengthPrefixed(hybrid(2, twos)), ints(values));
        assertThat(decoder.decode(v1(damaged, n, Encoding.PLAIN))).isFalse();
        assertThat(decoder.decode(v1(present, n + 1, Encoding.PLAIN))).isFalse();
    }

    @Test
    void declinesValuesCutShortAndLevelSectionsBeyondThePage() throws Exception {
        FlatPageDecoder decoder =
                new FlatPageDecoder(PrimitiveTypeName.INT32, 1, new NumericDecoders.Ints(-1), null);
        byte[] levels = lengthPrefixed(hybrid(1, LEVELS));
        byte[] full = concat(levels, ints(10, -20, 30, 40, 50));
        assertThat(
                        decoder.decode(
                                v1(
                                        Arrays.copyOf(full, full.length - 1),
                                        LEVELS.length,
                                        Encoding.PLAIN)))
                .isFalse();
        byte[] lying = full.clone();
        lying[0] = (byte) 0x7F;
        assertThat(decoder.decode(v1(lying, LEVELS.length, Encoding.PLAIN))).isFalse();
        assertThat(decoder.decode(v1(full, LEVELS.length, Encoding.DELTA_BINARY_PACKED))).isFalse();
        assertThat(decoder.decode(v1(full, LEVELS.length, Encoding.PLAIN))).isTrue();
    }

    static Dictionary longDictionary(long... values) throws Exception {
        PlainValuesWriter writer = new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator());
        for (long v : values) {
            writer.writeLong(v);
        }
        ColumnDescriptor column =
                new ColumnDescriptor(
                        new String[] {"l"},
                        Types.required(PrimitiveTypeName.INT64).named("l"),
                        0,
                        0);
        return new DictionaryPage(
                        BytesInput.from(writer.getBytes().toByteArray()),
                        values.length,
                        Encoding.PLAIN)
                .decode(column);
    }

    @Test
    void looksDictionaryIdsUpAndDeclinesIdsOutsideTheDictionary() throws Exception {
        Dictionary dictionary = longDictionary(100L, -1L, Long.MAX_VALUE);
        FlatPageDecoder decoder =
                new FlatPageDecoder(
                        PrimitiveTypeName.INT64,
                        0,
                        new NumericDecoders.Longs(),
                        FlatDictionary.of(PrimitiveTypeName.INT64, dictionary));
        int[] ids = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 1, 0, 1, 2};
        byte[] body = concat(new byte[] {2}, hybrid(2, ids));
        DataPageV2 page =
                DataPageV2.uncompressed(
                        ids.length,
                        0,
                        ids.length,
                        BytesInput.empty(),
                        BytesInput.empty(),
                        Encoding.RLE_DICTIONARY,
                        BytesInput.from(body),
                        null);
        assertThat(decoder.decode(page)).isTrue();
        HeapLongVector vector = new HeapLongVector(ids.length);
        decoder.copy(0, vector, 0, ids.length);
        long[] values = {100L, -1L, Long.MAX_VALUE};
        for (int i = 0; i < ids.length; i++) {
            assertThat(vector.getLong(i)).isEqualTo(values[ids[i]]);
        }
        int[] bad = ids.clone();
        bad[11] = 3;
        byte[] badBody = concat(new byte[] {2}, hybrid(2, bad));
        DataPageV2 badPage =
                DataPageV2.uncompressed(
                        bad.length,
                        0,
                        bad.length,
                        BytesInput.empty(),
                        BytesInput.empty(),
                        Encoding.RLE_DICTIONARY,
                        BytesInput.from(badBody),
                        null);
        // ids are checked when a stretch holding them is asked for: the stretch is declined
        assertThat(declines(decoder, badPage, new HeapLongVector(bad.length))).isTrue();
        // one that stops before the bad id is not
        assertThat(decoder.decode(badPage)).isTrue();
        assertThat(decoder.copy(0, new HeapLongVector(bad.length), 0, 11)).isTrue();
        assertThat(decoder.copy(11, new HeapLongVector(bad.length), 0, 1)).isFalse();
        byte[] wide = concat(new byte[] {33}, hybrid(2, ids));
        assertThat(
                        decoder.decode(
                                DataPageV2.uncompressed(
                                        ids.length,
                                        0,
                                        ids.length,
                                        BytesInput.empty(),
                                        BytesInput.empty(),
                                        Encoding.RLE_DICTIONARY,
                                        BytesInput.from(wide),
                                        null)))
                .isFalse();
    }

    @Test
    void decodesPlainStringsAndDeclinesALengthPastThePage() throws Exception {
        byte[] body =
                concat(
                        lengthPrefixed(hybrid(1, 1, 0, 1)),
                        lengthPrefixed("hello".getBytes(StandardCharsets.UTF_8)),
                        lengthPrefixed(new byte[0]));
        FlatPageDecoder decoder =
                new FlatPageDecoder(
                        PrimitiveTypeName.BINARY,
                        1,
                        new BinaryDecoders.Bytes(() -> false, () -> null),
                        null);
        assertThat(decoder.decode(v1(body, 3, Encoding.PLAIN))).isTrue();
        HeapBytesVector vector = new HeapBytesVector(3);
        decoder.copy(0, vector, 0, 3);
        assertThat(new String(vector.getBytes(0).getBytes(), StandardCharsets.UTF_8))
                .isEqualTo("hello");
        assertThat(vector.isNullAt(1)).isTrue();
        assertThat(vector.getBytes(2).getBytes()).isEmpty();
        byte[] lying = body.clone();
        lying[lying.length - 4] = 1; // the last value claims one byte past the page
        assertThat(declines(decoder, v1(lying, 3, Encoding.PLAIN), new HeapBytesVector(3)))
                .isTrue();
    }

    /**
     * Whether the decoder refuses the page, when reading it or (it decodes lazily) when asked for
     * all its entries.
     */
    private static boolean declines(
            FlatPageDecoder decoder, DataPage page, WritableColumnVector vector) {
        return !decoder.decode(page) || !decoder.copy(0, vector, 0, page.getValueCount());
    }

    @Test
    void decodesPlainBooleansBitByBit() throws Exception {
        boolean[] expected = {true, false, true, true, false, false, false, true, true, false};
        byte[] body = {(byte) 0b1000_1101, 0b01};
        FlatPageDecoder decoder =
                new FlatPageDecoder(
                        PrimitiveTypeName.BOOLEAN, 0, new NumericDecoders.Booleans(), null);
        assertThat(decoder.decode(v1(body, expected.length, Encoding.PLAIN))).isTrue();
        HeapBooleanVector vector = new HeapBooleanVector(expected.length);
        decoder.copy(0, vector, 0, expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(vector.getBoolean(i)).as("value %d", i).isEqualTo(expected[i]);
        }
        assertThat(decoder.decode(v1(new byte[] {1}, expected.length, Encoding.PLAIN))).isFalse();
    }

    /**
     * A required PLAIN page is read from its own bytes batch by batch (no copy first), and a
     * dictionary page with nulls keeps ids spread to their entries: both give every sink, identity
     * or converting, the values the per-value decoders give.
     */
    @Test
    void readsPlainPagesFromTheirBytesAndDictionaryIdsWithNullsForEverySink() throws Exception {
        int n = 37;
        long[] raw = new long[n];
        Random random = new Random(5);
        for (int i = 0; i < n; i++) {
            raw[i] = random.nextLong() >> random.nextInt(64);
        }
        ByteBuffer plain64 = ByteBuffer.allocate(n * 8).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer plain32 = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer plainDouble = ByteBuffer.allocate(n * 8).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer plainFloat = ByteBuffer.allocate(n * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : raw) {
            plain64.putLong(v);
            plain32.putInt((int) v);
            plainDouble.putDouble(v / 7.0);
            plainFloat.putFloat(v / 7.0f);
        }
        record Case(
                PrimitiveTypeName type,
                ValueDecoder sink,
                byte[] body,
                IntFunction<Object> expected,
                BiFunction<ColumnVector, Integer, Object> read) {}
        List<Case> cases =
                List.of(
                        new Case(
                                PrimitiveTypeName.INT64,
                                new NumericDecoders.Longs(),
                                plain64.array(),
                                i -> raw[i],
                                (v, i) -> ((HeapLongVector) v).getLong(i)),
                        new Case(
                                PrimitiveTypeName.INT32,
                                new NumericDecoders.Ints(-1),
                                plain32.array(),
                                i -> (int) raw[i],
                                (v, i) -> ((HeapIntVector) v).getInt(i)),
                        new Case(
                                PrimitiveTypeName.INT32,
                                new NumericDecoders.IntsAsLongs(0xFFFF_FFFFL),
                                plain32.array(),
                                i -> raw[i] & 0xFFFF_FFFFL,
                                (v, i) -> ((HeapLongVector) v).getLong(i)),
                        new Case(
                                PrimitiveTypeName.INT64,
                                new DecimalDecoders.FromLong(18, 2, false),
                                plain64.array(),
                                i -> raw[i],
                                (v, i) -> ((HeapDecimalVector) v).unscaledLong(i)),
                        new Case(
                                PrimitiveTypeName.DOUBLE,
                                new NumericDecoders.Doubles(false),
                                plainDouble.array(),
                                i -> raw[i] / 7.0,
                                (v, i) ->
                                        ((org.apache.flink.table.data.columnar.vector.heap
                                                                .HeapDoubleVector)
                                                        v)
                                                .getDouble(i)),
                        new Case(
                                PrimitiveTypeName.FLOAT,
                                new NumericDecoders.Doubles(true),
                                plainFloat.array(),
                                i -> (double) (raw[i] / 7.0f),
                                (v, i) ->
                                        ((org.apache.flink.table.data.columnar.vector.heap
                                                                .HeapDoubleVector)
                                                        v)
                                                .getDouble(i)));
        for (Case c : cases) {
            FlatPageDecoder decoder = new FlatPageDecoder(c.type(), 0, c.sink(), null);
            byte[] page = concat(new byte[] {9, 9}, c.body()); // the values lie inside a buffer
            DataPageV1 v1 =
                    new DataPageV1(
                            BytesInput.from(page, 2, c.body().length),
                            n,
                            c.body().length,
                            null,
                            Encoding.RLE,
                            Encoding.RLE,
                            Encoding.PLAIN);
            assertThat(decoder.decode(v1)).as("%s", c.sink()).isTrue();
            var vector = c.sink().newVector(n + 4);
            decoder.copy(0, vector, 2, 10);
            decoder.copy(10, vector, 12, 1);
            decoder.copy(11, vector, 13, n - 11);
            for (int i = 0; i < n; i++) {
                assertThat(c.read().apply(vector, 2 + i))
                        .as("%s value %d", c.sink(), i)
                        .isEqualTo(c.expected().apply(i));
            }
        }

        // nullable dictionary-encoded INT64: nulls at both edges, ids looked up into the vector
        Dictionary dictionary = longDictionary(7L, -8L, 9L);
        FlatPageDecoder decoder =
                new FlatPageDecoder(
                        PrimitiveTypeName.INT64,
                        1,
                        new DecimalDecoders.FromLong(18, 0, false),
                        FlatDictionary.of(PrimitiveTypeName.INT64, dictionary));
        int[] ids = {2, 1, 0, 2, 2};
        byte[] body = concat(lengthPrefixed(hybrid(1, LEVELS)), new byte[] {2}, hybrid(2, ids));
        assertThat(decoder.decode(v1(body, LEVELS.length, Encoding.PLAIN_DICTIONARY))).isTrue();
        HeapDecimalVector vector = new HeapDecimalVector(LEVELS.length + 1, 18, 0);
        decoder.copy(0, vector, 1, 5);
        decoder.copy(5, vector, 6, LEVELS.length - 5);
        Long[] expected = {null, 9L, -8L, 7L, null, null, 9L, 9L, null};
        for (int i = 0; i < expected.length; i++) {
            assertThat(vector.isNullAt(1 + i)).as("entry %d", i).isEqualTo(expected[i] == null);
            if (expected[i] != null) {
                assertThat(vector.unscaledLong(1 + i)).as("entry %d", i).isEqualTo(expected[i]);
            }
        }
    }
}
