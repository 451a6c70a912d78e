package io.pqx.format.stats;

import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.ColumnIndexBuilder;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * A column index and an offset index of a STRING column, for the page index tests here and in
 * e2e-tests.
 */
public final class TestingPageIndexes {

    private TestingPageIndexes() {}

    public static final PrimitiveType STRING =
            Types.optional(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType())
                    .named("s");

    /** Three pages: [a, c] with 1 null, all-null, [d, f]. */
    public static ColumnIndex stringIndex() {
        ColumnIndexBuilder builder = ColumnIndexBuilder.getBuilder(STRING, 64);
        builder.add(page("a", "c", null));
        builder.add(page(null, null));
        builder.add(page("d", "f"));
        return builder.build();
    }

    public static OffsetIndex offsetIndex() {
        OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
        builder.add(4, 100, 0);
        builder.add(104, 80, 1000);
        builder.add(184, 120, 2500);
        return builder.build();
    }

    private static Statistics<?> page(String... values) {
        Statistics<?> stats = Statistics.createStats(STRING);
        for (String v : values) {
            if (v == null) {
                stats.incrementNumNulls();
            } else {
                stats.updateStats(Binary.fromString(v));
            }
        }
        return stats;
    }
}
