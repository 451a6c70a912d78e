package io.pqx.format.decode;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.util.CloseableIterator;

/**
 * Reads and renders the rows of flat columns, and the values of a flat table of every primitive
 * type, for the tests of the flat-leaf fast path.
 */
final class TestingFlatReads {

    private TestingFlatReads() {}

    /** The rows of the file's top-level primitive columns, rendered; or the failure message. */
    static List<String> readFlatColumns(Path file) {
        List<String> rows = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            List<String> paths = new ArrayList<>();
            for (FieldView field : reader.schema().fields()) {
                field.leaf().ifPresent(leaf -> paths.add(leaf.dottedPath()));
            }
            if (paths.isEmpty()) {
                return rows;
            }
            ReadSchema projection = reader.project(paths);
            try (CloseableIterator<RowData> it = reader.rows(projection)) {
                while (it.hasNext()) {
                    rows.add(render(it.next(), projection.rowType()));
                }
            }
        } catch (Exception e) {
            rows.add("FAILED: " + e);
            for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
                rows.add("CAUSE: " + t);
            }
        }
        return rows;
    }

    static String render(RowData row, RowType type) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < type.getFieldCount(); i++) {
            LogicalType t = type.getTypeAt(i);
            Object value = RowData.createFieldGetter(t, i).getFieldOrNull(row);
            out.append(
                            value instanceof byte[] b
                                    ? Arrays.toString(b)
                                    : value instanceof ArrayData ? "array" : String.valueOf(value))
                    .append('|');
        }
        return out.toString();
    }

    static final int PAGE_ROWS = 50;

    static RowType rowType() {
        LogicalType[] types = {
            new BigIntType(false),
            new IntType(),
            new BigIntType(),
            new FloatType(),
            new DoubleType(),
            new BooleanType(),
            new VarCharType(VarCharType.MAX_LENGTH),
            new VarCharType(VarCharType.MAX_LENGTH),
            new DateType(),
            new TimestampType(3),
            new TimestampType(6),
            new DecimalType(9, 2),
            new DecimalType(18, 2),
            new TinyIntType(),
            new SmallIntType(),
            new VarBinaryType(VarBinaryType.MAX_LENGTH)
        };
        String[] names = new String[types.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = "c" + i;
        }
        return RowType.of(types, names);
    }

    /**
     * Nulls: a run across the edge of pages 0 and 1, all of page 2, page edges, and random ones.
     */
    static boolean isNull(int row, int column, Random random) {
        if (column == 0) {
            return false;
        }
        return (row >= 45 && row < 55)
                || (row >= 100 && row < 150)
                || row % PAGE_ROWS == 0
                || row % PAGE_ROWS == PAGE_ROWS - 1
                || random.nextInt(5) == 0;
    }

    static Object value(int row, int column) {
        return switch (column) {
            case 0 -> (long) row;
            case 1 -> row * 7 - 1000;
            case 2 -> row * 1_000_003L - (1L << 40);
            case 3 -> row / 3.0f;
            case 4 -> row * 0.25 - 7;
            case 5 -> row % 3 == 0;
            case 6 -> StringData.fromString("low-" + row % 7);
            case 7 -> StringData.fromString("high-cardinality-value-number-" + row / 4 * 31);
            case 8 -> row - 1500;
            case 9 -> TimestampData.fromEpochMillis(row * 86_399_999L);
            case 10 -> TimestampData.fromEpochMillis(row * 1_234_567L, (row % 1000) * 1000);
            case 11 -> DecimalData.fromBigDecimal(BigDecimal.valueOf(row * 101L - 5000, 2), 9, 2);
            case 12 -> DecimalData.fromBigDecimal(BigDecimal.valueOf(row * 1_000_001L, 2), 18, 2);
            case 13 -> (byte) row;
            case 14 -> (short) (row * 3);
            default -> new byte[] {(byte) row, (byte) (row >> 8), 1, 2, 3};
        };
    }

    static List<String> read(Path file, RowSelection selection, int batchSize) throws Exception {
        List<String> rows = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                ReadOptions.builder().batchSize(batchSize).build());
                BatchIterator batches = reader.readRowGroup(0, reader.schema(), selection)) {
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                for (int i = 0; i < b.getNumRows(); i++) {
                    rows.add(
                            TestingFlatReads.render(
                                    new ColumnarRowData(b, i), reader.schema().rowType()));
                }
            }
        }
        return rows;
    }
}
