package io.pqx.bench.format;

import java.util.List;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * The schema of the {@code format} suite's table: TPC-H's {@code lineitem}, every column NOT NULL.
 *
 * <p>Decimals are DECIMAL(15,2) (INT64 in Parquet), dates DATE (INT32), strings STRING. Both
 * writers get this {@link #ROW_TYPE}; both readers map file columns back to it by name.
 */
public final class LineitemTable {

    /** One column: name, Flink type and how it is summed. */
    public record Column(String name, LogicalType type, ColumnKind kind) {}

    public static final int DECIMAL_PRECISION = 15;
    public static final int DECIMAL_SCALE = 2;

    public static final List<Column> COLUMNS =
            List.of(
                    new Column("l_orderkey", new BigIntType(false), ColumnKind.LONG),
                    new Column("l_partkey", new BigIntType(false), ColumnKind.LONG),
                    new Column("l_suppkey", new IntType(false), ColumnKind.INT),
                    new Column("l_linenumber", new IntType(false), ColumnKind.INT),
                    new Column("l_quantity", decimal(), ColumnKind.DECIMAL),
                    new Column("l_extendedprice", decimal(), ColumnKind.DECIMAL),
                    new Column("l_discount", new DoubleType(false), ColumnKind.DOUBLE),
                    new Column("l_tax", new DoubleType(false), ColumnKind.DOUBLE),
                    new Column("l_returnflag", string(), ColumnKind.STRING),
                    new Column("l_linestatus", string(), ColumnKind.STRING),
                    new Column("l_shipdate", new DateType(false), ColumnKind.INT),
                    new Column("l_commitdate", new DateType(false), ColumnKind.INT),
                    new Column("l_receiptdate", new DateType(false), ColumnKind.INT),
                    new Column("l_shipinstruct", string(), ColumnKind.STRING),
                    new Column("l_shipmode", string(), ColumnKind.STRING),
                    new Column("l_comment", string(), ColumnKind.STRING));

    public static final RowType ROW_TYPE =
            RowType.of(
                    false,
                    COLUMNS.stream().map(Column::type).toArray(LogicalType[]::new),
                    COLUMNS.stream().map(Column::name).toArray(String[]::new));

    private LineitemTable() {}

    /** The position of column {@code name}. */
    public static int indexOf(String name) {
        for (int i = 0; i < COLUMNS.size(); i++) {
            if (COLUMNS.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("Not a lineitem column: " + name);
    }

    private static DecimalType decimal() {
        return new DecimalType(false, DECIMAL_PRECISION, DECIMAL_SCALE);
    }

    private static VarCharType string() {
        return new VarCharType(false, VarCharType.MAX_LENGTH);
    }
}
