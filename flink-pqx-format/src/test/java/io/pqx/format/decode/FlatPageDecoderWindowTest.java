package io.pqx.format.decode;

import static io.pqx.format.decode.FlatPageDecoderTest.concat;
import static io.pqx.format.decode.FlatPageDecoderTest.hybrid;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBooleanVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapDoubleVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * A page of a required leaf larger than {@link FlatPageDecoder#WINDOW} entries (DuckDB writes a
 * column chunk as one page) is decoded through arrays of the window's size: every value comes out
 * as from a small page, whatever the stretches asked for (batches, passed-over entries, a stretch
 * longer than the window), damage past the first window is still declined at its stretch, and the
 * arrays never grow to the page's size.
 */
class FlatPageDecoderWindowTest {
    private static final int N = 3 * FlatPageDecoder.WINDOW + 77;

    private record Case(
            String name,
            PrimitiveTypeName type,
            ValueDecoder sink,
            Dictionary dictionary,
            Encoding encoding,
            byte[] body,
            IntFunction<Object> expected,
            BiFunction<ColumnVector, Integer, Object> read) {}

    private static long value(int i) {
        return (i * 0x9E3779B97F4A7C15L) >> (i % 50);
    }

    private static String string(int i) {
        return "v" + i + "x".repeat(i % 13);
    }

    private static List<Case> cases() throws Exception {
        ByteBuffer longs = ByteBuffer.allocate(N * 8).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer ints = ByteBuffer.allocate(N * 4).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer doubles = ByteBuffer.allocate(N * 8).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer strings = ByteBuffer.allocate(N * 40).order(ByteOrder.LITTLE_ENDIAN);
        byte[] bits = new byte[(N + 7) / 8];
        int[] ids = new int[N];
        for (int i = 0; i < N; i++) {
            longs.putLong(value(i));
            ints.putInt((int) value(i));
            doubles.putDouble(value(i) / 3.0);
            byte[] s = string(i).getBytes(StandardCharsets.UTF_8);
            strings.putInt(s.length).put(s);
            if (value(i) % 3 == 0) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
            ids[i] = (int) Math.floorMod(value(i), 5);
        }
        long[] entries = {11L, -12L, Long.MIN_VALUE, 0L, 99L};
        byte[] idBody = concat(new byte[] {3}, hybrid(3, ids));
        List<Case> cases = new ArrayList<>();
        cases.add(
                new Case(
                        "plain longs",
                        PrimitiveTypeName.INT64,
                        new NumericDecoders.Longs(),
                        null,
                        Encoding.PLAIN,
                        longs.array(),
                        FlatPageDecoderWindowTest::value,
                        (v, i) -> ((HeapLongVector) v).getLong(i)));
        cases.add(
                new Case(
                        "plain ints",
                        PrimitiveTypeName.INT32,
                        new NumericDecoders.Ints(-1),
                        null,
                        Encoding.PLAIN,
                        ints.array(),
                        i -> (int) value(i),
                        (v, i) -> ((HeapIntVector) v).getInt(i)));
        cases.add(
                new Case(
                        "plain unsigned ints (through the scratch array)",
                        PrimitiveTypeName.INT32,
                        new NumericDecoders.IntsAsLongs(0xFFFF_FFFFL),
                        null,
                        Encoding.PLAIN,
                        ints.array(),
                        i -> value(i) & 0xFFFF_FFFFL,
                        (v, i) -> ((HeapLongVector) v).getLong(i)));
        cases.add(
                new Case(
                        "plain doubles",
                        PrimitiveTypeName.DOUBLE,
                        new NumericDecoders.Doubles(false),
                        null,
                        Encoding.PLAIN,
                        doubles.array(),
                        i -> value(i) / 3.0,
                        (v, i) -> ((HeapDoubleVector) v).getDouble(i)));
        cases.add(
                new Case(
                        "plain booleans",
                        PrimitiveTypeName.BOOLEAN,
                        new NumericDecoders.Booleans(),
                        null,
                        Encoding.PLAIN,
                        bits,
                        i -> value(i) % 3 == 0,
                        (v, i) -> ((HeapBooleanVector) v).getBoolean(i)));
        cases.add(
                new Case(
                        "plain strings",
                        PrimitiveTypeName.BINARY,
                        new BinaryDecoders.Bytes(() -> false, () -> null),
                        null,
                        Encoding.PLAIN,
                        java.util.Arrays.copyOf(strings.array(), strings.position()),
                        FlatPageDecoderWindowTest::string,
                        (v, i) ->
                                new String(
                                        ((HeapBytesVector) v).getBytes(i).getBytes(),
                                        StandardCharsets.UTF_8)));
        cases.add(
                new Case(
                        "dictionary longs",
                        PrimitiveTypeName.INT64,
                        new NumericDecoders.Longs(),
                        longDictionary(entries),
                        Encoding.RLE_DICTIONARY,
                        idBody,
                        i -> entries[ids[i]],
                        (v, i) -> ((HeapLongVector) v).getLong(i)));
        cases.add(
                new Case(
                        "dictionary strings",
                        PrimitiveTypeName.BINARY,
                        new BinaryDecoders.Bytes(() -> false, () -> null),
                        stringDictionary("a", "bb", "", "dddd", "eeeee"),
                        Encoding.RLE_DICTIONARY,
                        idBody,
                        i -> new String[] {"a", "bb", "", "dddd", "eeeee"}[ids[i]],
                        (v, i) ->
                                new String(
                                        ((HeapBytesVector) v).getBytes(i).getBytes(),
                                        StandardCharsets.UTF_8)));
        return cases;
    }

    /** Stretches in page order: batches of several sizes, entries passed over, a long stretch. */
    private static List<int[]> stretches(long seed) {
        Random random = new Random(seed);
        List<int[]> plan = new ArrayList<>();
        int from = 0;
        int[] sizes = {1, 7, 2048, 2048, 2048, 3000, FlatPageDecoder.WINDOW + 100};
        while (from < N) {
            if (random.nextInt(8) == 0) {
                from += random.nextInt(5000); // passed over, as a skip within the page
                if (from >= N) {
                    break;
                }
            }
            int n = Math.min(sizes[random.nextInt(sizes.length)], N - from);
            plan.add(new int[] {from, n});
            from += n;
        }
        return plan;
    }

    @Test
    void decodesAPageLargerThanTheWindowAsAnySmallPage() throws Exception {
        for (Case c : cases()) {
            for (long seed = 1; seed <= 3; seed++) {
                DecodeArrays arrays = new DecodeArrays();
                FlatPageDecoder decoder = decoder(c, arrays);
                assertThat(decoder.decode(page(c.body(), c.encoding())))
                        .as("%s", c.name())
                        .isTrue();
                int largest = 0;
                for (int[] s : stretches(seed)) {
                    WritableColumnVector vector = c.sink().newVector(s[1] + 3);
                    assertThat(decoder.copy(s[0], vector, 3, s[1]))
                            .as("%s stretch at %d", c.name(), s[0])
                            .isTrue();
                    for (int k = 0; k < s[1]; k++) {
                        assertThat(c.read().apply(vector, 3 + k))
                                .as("%s entry %d (seed %d)", c.name(), s[0] + k, seed)
                                .isEqualTo(c.expected().apply(s[0] + k));
                    }
                    largest = Math.max(largest, s[1]);
                }
                decoder.release();
                DecodeArrays.Set set = arrays.take(c.type());
                assertThat(set.scratch().length)
                        .as("%s: arrays of the window, not of the page", c.name())
                        .isLessThanOrEqualTo(Math.max(FlatPageDecoder.WINDOW, largest));
            }
        }
    }

    @Test
    void declinesDamagePastTheFirstWindowAtItsStretch() throws Exception {
        int bad = 2 * FlatPageDecoder.WINDOW + 5;
        // a dictionary id beyond the dictionary of three entries
        int[] ids = new int[N];
        for (int i = 0; i < N; i++) {
            ids[i] = i % 3;
        }
        ids[bad] = 3;
        Dictionary dictionary = longDictionary(1L, 2L, 3L);
        byte[] body = concat(new byte[] {2}, hybrid(2, ids));
        Case c =
                new Case(
                        "ids",
                        PrimitiveTypeName.INT64,
                        new NumericDecoders.Longs(),
                        dictionary,
                        Encoding.RLE_DICTIONARY,
                        body,
                        null,
                        null);
        FlatPageDecoder decoder = decoder(c, null);
        assertThat(decoder.decode(page(body, Encoding.RLE_DICTIONARY))).isTrue();
        HeapLongVector vector = new HeapLongVector(2048);
        int from = 0;
        while (from + 2048 <= bad) {
            assertThat(decoder.copy(from, vector, 0, 2048)).isTrue();
            assertThat(vector.getLong(2047)).isEqualTo(1L + (from + 2047) % 3);
            from += 2048;
        }
        assertThat(decoder.copy(from, vector, 0, 2048)).isFalse();

        // a string whose length runs past the page, in the last window
        ByteBuffer strings = ByteBuffer.allocate(N * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < N; i++) {
            strings.putInt(3).put("abc".getBytes(StandardCharsets.UTF_8));
        }
        byte[] lying = java.util.Arrays.copyOf(strings.array(), strings.position());
        ByteBuffer.wrap(lying).order(ByteOrder.LITTLE_ENDIAN).putInt((N - 1) * 7, 8);
        Case s =
                new Case(
                        "strings",
                        PrimitiveTypeName.BINARY,
                        new BinaryDecoders.Bytes(() -> false, () -> null),
                        null,
                        Encoding.PLAIN,
                        lying,
                        null,
                        null);
        FlatPageDecoder strings2 = decoder(s, null);
        assertThat(strings2.decode(page(lying, Encoding.PLAIN))).isTrue();
        HeapBytesVector bytes = new HeapBytesVector(N);
        assertThat(strings2.copy(0, bytes, 0, N - 1)).isTrue();
        assertThat(new String(bytes.getBytes(N - 2).getBytes(), StandardCharsets.UTF_8))
                .isEqualTo("abc");
        assertThat(strings2.copy(N - 1, new HeapBytesVector(1), 0, 1)).isFalse();
    }

    private static FlatPageDecoder decoder(Case c, DecodeArrays arrays) {
        return new FlatPageDecoder(
                c.type(),
                0,
                0,
                c.sink(),
                c.dictionary() == null ? null : FlatDictionary.of(c.type(), c.dictionary()),
                arrays);
    }

    private static DataPageV1 page(byte[] body, Encoding encoding) {
        return new DataPageV1(
                BytesInput.from(body), N, body.length, null, Encoding.RLE, Encoding.RLE, encoding);
    }

    private static Dictionary longDictionary(long... values) throws Exception {
        return FlatPageDecoderTest.longDictionary(values);
    }

    private static Dictionary stringDictionary(String... values) throws Exception {
        PlainValuesWriter writer = new PlainValuesWriter(64, 1024, new HeapByteBufferAllocator());
        for (String v : values) {
            writer.writeBytes(Binary.fromString(v));
        }
        ColumnDescriptor column =
                new ColumnDescriptor(
                        new String[] {"s"},
                        Types.required(PrimitiveTypeName.BINARY).named("s"),
                        0,
                        0);
        return new DictionaryPage(
                        BytesInput.from(writer.getBytes().toByteArray()),
                        values.length,
                        Encoding.PLAIN)
                .decode(column);
    }
}
