package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * {@link FlatPageStatistics} must give, page by page, the statistics parquet-column's own collector
 * builds from the same values: it replaces that collector, and the chunk statistics and column
 * index come from it.
 */
class FlatPageStatisticsTest {

    @Test
    void int32PagesMatchParquetColumnsStatistics() {
        PrimitiveType type =
                Types.required(PrimitiveTypeName.INT32)
                        .as(LogicalTypeAnnotation.dateType())
                        .named("d");
        FlatPageStatistics flat = FlatPageStatistics.forColumn(column(type));
        Random random = new Random(1);
        for (int page = 0; page < 20; page++) {
            Statistics<?> expected = Statistics.createStats(type);
            int values = 1 + random.nextInt(page % 3 == 0 ? 3 : 500);
            for (int i = 0; i < values; i++) {
                int v = page % 2 == 0 ? random.nextInt() : random.nextInt(7) - 3;
                flat.add(v);
                expected.updateStats(v);
            }
            assertSame(flat.takePage(), expected);
        }
    }

    @Test
    void int64PagesMatchParquetColumnsStatistics() {
        PrimitiveType type =
                Types.required(PrimitiveTypeName.INT64)
                        .as(LogicalTypeAnnotation.decimalType(2, 15))
                        .named("price");
        FlatPageStatistics flat = FlatPageStatistics.forColumn(column(type));
        Random random = new Random(2);
        long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
        for (int page = 0; page < 20; page++) {
            Statistics<?> expected = Statistics.createStats(type);
            int values = 1 + random.nextInt(500);
            for (int i = 0; i < values; i++) {
                long v =
                        random.nextInt(10) == 0
                                ? edges[random.nextInt(edges.length)]
                                : random.nextLong() >> random.nextInt(64);
                flat.add(v);
                expected.updateStats(v);
            }
            assertSame(flat.takePage(), expected);
        }
    }

    @Test
    void binaryPagesMatchParquetColumnsUnsignedOrder() {
        PrimitiveType type =
                Types.required(PrimitiveTypeName.BINARY)
                        .as(LogicalTypeAnnotation.stringType())
                        .named("s");
        FlatPageStatistics flat = FlatPageStatistics.forColumn(column(type));
        Random random = new Random(3);
        byte[] buffer = new byte[4096];
        for (int page = 0; page < 30; page++) {
            Statistics<?> expected = Statistics.createStats(type);
            int values = 1 + random.nextInt(300);
            for (int i = 0; i < values; i++) {
                // Short values over a few bytes, high bytes included, so prefixes, equal values,
                // the empty value and bytes >= 0x80 (unsigned order) all occur; at an offset.
                int off = random.nextInt(100);
                int len = random.nextInt(page % 4 == 0 ? 40 : 4);
                for (int j = 0; j < len; j++) {
                    buffer[off + j] =
                            (byte)
                                    (random.nextBoolean()
                                            ? 'a' + random.nextInt(3)
                                            : 0x7e + random.nextInt(4));
                }
                flat.add(buffer, off, len);
                expected.updateStats(Binary.fromReusedByteArray(buffer, off, len));
                // The caller reuses its buffer: what was kept must not change with it.
                buffer[off] ^= 0x55;
            }
            assertSame(flat.takePage(), expected);
        }
    }

    @Test
    void onlyFlatLeavesWithAnOrderItComputesExactlyGetOne() {
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(
                                        Types.required(PrimitiveTypeName.INT32)
                                                .as(LogicalTypeAnnotation.intType(32, false))
                                                .named("u"))))
                .isNull();
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(
                                        Types.required(PrimitiveTypeName.INT64)
                                                .as(LogicalTypeAnnotation.intType(64, false))
                                                .named("u"))))
                .isNull();
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(
                                        Types.required(PrimitiveTypeName.BINARY)
                                                .as(LogicalTypeAnnotation.decimalType(2, 30))
                                                .named("dec"))))
                .isNull();
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(Types.required(PrimitiveTypeName.DOUBLE).named("d"))))
                .isNull();
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(Types.optional(PrimitiveTypeName.INT64).named("nullable"))))
                .isNull();
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(Types.required(PrimitiveTypeName.INT64).named("id"))))
                .isNotNull();
        assertThat(
                        FlatPageStatistics.forColumn(
                                column(Types.required(PrimitiveTypeName.BINARY).named("b"))))
                .isNotNull();
    }

    private static void assertSame(Statistics<?> actual, Statistics<?> expected) {
        assertThat(actual.getClass()).isEqualTo(expected.getClass());
        assertThat(actual.hasNonNullValue()).isEqualTo(expected.hasNonNullValue());
        assertThat(actual.getNumNulls()).isEqualTo(expected.getNumNulls());
        assertThat(actual.getMinBytes()).isEqualTo(expected.getMinBytes());
        assertThat(actual.getMaxBytes()).isEqualTo(expected.getMaxBytes());
        assertThat(actual).isEqualTo(expected);
    }

    private static ColumnDescriptor column(PrimitiveType type) {
        return new MessageType("m", type).getColumns().get(0);
    }
}
