package io.pqx.bench.format;

import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;

/**
 * Row count plus one wrapping sum per column of the {@link LineitemTable}, as folded by {@link
 * ColumnKind}. Two reads of the same data give equal checksums whichever reader and file.
 *
 * <p>Mutable while a scan fills it, then compared; not thread-safe.
 */
public final class TableChecksum {

    private long rows;
    private final long[] columns = new long[LineitemTable.COLUMNS.size()];

    /** Adds {@code count} rows. */
    public void addRows(long count) {
        rows += count;
    }

    /** Adds {@code sum} to column {@code column}'s checksum. */
    public void add(int column, long sum) {
        columns[column] += sum;
    }

    /** Rows counted. */
    public long rows() {
        return rows;
    }

    /** The checksum an exact reader of {@code table} must produce at {@code depth}. */
    public static TableChecksum of(List<RowData> table, ScanDepth depth) {
        TableChecksum sum = new TableChecksum();
        List<LineitemTable.Column> columns = LineitemTable.COLUMNS;
        for (RowData row : table) {
            for (int c = 0; c < columns.size(); c++) {
                sum.add(c, valueOf(row, c, columns.get(c).kind(), depth));
            }
        }
        sum.addRows(table.size());
        return sum;
    }

    /** The checksum of a one-column scan of {@code table}: its rows and column {@code column}. */
    public static TableChecksum ofColumn(List<RowData> table, String column) {
        int pos = LineitemTable.indexOf(column);
        ColumnKind kind = LineitemTable.COLUMNS.get(pos).kind();
        TableChecksum sum = new TableChecksum();
        for (RowData row : table) {
            sum.add(pos, valueOf(row, pos, kind, ScanDepth.LENGTHS));
        }
        sum.addRows(table.size());
        return sum;
    }

    private static long valueOf(RowData row, int pos, ColumnKind kind, ScanDepth depth) {
        return switch (kind) {
            case INT -> row.getInt(pos);
            case LONG -> row.getLong(pos);
            case DECIMAL ->
                    row.getDecimal(
                                    pos,
                                    LineitemTable.DECIMAL_PRECISION,
                                    LineitemTable.DECIMAL_SCALE)
                            .toUnscaledLong();
            case DOUBLE -> Double.doubleToRawLongBits(row.getDouble(pos));
            case STRING -> {
                StringData s = row.getString(pos);
                byte[] bytes = s.toBytes();
                yield depth.digest(bytes, 0, bytes.length);
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableChecksum other
                && rows == other.rows
                && Arrays.equals(columns, other.columns);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(rows) + Arrays.hashCode(columns);
    }

    @Override
    public String toString() {
        return "rows=" + rows + " columns=" + Arrays.toString(columns);
    }
}
