package io.pqx.format.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.TestingFooters;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.TypeDefinedOrder;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

class StatisticsConverterTest {
    private static final ColumnOrder TYPE_ORDER = ColumnOrder.TYPE_ORDER(new TypeDefinedOrder());
    private static final String PQX = "pqx version 0.1.0";

    private static final PrimitiveType INT = Types.optional(PrimitiveTypeName.INT32).named("i");
    private static final PrimitiveType UINT =
            Types.optional(PrimitiveTypeName.INT32)
                    .as(LogicalTypeAnnotation.intType(32, false))
                    .named("u");
    private static final PrimitiveType STRING =
            Types.optional(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType())
                    .named("s");
    private static final PrimitiveType BYTES = Types.optional(PrimitiveTypeName.BINARY).named("b");
    private static final PrimitiveType DOUBLE = Types.optional(PrimitiveTypeName.DOUBLE).named("d");
    private static final PrimitiveType INT96 = Types.optional(PrimitiveTypeName.INT96).named("t");

    private static org.apache.parquet.column.statistics.Statistics<?> ints(
            PrimitiveType type, int... values) {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                org.apache.parquet.column.statistics.Statistics.createStats(type);
        for (int v : values) {
            stats.updateStats(v);
        }
        return stats;
    }

    private static org.apache.parquet.column.statistics.Statistics<?> strings(
            PrimitiveType type, String... values) {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                org.apache.parquet.column.statistics.Statistics.createStats(type);
        for (String v : values) {
            if (v == null) {
                stats.incrementNumNulls();
            } else {
                stats.updateStats(Binary.fromString(v));
            }
        }
        return stats;
    }

    private static byte[] le(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    private static byte[] le(double v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // --- writing ----------------------------------------------------------------------------

    @Test
    void writesBoundsExactnessAndLegacyMinMaxForSignedInts() {
        org.apache.parquet.column.statistics.Statistics<?> stats = ints(INT, 5, -3, 9);
        stats.incrementNumNulls(2);
        Statistics t = StatisticsConverter.toThrift(stats, 64);
        assertThat(t.getMin_value()).isEqualTo(le(-3));
        assertThat(t.getMax_value()).isEqualTo(le(9));
        assertThat(t.isIs_min_value_exact()).isTrue();
        assertThat(t.isIs_max_value_exact()).isTrue();
        assertThat(t.getMin()).isEqualTo(le(-3));
        assertThat(t.getMax()).isEqualTo(le(9));
        assertThat(t.getNull_count()).isEqualTo(2);
    }

    @Test
    void writesNoLegacyMinMaxWhereTheSignedOrderIsWrong() {
        Statistics unsigned = StatisticsConverter.toThrift(ints(UINT, 1, -1), 64);
        assertThat(unsigned.isSetMin_value()).isTrue();
        assertThat(unsigned.getMax_value()).isEqualTo(le(-1)); // 0xFFFFFFFF is the unsigned max
        assertThat(unsigned.isSetMin()).isFalse();
        assertThat(unsigned.isSetMax()).isFalse();
        Statistics text = StatisticsConverter.toThrift(strings(STRING, "b", "a"), 64);
        assertThat(text.getMin_value()).isEqualTo(utf8("a"));
        assertThat(text.isSetMin()).isFalse();
    }

    @Test
    void truncatesLongBinaryBounds() {
        Statistics t =
                StatisticsConverter.toThrift(strings(STRING, "apple pie", "banana split"), 4);
        assertThat(t.getMin_value()).isEqualTo(utf8("appl"));
        assertThat(t.isIs_min_value_exact()).isFalse();
        assertThat(t.getMax_value()).isEqualTo(utf8("banb"));
        assertThat(t.isIs_max_value_exact()).isFalse();
    }

    @Test
    void keepsBoundsWithinTheLimitExact() {
        Statistics t = StatisticsConverter.toThrift(strings(STRING, "abcd", "ab"), 4);
        assertThat(t.getMin_value()).isEqualTo(utf8("ab"));
        assertThat(t.getMax_value()).isEqualTo(utf8("abcd"));
        assertThat(t.isIs_min_value_exact()).isTrue();
        assertThat(t.isIs_max_value_exact()).isTrue();
    }

    @Test
    void carriesTheIncrementPastFfBytes() {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                org.apache.parquet.column.statistics.Statistics.createStats(BYTES);
        stats.updateStats(Binary.fromConstantByteArray(new byte[] {1, 2}));
        stats.updateStats(
                Binary.fromConstantByteArray(new byte[] {1, (byte) 0xFF, (byte) 0xFF, 7}));
        Statistics t = StatisticsConverter.toThrift(stats, 3);
        assertThat(t.getMax_value()).isEqualTo(new byte[] {2});
        assertThat(t.isIs_max_value_exact()).isFalse();
    }

    @Test
    void dropsTheMaxWhenNoShorterUpperBoundExists() {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                org.apache.parquet.column.statistics.Statistics.createStats(BYTES);
        stats.updateStats(Binary.fromConstantByteArray(new byte[] {0}));
        stats.updateStats(
                Binary.fromConstantByteArray(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF}));
        Statistics t = StatisticsConverter.toThrift(stats, 2);
        assertThat(t.isSetMin_value()).isTrue();
        assertThat(t.isSetMax_value()).isFalse();
        assertThat(StatisticsConverter.fromThrift(t, BYTES, TYPE_ORDER, PQX).hasMinMax()).isFalse();
    }

    @Test
    void truncatesUtf8TextAtCharacterBoundaries() {
        // "é" is two bytes: a cut after 3 bytes would split the second "é".
        Statistics t = StatisticsConverter.toThrift(strings(STRING, "aéé", "zéé"), 4);
        assertThat(t.getMin_value()).isEqualTo(utf8("aé"));
        assertThat(t.getMax_value()).isEqualTo(utf8("zê")); // é (U+00E9) + 1 = ê (U+00EA)
        assertThat(new String(t.getMax_value(), StandardCharsets.UTF_8)).isEqualTo("zê");
    }

    @Test
    void writesNoBoundsForAnAllNullChunk() {
        Statistics t = StatisticsConverter.toThrift(strings(STRING, null, null, null), 64);
        assertThat(t.getNull_count()).isEqualTo(3);
        assertThat(t.isSetMin_value()).isFalse();
        assertThat(t.isSetMax_value()).isFalse();
        assertThat(t.isSetMin()).isFalse();
    }

    @Test
    void writesNoBoundsForInt96() {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                org.apache.parquet.column.statistics.Statistics.createStats(INT96);
        stats.updateStats(Binary.fromConstantByteArray(new byte[12]));
        Statistics t = StatisticsConverter.toThrift(stats, 64);
        assertThat(t.isSetMin_value()).isFalse();
        assertThat(t.isSetMin()).isFalse();
    }

    @Test
    void leavesNaNOutOfDoubleBounds() {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                org.apache.parquet.column.statistics.Statistics.createStats(DOUBLE);
        stats.updateStats(1.5);
        stats.updateStats(Double.NaN);
        stats.updateStats(-2.0);
        Statistics t = StatisticsConverter.toThrift(stats, 64);
        assertThat(t.getMin_value()).isEqualTo(le(-2.0));
        assertThat(t.getMax_value()).isEqualTo(le(1.5));
        assertThat(t.getNan_count()).isEqualTo(1);
    }

    @Test
    void roundTripsThroughThrift() {
        org.apache.parquet.column.statistics.Statistics<?> stats =
                strings(STRING, "kiwi", null, "fig", "plum");
        ChunkStatistics read =
                StatisticsConverter.fromThrift(
                        StatisticsConverter.toThrift(stats, 64), STRING, TYPE_ORDER, PQX);
        assertThat(read.hasMinMax()).isTrue();
        assertThat(read.untrustedReason()).isNull();
        assertThat(read.minMax().genericGetMin()).isEqualTo(Binary.fromString("fig"));
        assertThat(read.minMax().genericGetMax()).isEqualTo(Binary.fromString("plum"));
        assertThat(read.nullCount()).isEqualTo(OptionalLong.of(1));
        assertThat(read.minExact()).isTrue();
        assertThat(read.maxExact()).isTrue();
    }

    // --- reading: trust rules ---------------------------------------------------------------

    private static Statistics current(byte[] min, byte[] max) {
        return new Statistics().setMin_value(min).setMax_value(max);
    }

    private static Statistics legacy(byte[] min, byte[] max) {
        return new Statistics().setMin(min).setMax(max);
    }

    @Test
    void distrustsMissingStatistics() {
        ChunkStatistics s = StatisticsConverter.fromThrift(null, INT, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.minMax()).isNull();
        assertThat(s.untrustedReason()).isEqualTo("the chunk has no statistics");
        assertThat(s.nullCount()).isEmpty();
    }

    @Test
    void distrustsMinMaxAbsentButKeepsTheNullCount() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(
                        new Statistics().setNull_count(7), INT, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason()).isEqualTo("the statistics have no min/max");
        assertThat(s.nullCount()).isEqualTo(OptionalLong.of(7));
    }

    @Test
    void trustsDeprecatedMinMaxOfSignedTypes() {
        ChunkStatistics s = StatisticsConverter.fromThrift(legacy(le(-4), le(8)), INT, null, PQX);
        assertThat(s.hasMinMax()).isTrue();
        assertThat(s.minMax().genericGetMin()).isEqualTo(-4);
        assertThat(s.minExact()).isTrue();
    }

    @Test
    void distrustsDeprecatedMinMaxOfBinaryAndUnsignedTypes() {
        ChunkStatistics binary =
                StatisticsConverter.fromThrift(
                        legacy(utf8("a"), utf8("z")), STRING, TYPE_ORDER, PQX);
        assertThat(binary.hasMinMax()).isFalse();
        assertThat(binary.untrustedReason())
                .isEqualTo(
                        "only the deprecated min/max are present, in signed order, which is not the"
                                + " order of BINARY (STRING)");
        ChunkStatistics unsigned =
                StatisticsConverter.fromThrift(legacy(le(1), le(-1)), UINT, TYPE_ORDER, PQX);
        assertThat(unsigned.hasMinMax()).isFalse();
    }

    @Test
    void trustsDeprecatedBinaryMinMaxWhenTheyAreEqual() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(
                        legacy(utf8("same"), utf8("same")), STRING, null, PQX);
        assertThat(s.hasMinMax()).isTrue();
        assertThat(s.minMax().genericGetMax()).isEqualTo(Binary.fromString("same"));
    }

    @Test
    void distrustsBinaryBoundsWithoutAColumnOrder() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(current(utf8("a"), utf8("b")), STRING, null, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason())
                .isEqualTo("the file defines no column order for BINARY (STRING)");
        ChunkStatistics ints =
                StatisticsConverter.fromThrift(current(le(1), le(2)), INT, null, PQX);
        assertThat(ints.hasMinMax()).isTrue();
    }

    @Test
    void distrustsInt96() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(
                        current(new byte[12], new byte[12]), INT96, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason()).isEqualTo("INT96 has no defined sort order");
    }

    @Test
    void distrustsNaNBounds() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(
                        current(le(1.0), le(Double.NaN)), DOUBLE, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason()).isEqualTo("a bound is NaN");
    }

    @Test
    void widensFloatingPointZeroBounds() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(current(le(0.0), le(-0.0)), DOUBLE, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isTrue();
        assertThat(Double.doubleToRawLongBits((Double) s.minMax().genericGetMin()))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits((Double) s.minMax().genericGetMax()))
                .isEqualTo(Double.doubleToRawLongBits(0.0));
    }

    @Test
    void distrustsBinaryStatisticsOfWritersWithKnownBugs() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(
                        legacy(utf8("same"), utf8("same")),
                        STRING,
                        null,
                        "parquet-mr version 1.6.0 (build abcd)");
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason())
                .isEqualTo(
                        "statistics of 'parquet-mr version 1.6.0 (build abcd)' are known to be"
                                + " wrong (PARQUET-251)");
        ChunkStatistics ints =
                StatisticsConverter.fromThrift(
                        legacy(le(1), le(2)), INT, null, "parquet-mr version 1.6.0 (build abcd)");
        assertThat(ints.hasMinMax()).isTrue();
    }

    /**
     * The verdict on a writer's byte-array statistics is remembered, but only for the writer it was
     * given for: files of writers with and without the bug, one after another, each get their own.
     */
    @Test
    void judgesEachWritersByteArrayStatisticsAlsoWhenWritersAlternate() {
        String buggy = "parquet-mr version 1.6.0 (build abcd)";
        String fixed = "parquet-mr version 1.10.0 (build abcd)";
        String other = "parquet-cpp-arrow version 21.0.0";
        for (int round = 0; round < 3; round++) {
            for (String writer : new String[] {buggy, fixed, buggy, other, null, "", fixed}) {
                ChunkStatistics s =
                        StatisticsConverter.fromThrift(
                                legacy(utf8("same"), utf8("same")), STRING, null, writer);
                boolean expectedWrong =
                        org.apache.parquet.CorruptStatistics.shouldIgnoreStatistics(
                                writer, PrimitiveTypeName.BINARY);
                assertThat(s.hasMinMax()).as("%s", writer).isEqualTo(!expectedWrong);
            }
        }
        assertThat(
                        StatisticsConverter.fromThrift(
                                        legacy(utf8("same"), utf8("same")), STRING, null, buggy)
                                .hasMinMax())
                .isFalse();
        assertThat(
                        StatisticsConverter.fromThrift(
                                        legacy(utf8("same"), utf8("same")), STRING, null, other)
                                .hasMinMax())
                .isTrue();
    }

    @Test
    void distrustsBoundsOfTheWrongWidth() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(current(new byte[3], le(2)), INT, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason())
                .isEqualTo("the bounds are 3 and 4 bytes wide, not the 4 bytes of INT32");
    }

    @Test
    void distrustsAMinAboveTheMax() {
        ChunkStatistics s =
                StatisticsConverter.fromThrift(current(le(9), le(2)), INT, TYPE_ORDER, PQX);
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason()).isEqualTo("the min is greater than the max");
    }

    @Test
    void readsExactnessFlagsAndAssumesInexactBinaryWithout() {
        Statistics flagged =
                current(utf8("a"), utf8("b"))
                        .setIs_min_value_exact(true)
                        .setIs_max_value_exact(false);
        ChunkStatistics s = StatisticsConverter.fromThrift(flagged, STRING, TYPE_ORDER, PQX);
        assertThat(s.minExact()).isTrue();
        assertThat(s.maxExact()).isFalse();
        ChunkStatistics unflagged =
                StatisticsConverter.fromThrift(
                        current(utf8("a"), utf8("b")), STRING, TYPE_ORDER, PQX);
        assertThat(unflagged.minExact()).isFalse();
        assertThat(unflagged.maxExact()).isFalse();
    }

    // --- real files ---------------------------------------------------------------------------

    private static FileMetadata footer(String name) throws IOException {
        byte[] bytes = TestingFooters.bytes(TestingParquetFiles.data(name));
        return FooterReader.read(TestingFooters.input(name, bytes), 1 << 20);
    }

    @Test
    void readsTheTruncatedBoundsOfParquetRs() throws IOException {
        FileMetadata metadata = footer("binary_truncated_min_max.parquet");
        // column: min, minExact, max, maxExact (parquet-testing README)
        Object[][] expected = {
            {"utf8_full_truncation", utf8("Al"), false, utf8("Kf"), false},
            {"binary_full_truncation", utf8("Al"), false, utf8("Kf"), false},
            {"utf8_partial_truncation", utf8("Al"), false, utf8("🚀Kevin Bacon"), true},
            {"binary_partial_truncation", utf8("Al"), false, new byte[] {-1, -1, 1, 2}, true},
            {"utf8_no_truncation", utf8("Al"), true, utf8("Ke"), true},
            {"binary_no_truncation", utf8("Al"), true, utf8("Ke"), true},
        };
        for (int i = 0; i < expected.length; i++) {
            ColumnChunkMetadata chunk = metadata.rowGroups().get(0).columns().get(i);
            ChunkStatistics s = ChunkStatistics.of(chunk);
            assertThat(chunk.path()).isEqualTo(expected[i][0]);
            assertThat(s.hasMinMax()).as(chunk.path()).isTrue();
            assertThat(s.minMax().getMinBytes()).as(chunk.path()).isEqualTo(expected[i][1]);
            assertThat(s.minExact()).as(chunk.path()).isEqualTo(expected[i][2]);
            assertThat(s.minMax().getMaxBytes()).as(chunk.path()).isEqualTo(expected[i][3]);
            assertThat(s.maxExact()).as(chunk.path()).isEqualTo(expected[i][4]);
        }
    }

    @Test
    void distrustsTheNaNMaxOfOldPyArrow() throws IOException {
        ChunkStatistics s =
                ChunkStatistics.of(
                        footer("nan_in_stats.parquet").rowGroups().get(0).columns().get(0));
        assertThat(s.hasMinMax()).isFalse();
        assertThat(s.untrustedReason()).isEqualTo("a bound is NaN");
        assertThat(s.nullCount()).isEqualTo(OptionalLong.of(0));
    }

    @Test
    void trustsStringStatisticsOfAModernParquetMr() throws IOException {
        ChunkStatistics s =
                ChunkStatistics.of(
                        footer("data_index_bloom_encoding_stats.parquet")
                                .rowGroups()
                                .get(0)
                                .columns()
                                .get(0));
        assertThat(s.hasMinMax()).isTrue();
        assertThat(s.minMax().genericGetMin()).isEqualTo(Binary.fromString("Hello"));
        assertThat(s.minMax().genericGetMax()).isEqualTo(Binary.fromString("today"));
    }

    @Test
    void distrustsInt96StatisticsOfImpalaFiles() throws IOException {
        ColumnChunkMetadata timestamps =
                footer("alltypes_plain.parquet").rowGroups().get(0).columns().get(10);
        assertThat(timestamps.path()).isEqualTo("timestamp_col");
        assertThat(ChunkStatistics.of(timestamps).hasMinMax()).isFalse();
    }
}
