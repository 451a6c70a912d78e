package io.pqx.format.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.TypeDefinedOrder;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/** Column-index pages judged by the chunk statistics' trust rules. */
class PageStatisticsTest {
    private static final String WRITER =
            "parquet-mr version 1.13.1 (build db4183109d5b734ec5930d870cdae161e408ddba)";
    private static final ColumnOrder TYPE_ORDER = ColumnOrder.TYPE_ORDER(new TypeDefinedOrder());
    private static final PrimitiveType INT = Types.optional(PrimitiveTypeName.INT32).named("i");
    private static final PrimitiveType DOUBLE = Types.optional(PrimitiveTypeName.DOUBLE).named("d");
    private static final PrimitiveType STRING =
            Types.optional(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType())
                    .named("s");
    private static final PrimitiveType INT96 = Types.optional(PrimitiveTypeName.INT96).named("t");

    private static ByteBuffer i32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, v);
    }

    private static ByteBuffer f64(double v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(0, v);
    }

    private static ByteBuffer utf8(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    private static ColumnIndex index(
            List<Boolean> nullPages,
            List<ByteBuffer> mins,
            List<ByteBuffer> maxes,
            List<Long> nullCounts) {
        ColumnIndex index =
                new ColumnIndex(
                        new ArrayList<>(nullPages),
                        new ArrayList<>(mins),
                        new ArrayList<>(maxes),
                        BoundaryOrder.UNORDERED);
        if (nullCounts != null) {
            index.setNull_counts(new ArrayList<>(nullCounts));
        }
        return index;
    }

    @Test
    void fixedWidthBoundsAreExactAndNullPagesHaveNone() {
        List<ChunkStatistics> pages =
                PageStatistics.of(
                        index(
                                List.of(false, true),
                                List.of(i32(-5), ByteBuffer.allocate(0)),
                                List.of(i32(9), ByteBuffer.allocate(0)),
                                List.of(2L, 50L)),
                        INT,
                        TYPE_ORDER,
                        WRITER);
        assertThat(pages.get(0).hasMinMax()).isTrue();
        assertThat(pages.get(0).minMax().genericGetMin()).isEqualTo(-5);
        assertThat(pages.get(0).minMax().genericGetMax()).isEqualTo(9);
        assertThat(pages.get(0).minExact()).isTrue();
        assertThat(pages.get(0).nullCount()).hasValue(2);
        assertThat(pages.get(1).hasMinMax()).isFalse();
        assertThat(pages.get(1).untrustedReason()).contains("only nulls");
        assertThat(pages.get(1).nullCount()).hasValue(50);
    }

    @Test
    void byteArrayBoundsAreNeverExact() {
        List<ChunkStatistics> pages =
                PageStatistics.of(
                        index(List.of(false), List.of(utf8("abc")), List.of(utf8("abd")), null),
                        STRING,
                        TYPE_ORDER,
                        WRITER);
        assertThat(pages.get(0).untrustedReason()).isNull();
        assertThat(pages.get(0).minExact()).isFalse();
        assertThat(pages.get(0).maxExact()).isFalse();
        assertThat(pages.get(0).nullCount()).isEmpty();
    }

    @Test
    void binaryBoundsWithoutAColumnOrderOrFromABrokenWriterAreNotTrusted() {
        ColumnIndex index = index(List.of(false), List.of(utf8("a")), List.of(utf8("z")), null);
        assertThat(PageStatistics.of(index, STRING, null, WRITER).get(0).untrustedReason())
                .contains("no column order");
        assertThat(
                        PageStatistics.of(index, STRING, TYPE_ORDER, "parquet-mr version 1.6.0")
                                .get(0)
                                .untrustedReason())
                .contains("PARQUET-251");
    }

    @Test
    void nanBoundsWrongWidthsAndInt96AreNotTrusted() {
        assertThat(
                        PageStatistics.of(
                                        index(
                                                List.of(false),
                                                List.of(f64(Double.NaN)),
                                                List.of(f64(1.0)),
                                                null),
                                        DOUBLE,
                                        TYPE_ORDER,
                                        WRITER)
                                .get(0)
                                .untrustedReason())
                .contains("NaN");
        assertThat(
                        PageStatistics.of(
                                        index(
                                                List.of(false),
                                                List.of(ByteBuffer.allocate(3)),
                                                List.of(i32(1)),
                                                null),
                                        INT,
                                        TYPE_ORDER,
                                        WRITER)
                                .get(0)
                                .untrustedReason())
                .contains("bytes wide");
        assertThat(
                        PageStatistics.of(
                                        index(
                                                List.of(false),
                                                List.of(ByteBuffer.allocate(12)),
                                                List.of(ByteBuffer.allocate(12)),
                                                null),
                                        INT96,
                                        TYPE_ORDER,
                                        WRITER)
                                .get(0)
                                .untrustedReason())
                .contains("no defined sort order");
    }

    @Test
    void floatingZeroBoundsAreWidened() {
        ChunkStatistics page =
                PageStatistics.of(
                                index(List.of(false), List.of(f64(0.0)), List.of(f64(-0.0)), null),
                                DOUBLE,
                                TYPE_ORDER,
                                WRITER)
                        .get(0);
        assertThat(page.hasMinMax()).isTrue();
        assertThat(Double.doubleToRawLongBits((Double) page.minMax().genericGetMin()))
                .isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(Double.doubleToRawLongBits((Double) page.minMax().genericGetMax()))
                .isEqualTo(Double.doubleToRawLongBits(0.0));
    }

    @Test
    void listsOfDifferentLengthsAreRefused() {
        assertThatThrownBy(
                        () ->
                                PageStatistics.of(
                                        index(
                                                List.of(false, false),
                                                List.of(i32(1)),
                                                List.of(i32(2), i32(3)),
                                                null),
                                        INT,
                                        TYPE_ORDER,
                                        WRITER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 pages, 1 mins");
    }
}
