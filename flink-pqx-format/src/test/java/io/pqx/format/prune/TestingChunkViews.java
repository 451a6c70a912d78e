package io.pqx.format.prune;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import io.pqx.format.metadata.Repetition;
import io.pqx.format.metadata.RowGroupView;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Hand-made footer views of one-leaf-per-column row groups, for pruning tests that need statistics
 * no pqx writer produces (untrusted, inexact, without null count).
 */
final class TestingChunkViews {
    private TestingChunkViews() {}

    /** A top-level optional column: its name, Flink type and Parquet leaf. */
    record Column(String name, LogicalType type, PhysicalType physical, LogicalTypeView logical) {}

    static LogicalTypeView annotation(String name) {
        return new LogicalTypeView(name, name, 0, false, false, null, 0, 0);
    }

    static LogicalTypeView decimal(int precision, int scale) {
        return new LogicalTypeView(
                "DECIMAL",
                "DECIMAL(" + precision + "," + scale + ")",
                0,
                false,
                false,
                null,
                precision,
                scale);
    }

    static LogicalTypeView integer(int bits, boolean signed) {
        return new LogicalTypeView(
                "INTEGER", "INTEGER(" + bits + "," + signed + ")", bits, signed, false, null, 0, 0);
    }

    static LogicalTypeView timestamp(String unit) {
        return new LogicalTypeView(
                "TIMESTAMP", "TIMESTAMP(" + unit + ",false)", 0, false, false, unit, 0, 0);
    }

    static LogicalTypeView time(String unit) {
        return new LogicalTypeView("TIME", "TIME(" + unit + ",false)", 0, false, false, unit, 0, 0);
    }

    static LeafColumnView leaf(Column c, int index) {
        return new LeafColumnView(
                List.of(c.name()),
                index,
                c.physical(),
                0,
                Repetition.OPTIONAL,
                Optional.ofNullable(c.logical()),
                1,
                0,
                true);
    }

    static List<FieldView> fields(Column... columns) {
        List<FieldView> out = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            out.add(
                    new FieldView(
                            columns[i].name(),
                            columns[i].name(),
                            columns[i].type(),
                            FieldView.Kind.PRIMITIVE,
                            List.of(),
                            Optional.of(leaf(columns[i], i)),
                            1,
                            0));
        }
        return out;
    }

    /** A row group of {@code rows} rows whose chunk {@code i} has statistics {@code stats[i]}. */
    static RowGroupView rowGroup(long rows, List<Column> columns, ChunkStatisticsView... stats) {
        List<ColumnChunkView> chunks = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            chunks.add(
                    new ColumnChunkView(
                            0,
                            i,
                            columns.get(i).name(),
                            columns.get(i).physical(),
                            "UNCOMPRESSED",
                            List.of("PLAIN"),
                            100,
                            100,
                            rows,
                            4,
                            OptionalLong.empty(),
                            Optional.empty(),
                            Optional.empty(),
                            Optional.empty(),
                            stats[i]));
        }
        return new RowGroupView(0, rows, 100, 100, OptionalLong.empty(), List.of(), chunks);
    }

    static ChunkStatisticsView bounded(
            PhysicalType type,
            long nulls,
            byte[] min,
            byte[] max,
            boolean minExact,
            boolean maxExact) {
        return ChunkStatisticsView.bounded(
                type,
                nulls < 0 ? OptionalLong.empty() : OptionalLong.of(nulls),
                min,
                max,
                "min",
                "max",
                minExact,
                maxExact);
    }

    static ChunkStatisticsView ints(long nulls, int min, int max) {
        return bounded(PhysicalType.INT32, nulls, le(min), le(max), true, true);
    }

    static ChunkStatisticsView longs(long nulls, long min, long max) {
        return bounded(PhysicalType.INT64, nulls, le(min), le(max), true, true);
    }

    static ChunkStatisticsView doubles(long nulls, double min, double max) {
        return bounded(PhysicalType.DOUBLE, nulls, le(min), le(max), true, true);
    }

    static ChunkStatisticsView untrusted(PhysicalType type, long nulls, String reason) {
        return ChunkStatisticsView.unbounded(
                type, nulls < 0 ? OptionalLong.empty() : OptionalLong.of(nulls), reason);
    }

    static byte[] le(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    static byte[] le(double v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
    }

    static byte[] le(float v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(v).array();
    }
}
