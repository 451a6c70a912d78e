package io.pqx.format.decode;

import static io.pqx.format.decode.FlatPageDecoderTest.concat;
import static io.pqx.format.decode.FlatPageDecoderTest.hybrid;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Dictionary-encoded pages larger than {@link FlatPageDecoder#WINDOW} entries (their ids go through
 * a small window of slots when the page has no nulls) and ids checked by the sinks' lookups instead
 * of while they are decoded: every value reads as through parquet-column, and an id outside the
 * dictionary is still declined at the stretch holding it.
 */
class DictionaryIdPagesTest {
    private static final int ROWS = 14_000;

    /** Distinct values per column: id widths 0, 3, 9 and 14 bits. */
    private static final int[] CARDINALITY = {1, 5, 300, 10_000};

    @TempDir Path dir;

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    private static RowType rowType(boolean nullable) {
        LogicalType[] types = {
            new BigIntType(nullable),
            new IntType(nullable),
            new DoubleType(nullable),
            new FloatType(nullable),
            new DateType(nullable),
            new DecimalType(nullable, 9, 2),
            new DecimalType(nullable, 15, 2),
            new DecimalType(nullable, 30, 2),
            new VarCharType(nullable, VarCharType.MAX_LENGTH),
            new SmallIntType(nullable)
        };
        String[] names = new String[types.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = "c" + i;
        }
        return RowType.of(types, names);
    }

    private static Object value(int column, int v) {
        return switch (column) {
            case 0 -> v * 1_000_003L - (1L << 40);
            case 1 -> v * 7 - 1000;
            case 2 -> v * 0.25 - 7;
            case 3 -> v / 3.0f;
            case 4 -> v - 1500;
            case 5 -> DecimalData.fromBigDecimal(BigDecimal.valueOf(v * 101L - 5000, 2), 9, 2);
            case 6 -> DecimalData.fromBigDecimal(BigDecimal.valueOf(v * 1_000_001L, 2), 15, 2);
            case 7 ->
                    DecimalData.fromBigDecimal(
                            BigDecimal.valueOf(v * 1_000_000_007L - 3, 2), 30, 2);
            case 8 -> StringData.fromString("value-" + v * 31);
            default -> (short) (v - 100);
        };
    }

    /**
     * Random values of each cardinality with runs of one value among them (RLE runs between the
     * bit-packed groups), pages of 6,000 rows (ids of every page pass through the window several
     * times, a page edge falling inside a batch), read in batches shorter than, equal to and longer
     * than the window: the same rows with the fast path on and off.
     */
    @ParameterizedTest
    @CsvSource({"V1, false, false", "V2, false, false", "V1, true, false", "V2, true, true"})
    void pagesLargerThanTheWindowReadAsThroughParquetColumn(
            PageVersion version, boolean nullable, boolean withNulls) throws Exception {
        for (int cardinality : CARDINALITY) {
            Path file = dir.resolve(version + "-" + nullable + "-" + withNulls + "-" + cardinality);
            write(file, version, nullable, withNulls, cardinality);
            FlatChunkReader.enabled = false;
            List<String> expected = TestingFlatReads.read(file, RowSelection.all(ROWS), 2048);
            FlatChunkReader.enabled = true;
            assertThat(expected).hasSize(ROWS);
            for (int batch : new int[] {1000, 2048, 5000}) {
                List<String> actual = TestingFlatReads.read(file, RowSelection.all(ROWS), batch);
                assertThat(actual)
                        .as("cardinality %d, batches of %d", cardinality, batch)
                        .isEqualTo(expected);
            }
        }
    }

    private static void write(
            Path file, PageVersion version, boolean nullable, boolean withNulls, int cardinality)
            throws Exception {
        RowType type = rowType(nullable);
        WriteOptions options =
                WriteOptions.builder()
                        .pageVersion(version)
                        .codec(Compression.UNCOMPRESSED)
                        .pageRowLimit(6_000)
                        .pageSizeBytes(8 << 20)
                        .dictionaryPageSizeBytes(8 << 20)
                        .rowGroupRows(ROWS)
                        .build();
        Random random = new Random(cardinality * 31L + version.ordinal());
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            int run = 0;
            int v = 0;
            for (int row = 0; row < ROWS; row++) {
                if (run == 0) {
                    v = random.nextInt(cardinality);
                    run = random.nextInt(50) == 0 ? 8 + random.nextInt(100) : 1;
                }
                run--;
                GenericRowData data = new GenericRowData(type.getFieldCount());
                for (int c = 0; c < type.getFieldCount(); c++) {
                    boolean isNull = withNulls && (row % 4099 < 3 || random.nextInt(9) == 0);
                    data.setField(c, isNull ? null : value(c, v));
                }
                writer.write(data);
            }
        }
    }

    /** A sink, the vectors it writes and its dictionary of {@code size} entries. */
    private record Sink(
            PrimitiveTypeName physical,
            int typeLength,
            ValueDecoder decoder,
            IntFunction<byte[]> plainDictionary) {}

    private static byte[] littleEndian(int size, int width) {
        ByteBuffer b = ByteBuffer.allocate(size * width).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < size; i++) {
            if (width == 4) {
                b.putInt(i * 3 + 1);
            } else {
                b.putLong(i * 3L + 1);
            }
        }
        return b.array();
    }

    private static final List<Sink> SINKS =
            List.of(
                    new Sink(
                            PrimitiveTypeName.INT32,
                            0,
                            new NumericDecoders.Ints(-1),
                            size -> littleEndian(size, 4)),
                    new Sink(
                            PrimitiveTypeName.INT64,
                            0,
                            new NumericDecoders.Longs(),
                            size -> littleEndian(size, 8)),
                    new Sink(
                            PrimitiveTypeName.FLOAT,
                            0,
                            new NumericDecoders.Floats(),
                            size -> littleEndian(size, 4)),
                    new Sink(
                            PrimitiveTypeName.DOUBLE,
                            0,
                            new NumericDecoders.Doubles(false),
                            size -> littleEndian(size, 8)),
                    new Sink(
                            PrimitiveTypeName.INT64,
                            0,
                            new DecimalDecoders.FromLong(15, 2, false),
                            size -> littleEndian(size, 8)),
                    new Sink(
                            PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY,
                            8,
                            new DecimalDecoders.FromBinary(15, 2),
                            size -> littleEndian(size, 8)));

    private static DataPageV2 idPage(int count, byte[] body) {
        return DataPageV2.uncompressed(
                count,
                0,
                count,
                BytesInput.empty(),
                BytesInput.empty(),
                Encoding.RLE_DICTIONARY,
                BytesInput.from(body),
                null);
    }

    /**
     * For every sink that checks ids by its lookups, and id widths from 3 to 32 bits: a page of ids
     * all inside the dictionary is read whole, and an id one past the dictionary's end (in a
     * bit-packed group, or as an RLE run's value), past the first window, is declined at the
     * stretch holding it and at no stretch before.
     */
    @Test
    void idsOutsideTheDictionaryAreDeclinedByTheLookupsAtTheirStretch() throws Exception {
        int n = 3 * FlatPageDecoder.WINDOW + 123;
        int bad = 2 * FlatPageDecoder.WINDOW + 77;
        Random random = new Random(11);
        for (Sink sink : SINKS) {
            for (int width : new int[] {3, 13, 20, 32}) {
                int size = width == 3 ? 7 : 1000;
                FlatDictionary dictionary =
                        FlatDictionary.decode(
                                sink.physical(),
                                sink.typeLength(),
                                new DictionaryPage(
                                        BytesInput.from(sink.plainDictionary().apply(size)),
                                        size,
                                        Encoding.PLAIN));
                assertThat(dictionary).isNotNull();
                int[] ids = new int[n];
                for (int i = 0; i < n; i++) {
                    ids[i] = random.nextInt(size);
                }
                for (int i = 100; i < 140; i++) {
                    ids[i] = size - 1; // an RLE run, inside
                }
                FlatPageDecoder decoder =
                        new FlatPageDecoder(
                                sink.physical(), sink.typeLength(), 0, sink.decoder(), dictionary);
                assertThat(
                                decoder.decode(
                                        idPage(
                                                n,
                                                concat(
                                                        new byte[] {(byte) width},
                                                        hybrid(width, ids)))))
                        .isTrue();
                WritableColumnVector vector = sink.decoder().newVector(n);
                for (int from = 0; from < n; from += 2048) {
                    assertThat(decoder.copy(from, vector, from, Math.min(2048, n - from)))
                            .as("%s, %d bits, from %d", sink.decoder(), width, from)
                            .isTrue();
                }
                int[] packed = ids.clone();
                packed[bad] = size;
                int[] run = ids.clone();
                for (int i = bad; i < bad + 30; i++) {
                    run[i] = size;
                }
                for (int[] damaged : List.of(packed, run)) {
                    assertThat(
                                    decoder.decode(
                                            idPage(
                                                    n,
                                                    concat(
                                                            new byte[] {(byte) width},
                                                            hybrid(width, damaged)))))
                            .isTrue();
                    WritableColumnVector into = sink.decoder().newVector(n);
                    int stretch = 1000;
                    int from = 0;
                    for (; from + stretch <= bad; from += stretch) {
                        assertThat(decoder.copy(from, into, from, stretch)).isTrue();
                    }
                    assertThat(decoder.copy(from, into, from, stretch))
                            .as("%s, %d bits, the stretch of the bad id", sink.decoder(), width)
                            .isFalse();
                }
            }
        }
    }
}
