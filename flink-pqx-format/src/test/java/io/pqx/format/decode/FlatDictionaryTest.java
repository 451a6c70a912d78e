package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.page.IndexedDictionaryPage;
import io.pqx.format.page.TestingDictionaryPages;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class FlatDictionaryTest {

    static Dictionary binaryDictionary(String... values) throws Exception {
        ColumnDescriptor column =
                new ColumnDescriptor(
                        new String[] {"s"},
                        Types.required(PrimitiveTypeName.BINARY).named("s"),
                        0,
                        0);
        return binaryPage(values).decode(column);
    }

    static DictionaryPage binaryPage(String... values) throws Exception {
        PlainValuesWriter writer = new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator());
        for (String v : values) {
            writer.writeBytes(Binary.fromString(v));
        }
        byte[] bytes = writer.getBytes().toByteArray();
        return new DictionaryPage(BytesInput.from(bytes), values.length, Encoding.PLAIN);
    }

    /** A PLAIN dictionary page of {@code count} values in {@code bytes[off, off + len)}. */
    private static DictionaryPage page(byte[] bytes, int off, int len, int count) {
        return new DictionaryPage(BytesInput.from(bytes, off, len), count, Encoding.PLAIN);
    }

    @Test
    void readsEveryNumericTypeFromThePageAsParquetColumnDecodesIt() throws Exception {
        Random random = new Random(42);
        int n = 1000;
        ByteBuffer le = ByteBuffer.allocate(3 + n * 8 + 5).order(ByteOrder.LITTLE_ENDIAN);
        le.position(3); // the page starts inside a larger array
        long[] longs = random.longs(n).toArray();
        for (long v : longs) {
            le.putLong(v);
        }
        byte[] bytes = le.array();
        for (PrimitiveTypeName type :
                new PrimitiveTypeName[] {
                    PrimitiveTypeName.INT32,
                    PrimitiveTypeName.INT64,
                    PrimitiveTypeName.FLOAT,
                    PrimitiveTypeName.DOUBLE
                }) {
            int width = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.FLOAT ? 4 : 8;
            int count = n * 8 / width;
            DictionaryPage page = page(bytes, 3, n * 8, count);
            Dictionary expected =
                    page.decode(
                            new ColumnDescriptor(
                                    new String[] {"c"}, Types.required(type).named("c"), 0, 0));
            FlatDictionary flat = FlatDictionary.decode(type, page);
            assertThat(flat).as("%s", type).isNotNull();
            assertThat(flat.size()).isEqualTo(count);
            int[] ids = IntStream.range(0, count).map(i -> count - 1 - i).toArray();
            int[] ints = new int[count];
            long[] longValues = new long[count];
            float[] floats = new float[count];
            double[] doubles = new double[count];
            for (int i = 0; i < count; i++) {
                switch (type) {
                    case INT32 -> ints[i] = flat.ints()[ids[i]];
                    case INT64 -> longValues[i] = flat.longs()[ids[i]];
                    case FLOAT -> floats[i] = flat.floats()[ids[i]];
                    default -> doubles[i] = flat.doubles()[ids[i]];
                }
            }
            for (int i = 0; i < count; i++) {
                int id = ids[i];
                switch (type) {
                    case INT32 -> assertThat(ints[i]).isEqualTo(expected.decodeToInt(id));
                    case INT64 -> assertThat(longValues[i]).isEqualTo(expected.decodeToLong(id));
                    case FLOAT ->
                            assertThat(Float.floatToRawIntBits(floats[i]))
                                    .isEqualTo(Float.floatToRawIntBits(expected.decodeToFloat(id)));
                    default ->
                            assertThat(Double.doubleToRawLongBits(doubles[i]))
                                    .isEqualTo(
                                            Double.doubleToRawLongBits(
                                                    expected.decodeToDouble(id)));
                }
            }
        }
    }

    @Test
    void looksValuesUpFromThePageAsTheDecodedArrayHoldsThem() throws Exception {
        Random random = new Random(7);
        int n = 500;
        ByteBuffer le = ByteBuffer.allocate(5 + n * 8 + 3).order(ByteOrder.LITTLE_ENDIAN);
        le.position(5); // the page starts inside a larger array
        random.longs(n).forEach(le::putLong);
        byte[] bytes = le.array();
        for (PrimitiveTypeName type :
                new PrimitiveTypeName[] {
                    PrimitiveTypeName.INT32,
                    PrimitiveTypeName.INT64,
                    PrimitiveTypeName.FLOAT,
                    PrimitiveTypeName.DOUBLE
                }) {
            int width = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.FLOAT ? 4 : 8;
            int count = n * 8 / width;
            int[] ids = random.ints(300, 0, count).toArray();
            ids[0] = count - 1; // the last value of the page
            PageSlots slots = new PageSlots(type, null);
            slots.grow(ids.length);
            FlatDictionary flat = FlatDictionary.decode(type, page(bytes, 5, n * 8, count));
            assertThat(flat.lookUpFromPage(ids, ids.length, slots)).as("%s", type).isTrue();
            FlatDictionary decoded = FlatDictionary.decode(type, page(bytes, 5, n * 8, count));
            for (int k = 0; k < ids.length; k++) {
                int id = ids[k];
                switch (type) {
                    case INT32 -> assertThat(slots.ints[k]).isEqualTo(decoded.ints()[id]);
                    case INT64 -> assertThat(slots.longs[k]).isEqualTo(decoded.longs()[id]);
                    case FLOAT ->
                            assertThat(Float.floatToRawIntBits(slots.floats[k]))
                                    .isEqualTo(Float.floatToRawIntBits(decoded.floats()[id]));
                    default ->
                            assertThat(Double.doubleToRawLongBits(slots.doubles[k]))
                                    .isEqualTo(Double.doubleToRawLongBits(decoded.doubles()[id]));
                }
            }
            // an id past the dictionary, though inside the page's array, is refused, not read
            int[] bad = {0, count, 1};
            assertThat(flat.lookUpFromPage(bad, bad.length, slots)).as("%s", type).isFalse();
            assertThat(flat.lookUpFromPage(new int[] {-1}, 1, slots)).as("%s", type).isFalse();
            // once the array is decoded, lookups go through it (bounds-checked by the JVM)
            switch (type) {
                case INT32 -> flat.ints();
                case INT64 -> flat.longs();
                case FLOAT -> flat.floats();
                default -> flat.doubles();
            }
            assertThat(flat.lookUpFromPage(ids, ids.length, slots)).as("%s", type).isFalse();
        }
        // a dictionary parquet-column decoded has only its array
        FlatDictionary strings = FlatDictionary.decode(PrimitiveTypeName.BINARY, binaryPage("a"));
        PageSlots slots = new PageSlots(PrimitiveTypeName.BINARY, null);
        slots.grow(1);
        assertThat(strings.lookUpFromPage(new int[] {0}, 1, slots)).isFalse();
    }

    @Test
    void readsStringsInPlaceSoEveryIdLooksUpItsOwnBytes() throws Exception {
        String[] values = {"01/13/09", "", "a longer value", "x"};
        FlatDictionary flat = FlatDictionary.decode(PrimitiveTypeName.BINARY, binaryPage(values));
        assertThat(flat).isNotNull();
        assertThat(flat.usable()).isTrue();
        assertEntriesLieInIdOrder(flat);
        int[] ids = {3, 0, 1, 2, 3};
        int[] starts = lookUp(flat.starts(), ids);
        int[] lengths = lookUp(flat.lengths(), ids);
        for (int i = 0; i < ids.length; i++) {
            assertThat(new String(flat.bytes(), starts[i], lengths[i], StandardCharsets.UTF_8))
                    .isEqualTo(values[ids[i]]);
        }
    }

    @Test
    void takesTheStringsWhereThePageCheckFoundThem() throws Exception {
        String[] values = {"01/13/09", "", "a longer value", "x"};
        DictionaryPage plain = binaryPage(values);
        byte[] body = plain.getBytes().toByteArray();
        IndexedDictionaryPage indexed = TestingDictionaryPages.readStrings(body, values.length);
        FlatDictionary flat = FlatDictionary.decode(PrimitiveTypeName.BINARY, indexed);
        assertThat(flat).isNotNull();
        assertThat(flat.starts()).isSameAs(indexed.starts());
        assertThat(flat.lengths()).isSameAs(indexed.lengths());
        FlatDictionary walked = FlatDictionary.decode(PrimitiveTypeName.BINARY, plain);
        assertThat(flat.starts()).isEqualTo(walked.starts());
        assertThat(flat.lengths()).isEqualTo(walked.lengths());
        assertEntriesLieInIdOrder(flat);
    }

    @Test
    void declinesPagesWhoseBytesDoNotHoldTheDeclaredValues() throws Exception {
        byte[] twelve = new byte[12];
        assertThat(FlatDictionary.decode(PrimitiveTypeName.INT64, page(twelve, 0, 12, 2))).isNull();
        assertThat(FlatDictionary.decode(PrimitiveTypeName.INT32, page(twelve, 0, 12, 4))).isNull();
        assertThat(FlatDictionary.decode(PrimitiveTypeName.INT32, page(twelve, 0, 12, -1)))
                .isNull();
        // bytes past the page in the same array do not count
        assertThat(FlatDictionary.decode(PrimitiveTypeName.DOUBLE, page(new byte[64], 0, 12, 2)))
                .isNull();
        byte[] strings = binaryPage("abc", "de").getBytes().toByteArray();
        byte[] lying = strings.clone();
        lying[7] = 9; // the second value claims 9 bytes where 2 are left
        assertThat(FlatDictionary.decode(PrimitiveTypeName.BINARY, page(lying, 0, lying.length, 2)))
                .isNull();
        assertThat(
                        FlatDictionary.decode(
                                PrimitiveTypeName.BINARY, page(strings, 0, strings.length, 3)))
                .isNull();
        assertThat(FlatDictionary.decode(PrimitiveTypeName.BOOLEAN, page(twelve, 0, 12, 2)))
                .isNull();
        assertThat(
                        FlatDictionary.decode(
                                PrimitiveTypeName.INT64,
                                new DictionaryPage(
                                        BytesInput.from(twelve), 1, Encoding.RLE_DICTIONARY)))
                .isNull();
    }

    @Test
    void packsStringsSoEveryIdLooksUpItsOwnBytes() throws Exception {
        String[] values = {"01/13/09", "01/14/09", "", "a longer value", "x"};
        FlatDictionary flat = FlatDictionary.of(PrimitiveTypeName.BINARY, binaryDictionary(values));
        assertThat(flat.usable()).isTrue();
        assertThat(flat.size()).isEqualTo(values.length);
        assertEntriesLieInIdOrder(flat);
        int[] ids = {4, 0, 1, 2, 3, 0};
        int[] starts = lookUp(flat.starts(), ids);
        int[] lengths = lookUp(flat.lengths(), ids);
        for (int i = 0; i < ids.length; i++) {
            String got = new String(flat.bytes(), starts[i], lengths[i], StandardCharsets.UTF_8);
            assertThat(got).as("id %d", ids[i]).isEqualTo(values[ids[i]]);
        }
    }

    private static int[] lookUp(int[] values, int[] ids) {
        return Arrays.stream(ids).map(id -> values[id]).toArray();
    }

    /** What the string sink relies on to copy a small dictionary whole: entries in id order. */
    private static void assertEntriesLieInIdOrder(FlatDictionary flat) {
        for (int id = 1; id < flat.size(); id++) {
            int previousEnd = flat.starts()[id - 1] + flat.lengths()[id - 1];
            assertThat(flat.starts()[id] - previousEnd).as("gap before id %d", id).isBetween(0, 4);
        }
    }
}
