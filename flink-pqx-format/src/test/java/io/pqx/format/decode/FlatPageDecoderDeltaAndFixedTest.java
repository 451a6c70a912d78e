package io.pqx.format.decode;

import static io.pqx.format.decode.FlatPageDecoderTest.concat;
import static io.pqx.format.decode.FlatPageDecoderTest.hybrid;
import static io.pqx.format.decode.FlatPageDecoderTest.lengthPrefixed;
import static io.pqx.format.decode.FlatPageDecoderTest.v1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/**
 * The flat path's DELTA pages (integers and strings, with nulls) and FIXED_LEN_BYTE_ARRAY decimals
 * (PLAIN, dictionary and DELTA_BYTE_ARRAY; several widths, both signs, compact and wide vectors),
 * pages written by parquet-column's value writers: every entry reads back as written, in batches
 * that start and end mid-miniblock.
 */
class FlatPageDecoderDeltaAndFixedTest {
    private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();
    private static final int N = 611;

    /** Null flags: runs at the edges, a long run, and random ones. */
    private static boolean[] nulls(Random random) {
        boolean[] nulls = new boolean[N];
        for (int i = 0; i < N; i++) {
            nulls[i] = i < 3 || i >= N - 2 || (i >= 100 && i < 240) || random.nextInt(4) == 0;
        }
        return nulls;
    }

    /** A v2 page of {@code N} entries: definition levels, then {@code values}. */
    private static DataPage v2Page(boolean[] nulls, byte[] values, Encoding encoding)
            throws Exception {
        int[] levels = new int[N];
        int nullCount = 0;
        for (int i = 0; i < N; i++) {
            levels[i] = nulls[i] ? 0 : 1;
            nullCount += nulls[i] ? 1 : 0;
        }
        return DataPageV2.uncompressed(
                N,
                nullCount,
                N,
                BytesInput.empty(),
                BytesInput.from(hybrid(1, levels)),
                encoding,
                BytesInput.from(values),
                null);
    }

    /** A v1 page of {@code N} entries: length-prefixed definition levels, then {@code values}. */
    private static DataPage v1Page(boolean[] nulls, byte[] values, Encoding encoding)
            throws Exception {
        int[] levels = new int[N];
        for (int i = 0; i < N; i++) {
            levels[i] = nulls[i] ? 0 : 1;
        }
        return v1(concat(lengthPrefixed(hybrid(1, levels)), values), N, encoding);
    }

    /** Copies the page in batches of odd sizes (ending mid-miniblock) into one vector. */
    private static void copyInBatches(FlatPageDecoder decoder, WritableColumnVector vector) {
        int[] sizes = {1, 7, 33, 100, 5, 31, 200};
        int at = 0;
        for (int k = 0; at < N; k++) {
            int n = Math.min(sizes[k % sizes.length], N - at);
            decoder.copy(at, vector, at, n);
            at += n;
        }
    }

    @Test
    void deltaIntsWithNullsReadBackAsWritten() throws Exception {
        Random random = new Random(3);
        boolean[] nulls = nulls(random);
        List<Integer> written = new ArrayList<>();
        DeltaBinaryPackingValuesWriterForInteger writer =
                new DeltaBinaryPackingValuesWriterForInteger(128, 4, 64, 1 << 20, HEAP);
        for (int i = 0; i < N; i++) {
            if (!nulls[i]) {
                int v = i % 50 == 0 ? Integer.MIN_VALUE : 19000 + i - random.nextInt(40);
                written.add(v);
                writer.writeInteger(v);
            }
        }
        byte[] stream = writer.getBytes().toByteArray();
        for (boolean v2 : new boolean[] {true, false}) {
            FlatPageDecoder decoder =
                    new FlatPageDecoder(
                            PrimitiveTypeName.INT32, 1, new NumericDecoders.Ints(-1), null);
            DataPage page =
                    v2
                            ? v2Page(nulls, stream, Encoding.DELTA_BINARY_PACKED)
                            : v1Page(nulls, stream, Encoding.DELTA_BINARY_PACKED);
            assertThat(decoder.decode(page)).isTrue();
            HeapIntVector vector = new HeapIntVector(N);
            copyInBatches(decoder, vector);
            int k = 0;
            for (int i = 0; i < N; i++) {
                assertThat(vector.isNullAt(i)).as("entry %d", i).isEqualTo(nulls[i]);
                if (!nulls[i]) {
                    assertThat(vector.getInt(i)).as("entry %d", i).isEqualTo(written.get(k++));
                }
            }
            // cut short: declined (the page check then reports it)
            byte[] cut = Arrays.copyOf(stream, stream.length - 1);
            assertThat(decoder.decode(v2Page(nulls, cut, Encoding.DELTA_BINARY_PACKED))).isFalse();
        }
    }

    @Test
    void deltaStringsWithNullsReadBackAsWritten() throws Exception {
        Random random = new Random(5);
        boolean[] nulls = nulls(random);
        List<String> written = new ArrayList<>();
        String previous = "shared-prefix-";
        for (int i = 0; i < N; i++) {
            if (!nulls[i]) {
                String s =
                        previous.substring(0, random.nextInt(previous.length() + 1))
                                + (random.nextInt(9) == 0 ? "" : Integer.toString(i * 7919, 36));
                written.add(s);
                previous = s.isEmpty() ? "x" : s;
            }
        }
        for (boolean prefixed : new boolean[] {false, true}) {
            ValuesWriter writer =
                    prefixed
                            ? new DeltaByteArrayWriter(64, 1 << 20, HEAP)
                            : new DeltaLengthByteArrayValuesWriter(64, 1 << 20, HEAP);
            for (String s : written) {
                writer.writeBytes(Binary.fromString(s));
            }
            Encoding encoding =
                    prefixed ? Encoding.DELTA_BYTE_ARRAY : Encoding.DELTA_LENGTH_BYTE_ARRAY;
            BinaryDecoders.Bytes sink = new BinaryDecoders.Bytes(() -> false, () -> null);
            FlatPageDecoder decoder = new FlatPageDecoder(PrimitiveTypeName.BINARY, 1, sink, null);
            assertThat(decoder.decode(v2Page(nulls, writer.getBytes().toByteArray(), encoding)))
                    .as("prefixed %s", prefixed)
                    .isTrue();
            WritableColumnVector vector = sink.newVector(N);
            copyInBatches(decoder, vector);
            int k = 0;
            for (int i = 0; i < N; i++) {
                assertThat(vector.isNullAt(i)).as("entry %d", i).isEqualTo(nulls[i]);
                if (!nulls[i]) {
                    BytesColumnVector.Bytes bytes = ((BytesColumnVector) vector).getBytes(i);
                    assertThat(
                                    new String(
                                            bytes.data,
                                            bytes.offset,
                                            bytes.len,
                                            StandardCharsets.UTF_8))
                            .as("entry %d, prefixed %s", i, prefixed)
                            .isEqualTo(written.get(k++));
                }
            }
        }
    }

    /** {@code value} as big-endian two's complement of {@code width} bytes. */
    private static byte[] fixed(BigInteger value, int width) {
        byte[] minimal = value.toByteArray();
        byte[] out = new byte[width];
        Arrays.fill(out, (byte) (value.signum() < 0 ? -1 : 0));
        System.arraycopy(minimal, 0, out, width - minimal.length, minimal.length);
        return out;
    }

    /** Digits a two's complement value of {@code width} bytes always holds. */
    private static int precisionOf(int width) {
        return BigInteger.ONE.shiftLeft(8 * width - 1).toString().length() - 1;
    }

    @Test
    void fixedLengthDecimalsReadBackAsWrittenPlainDictionaryAndDelta() throws Exception {
        Random random = new Random(9);
        for (int width : new int[] {1, 2, 3, 5, 8, 9, 12, 16}) {
            int precision = precisionOf(width);
            int scale = Math.min(2, precision);
            boolean[] nulls = nulls(random);
            // a few distinct values, for a dictionary; both signs, the extremes of the precision
            BigInteger limit = BigInteger.TEN.pow(precision);
            List<BigInteger> distinct = new ArrayList<>();
            distinct.add(limit.subtract(BigInteger.ONE));
            distinct.add(limit.subtract(BigInteger.ONE).negate());
            distinct.add(BigInteger.ZERO);
            distinct.add(BigInteger.ONE.negate());
            for (int d = 0; d < 20; d++) {
                distinct.add(
                        new BigInteger(8 * width + 8, random)
                                .mod(limit)
                                .subtract(limit.shiftRight(1)));
            }
            List<BigInteger> written = new ArrayList<>();
            Map<BigInteger, Integer> ids = new LinkedHashMap<>();
            for (BigInteger v : distinct) {
                ids.putIfAbsent(v, ids.size());
            }
            List<Integer> idList = new ArrayList<>();
            byte[] plain = new byte[0];
            DeltaByteArrayWriter delta = new DeltaByteArrayWriter(64, 1 << 20, HEAP);
            for (int i = 0; i < N; i++) {
                if (!nulls[i]) {
                    BigInteger v = distinct.get(random.nextInt(distinct.size()));
                    written.add(v);
                    idList.add(ids.get(v));
                    plain = concat(plain, fixed(v, width));
                    delta.writeBytes(Binary.fromConstantByteArray(fixed(v, width)));
                }
            }
            byte[] dictionaryBytes = new byte[0];
            for (BigInteger v : ids.keySet()) {
                dictionaryBytes = concat(dictionaryBytes, fixed(v, width));
            }
            FlatDictionary dictionary =
                    FlatDictionary.decode(
                            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                            width,
                            new DictionaryPage(
                                    BytesInput.from(dictionaryBytes), ids.size(), Encoding.PLAIN));
            assertThat(dictionary).isNotNull();
            int idWidth = 32 - Integer.numberOfLeadingZeros(ids.size() - 1);
            byte[] idBytes =
                    concat(
                            new byte[] {(byte) idWidth},
                            hybrid(idWidth, idList.stream().mapToInt(Integer::intValue).toArray()));
            Map<Encoding, byte[]> pages = new LinkedHashMap<>();
            pages.put(Encoding.PLAIN, plain);
            pages.put(Encoding.RLE_DICTIONARY, idBytes);
            pages.put(Encoding.DELTA_BYTE_ARRAY, delta.getBytes().toByteArray());
            for (Map.Entry<Encoding, byte[]> page : pages.entrySet()) {
                for (boolean v2 : new boolean[] {true, false}) {
                    DecimalDecoders.FromBinary sink =
                            new DecimalDecoders.FromBinary(precision, scale);
                    assertThat(
                                    FlatPageDecoder.supports(
                                            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, sink))
                            .isTrue();
                    FlatPageDecoder decoder =
                            new FlatPageDecoder(
                                    PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                                    width,
                                    1,
                                    sink,
                                    dictionary);
                    DataPage data =
                            v2
                                    ? v2Page(nulls, page.getValue(), page.getKey())
                                    : v1Page(nulls, page.getValue(), page.getKey());
                    String what = "width " + width + ", " + page.getKey() + ", v2 " + v2;
                    assertThat(decoder.decode(data)).as(what).isTrue();
                    HeapDecimalVector vector = (HeapDecimalVector) sink.newVector(N);
                    assertThat(vector.compact()).isEqualTo(precision <= 18);
                    copyInBatches(decoder, vector);
                    int k = 0;
                    for (int i = 0; i < N; i++) {
                        assertThat(vector.isNullAt(i))
                                .as("%s entry %d", what, i)
                                .isEqualTo(nulls[i]);
                        if (!nulls[i]) {
                            assertThat(vector.getDecimal(i, precision, scale).toBigDecimal())
                                    .as("%s entry %d", what, i)
                                    .isEqualTo(new BigDecimal(written.get(k++), scale));
                        }
                    }
                }
            }
            // PLAIN values cut short are declined (the page check then reports them)
            FlatPageDecoder decoder =
                    new FlatPageDecoder(
                            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                            width,
                            1,
                            new DecimalDecoders.FromBinary(precision, scale),
                            null);
            assertThat(
                            decoder.decode(
                                    v2Page(
                                            nulls,
                                            Arrays.copyOf(plain, plain.length - 1),
                                            Encoding.PLAIN)))
                    .isFalse();
        }
    }

    @Test
    void aDictionaryEntryTooWideForALongIsRefusedOnlyWhenAValueUsesIt() throws Exception {
        // DECIMAL(18, 0) in 9-byte FIXED_LEN_BYTE_ARRAY: entry 1 needs more than 64 bits
        byte[] fits = fixed(BigInteger.valueOf(-123_456_789_012L), 9);
        byte[] wide = fixed(BigInteger.ONE.shiftLeft(64), 9);
        FlatDictionary dictionary =
                FlatDictionary.decode(
                        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                        9,
                        new DictionaryPage(BytesInput.from(concat(fits, wide)), 2, Encoding.PLAIN));
        boolean[] none = new boolean[N];
        int[] zeros = new int[N];
        int[] withWide = new int[N];
        withWide[N - 1] = 1;
        for (int[] ids : new int[][] {zeros, withWide}) {
            DecimalDecoders.FromBinary sink = new DecimalDecoders.FromBinary(18, 0);
            FlatPageDecoder decoder =
                    new FlatPageDecoder(
                            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 9, 0, sink, dictionary);
            byte[] body = concat(new byte[] {1}, hybrid(1, ids));
            assertThat(decoder.decode(v2Page(none, body, Encoding.RLE_DICTIONARY))).isTrue();
            HeapDecimalVector vector = (HeapDecimalVector) sink.newVector(N);
            if (ids == zeros) {
                copyInBatches(decoder, vector);
                for (int i = 0; i < N; i++) {
                    assertThat(vector.unscaledLong(i)).isEqualTo(-123_456_789_012L);
                }
            } else {
                decoder.copy(0, vector, 0, N - 1);
                assertThat(vector.unscaledLong(N - 2)).isEqualTo(-123_456_789_012L);
                assertThatThrownBy(() -> decoder.copy(N - 1, vector, N - 1, 1))
                        .isInstanceOf(DecodeRefusal.class)
                        .hasMessageContaining("does not fit in 64 bits");
            }
        }
    }
}
