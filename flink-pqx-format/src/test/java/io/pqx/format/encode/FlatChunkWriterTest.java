package io.pqx.format.encode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * pqx's {@link FlatChunkWriter} against parquet-column's column store, on the same slices of the
 * same values: every chunk must come out byte for byte the same, with the same metadata. The
 * settings and values are drawn at random (seed printed) so that page cuts by size and by rows,
 * dictionary fall back in the first page, at its end and in a later page, and plain-only chunks all
 * occur.
 */
class FlatChunkWriterTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("i", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("small", DataTypes.SMALLINT().notNull()),
                                    DataTypes.FIELD("l", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("f", DataTypes.FLOAT().notNull()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE().notNull()),
                                    DataTypes.FIELD("s", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("b", DataTypes.BYTES().notNull()),
                                    DataTypes.FIELD("dec9", DataTypes.DECIMAL(9, 2).notNull()),
                                    DataTypes.FIELD("dec18", DataTypes.DECIMAL(18, 3).notNull()),
                                    DataTypes.FIELD("ts", DataTypes.TIMESTAMP(6).notNull()),
                                    DataTypes.FIELD("nullable", DataTypes.INT()),
                                    DataTypes.FIELD("ns", DataTypes.STRING()),
                                    DataTypes.FIELD("nd", DataTypes.DOUBLE()),
                                    DataTypes.FIELD(
                                            "st",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD(
                                                            "x", DataTypes.BIGINT().notNull()),
                                                    DataTypes.FIELD("y", DataTypes.STRING()))),
                                    DataTypes.FIELD("arr", DataTypes.ARRAY(DataTypes.INT())),
                                    DataTypes.FIELD("flag", DataTypes.BOOLEAN().notNull()))
                            .getLogicalType();

    @Test
    void writesTheBytesOfParquetColumnsStore() throws IOException {
        long seed = Long.getLong("pqx.seed", System.nanoTime());
        System.out.println("FlatChunkWriterTest seed " + seed + " (repeat with -Dpqx.seed=)");
        Random random = new Random(seed);
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(TYPE);
        int flatChunks = 0;
        for (int trial = 0; trial < 60; trial++) {
            WriteOptions options = randomOptions(random);
            int rows = random.nextInt(8) == 0 ? random.nextInt(3) : random.nextInt(12_000);
            Regime[] regimes = new Regime[TYPE.getFieldCount()];
            for (int f = 0; f < regimes.length; f++) {
                regimes[f] = Regime.values()[random.nextInt(Regime.values().length)];
            }
            List<RowGroupBuffer> slices = slices(schema, rows, regimes, random);
            ColumnChunkEncoder[] encoders = ColumnChunkEncoder.forLeaves(schema, options);
            for (int leaf = 0; leaf < encoders.length; leaf++) {
                ColumnChunkEncoder encoder = encoders[leaf];
                if (!encoder.usesFlatWriter()) {
                    continue;
                }
                flatChunks++;
                String what =
                        "seed "
                                + seed
                                + ", trial "
                                + trial
                                + ", column "
                                + schema.leaves().get(leaf).path()
                                + ", "
                                + options;
                EncodedColumnChunk expected = encode(encoder.openStore(), slices, leaf);
                EncodedColumnChunk actual = encode(encoder.openFlat(), slices, leaf);
                assertSameChunk(actual, expected, what);
            }
        }
        assertThat(flatChunks).isGreaterThan(400);
    }

    @Test
    void takesOnlyFlatNotNullLeavesOfItsTypesInV1PagesWithoutBloomFilter() {
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(TYPE);
        WriteOptions v1 = WriteOptions.builder().build();
        List<String> flat = new ArrayList<>();
        ColumnChunkEncoder[] encoders = ColumnChunkEncoder.forLeaves(schema, v1);
        for (int leaf = 0; leaf < encoders.length; leaf++) {
            if (encoders[leaf].usesFlatWriter()) {
                flat.add(schema.leaves().get(leaf).path());
            }
        }
        assertThat(flat)
                .containsExactly(
                        "i",
                        "small",
                        "l",
                        "f",
                        "d",
                        "s",
                        "b",
                        "dec9",
                        "dec18",
                        "ts",
                        "nullable",
                        "ns",
                        "nd",
                        "st.x",
                        "st.y");
        for (ColumnChunkEncoder encoder :
                ColumnChunkEncoder.forLeaves(
                        schema, WriteOptions.builder().pageVersion(PageVersion.V2).build())) {
            assertThat(encoder.usesFlatWriter()).isFalse();
        }
        ColumnChunkEncoder[] bloom =
                ColumnChunkEncoder.forLeaves(
                        schema,
                        WriteOptions.builder()
                                .bloomFilter("l", new BloomFilterSpec(1000, 0.01))
                                .build());
        assertThat(bloom[2].usesFlatWriter()).isFalse();
        assertThat(bloom[0].usesFlatWriter()).isTrue();
    }

    private static EncodedColumnChunk encode(
            ColumnChunkEncoder.OpenChunk chunk, List<RowGroupBuffer> slices, int leaf)
            throws IOException {
        long lastEstimate = 0;
        for (RowGroupBuffer slice : slices) {
            chunk.feed(slice.leaf(leaf));
            lastEstimate = chunk.estimatedBytes();
        }
        EncodedColumnChunk done = chunk.finish();
        assertThat(lastEstimate).isGreaterThanOrEqualTo(0);
        return done;
    }

    private static void assertSameChunk(
            EncodedColumnChunk actual, EncodedColumnChunk expected, String what) {
        assertSameBytes(
                actual.dictionaryPage().toByteArray(),
                expected.dictionaryPage().toByteArray(),
                "dictionary page, " + what);
        assertSameBytes(
                actual.dataPages().toByteArray(),
                expected.dataPages().toByteArray(),
                "data pages, " + what);
        assertThat(actual.totalUncompressedSize())
                .as(what)
                .isEqualTo(expected.totalUncompressedSize());
        assertThat(actual.valueCount()).as(what).isEqualTo(expected.valueCount());
        assertThat(actual.encodings()).as(what).isEqualTo(expected.encodings());
        assertThat(actual.dataPageEncodings()).as(what).isEqualTo(expected.dataPageEncodings());
        assertThat(actual.dictionaryEncoding()).as(what).isEqualTo(expected.dictionaryEncoding());
        assertThat(Objects.toString(actual.statistics()))
                .as("statistics, " + what)
                .isEqualTo(Objects.toString(expected.statistics()));
        if (expected.statistics() != null) {
            assertThat(actual.statistics().genericGetMin())
                    .as(what)
                    .isEqualTo(expected.statistics().genericGetMin());
            assertThat(actual.statistics().genericGetMax())
                    .as(what)
                    .isEqualTo(expected.statistics().genericGetMax());
        }
        assertThat(Objects.toString(actual.columnIndex()))
                .as("column index, " + what)
                .isEqualTo(Objects.toString(expected.columnIndex()));
        assertThat(Objects.toString(actual.offsetIndex()))
                .as("offset index, " + what)
                .isEqualTo(Objects.toString(expected.offsetIndex()));
    }

    private static void assertSameBytes(byte[] actual, byte[] expected, String what) {
        assertThat(Arrays.mismatch(actual, expected))
                .as(
                        "first differing byte (of %d, expected %d) of the %s",
                        actual.length, expected.length, what)
                .isEqualTo(-1);
    }

    private static WriteOptions randomOptions(Random random) {
        WriteOptions.Builder b =
                WriteOptions.builder()
                        .codec(random.nextBoolean() ? Compression.UNCOMPRESSED : Compression.SNAPPY)
                        .pageSizeBytes(pick(random, 256, 1024, 8 << 10, 64 << 10, 1 << 20))
                        .pageRowLimit(pick(random, 1, 7, 100, 1000, 20_000))
                        .dictionaryEnabled(random.nextInt(5) != 0)
                        .dictionaryPageSizeBytes(pick(random, 64, 200, 4 << 10, 64 << 10, 1 << 20))
                        .statisticsEnabled(random.nextInt(4) != 0)
                        .pageIndexEnabled(random.nextBoolean())
                        .pageChecksums(random.nextBoolean());
        if (random.nextBoolean()) {
            b.columnIndexTruncateLength(pick(random, 1, 8, 64));
        }
        return b.build();
    }

    private static int pick(Random random, int... choices) {
        return choices[random.nextInt(choices.length)];
    }

    /** How a column's values are drawn. */
    private enum Regime {
        CONSTANT,
        FEW,
        HUNDREDS,
        UNIQUE,
        GROWING,
        SORTED,
        SPECIAL
    }

    private static List<RowGroupBuffer> slices(
            ParquetSchema schema, int rows, Regime[] regimes, Random random) {
        List<RowGroupBuffer> slices = new ArrayList<>();
        RowGroupBuffer slice = new RowGroupBuffer(schema, "mem");
        int sliceRows = 1 + random.nextInt(random.nextBoolean() ? 50 : 5000);
        for (int i = 0; i < rows; i++) {
            slice.append(row(i, regimes, random), i);
            if (slice.rowCount() == sliceRows) {
                slices.add(slice);
                slice = new RowGroupBuffer(schema, "mem");
            }
        }
        if (slice.rowCount() > 0 || slices.isEmpty()) {
            slices.add(slice);
        }
        return slices;
    }

    private static RowData row(int i, Regime[] regimes, Random random) {
        long[] draws = new long[regimes.length];
        for (int f = 0; f < regimes.length; f++) {
            draws[f] = draw(regimes[f], i, random);
        }
        return GenericRowData.of(
                (int) draws[0],
                (short) draws[1],
                draws[2] * 1_000_003L,
                floatOf(regimes[3], draws[3], random),
                doubleOf(regimes[4], draws[4], random),
                StringData.fromString(text(draws[5], random)),
                text(draws[6], random).getBytes(StandardCharsets.UTF_8),
                DecimalData.fromBigDecimal(BigDecimal.valueOf(draws[7] % 9_999_999, 2), 9, 2),
                DecimalData.fromBigDecimal(
                        new BigDecimal(
                                BigInteger.valueOf(draws[8] % 100_000_000_000_000L * 7_919), 3),
                        18,
                        3),
                TimestampData.fromEpochMillis(
                        1_700_000_000_000L + draws[9] % 1_000_000_000_000L,
                        (int) Math.floorMod(draws[9], 1000) * 1000),
                nullOr(random, regimes[10], (int) draws[10]),
                nullOr(random, regimes[11], StringData.fromString(text(draws[11], random))),
                nullOr(random, regimes[12], doubleOf(regimes[12], draws[12], random)),
                nullOr(
                        random,
                        regimes[13],
                        GenericRowData.of(
                                draws[13],
                                nullOr(
                                        random,
                                        regimes[0],
                                        StringData.fromString(text(draws[0], random))))),
                nullOr(
                        random,
                        regimes[14],
                        new GenericArrayData(new Integer[] {(int) draws[14], null})),
                draws[15] % 2 == 0);
    }

    /** Null at a rate that depends on the column's regime: never, rarely, half, or always. */
    private static <T> T nullOr(Random random, Regime regime, T value) {
        return switch (regime.ordinal() % 4) {
            case 0 -> value;
            case 1 -> random.nextInt(50) == 0 ? null : value;
            case 2 -> random.nextBoolean() ? null : value;
            default -> random.nextInt(20) == 0 ? value : null;
        };
    }

    private static long draw(Regime regime, int i, Random random) {
        return switch (regime) {
            case CONSTANT -> 42;
            case FEW -> random.nextInt(3) - 1;
            case HUNDREDS -> random.nextInt(300) - 150;
            case UNIQUE -> random.nextLong() >> random.nextInt(40);
            case GROWING -> random.nextInt(1 + i / 3);
            case SORTED -> i / 7;
            case SPECIAL -> random.nextBoolean() ? Long.MIN_VALUE >> 20 : Long.MAX_VALUE >> 20;
        };
    }

    private static float floatOf(Regime regime, long draw, Random random) {
        if (regime == Regime.SPECIAL) {
            float[] special = {
                Float.NaN,
                -0.0f,
                0.0f,
                Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY,
                Float.MIN_VALUE,
                1.5f
            };
            return special[random.nextInt(special.length)];
        }
        return draw / 4.0f;
    }

    private static double doubleOf(Regime regime, long draw, Random random) {
        if (regime == Regime.SPECIAL) {
            double[] special = {
                Double.NaN,
                -0.0,
                0.0,
                Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE,
                2.25
            };
            return special[random.nextInt(special.length)];
        }
        return draw / 8.0;
    }

    private static String text(long draw, Random random) {
        if (draw == 42) {
            return "";
        }
        String base = Long.toString(draw, 36);
        int extra = Math.floorMod(draw, 11) == 0 ? random.nextInt(200) : 0;
        return base + "-é".repeat(Math.floorMod(draw, 5)) + "x".repeat(extra);
    }
}
