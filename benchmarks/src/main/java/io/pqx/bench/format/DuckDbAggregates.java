package io.pqx.bench.format;

import java.util.Arrays;
import java.util.List;

/**
 * The result of a {@link DuckDbAggregateQuery}: the row count and, per queried column, its sum
 * wrapped to 64 bits (integers, decimals unscaled, dates as epoch days, string lengths in bytes) or
 * the raw bits of its double sum. Immutable.
 *
 * @param columns the queried positions in {@link LineitemTable#COLUMNS}
 * @param rows {@code count(*)}
 * @param sums one per queried column
 */
public record DuckDbAggregates(List<Integer> columns, long rows, long[] sums) {

    /**
     * Relative difference two double sums of the same values may have: summed in another order they
     * round differently (a wrong value of these columns, at least 0.01 in a sum of at most 0.1 per
     * row, moves the sum by far more for any table this suite reads).
     */
    static final double DOUBLE_SUM_TOLERANCE = 1e-12;

    public DuckDbAggregates {
        columns = List.copyOf(columns);
        sums = sums.clone();
    }

    /** Equal rows and sums; double sums equal within {@link #DOUBLE_SUM_TOLERANCE}. */
    public boolean matches(DuckDbAggregates other) {
        if (!columns.equals(other.columns) || rows != other.rows) {
            return false;
        }
        for (int i = 0; i < sums.length; i++) {
            if (LineitemTable.COLUMNS.get(columns.get(i)).kind() == ColumnKind.DOUBLE) {
                double a = Double.longBitsToDouble(sums[i]);
                double b = Double.longBitsToDouble(other.sums[i]);
                if (!(Math.abs(a - b)
                        <= DOUBLE_SUM_TOLERANCE * Math.max(Math.abs(a), Math.abs(b)))) {
                    return false;
                }
            } else if (sums[i] != other.sums[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("rows=").append(rows);
        for (int i = 0; i < sums.length; i++) {
            LineitemTable.Column column = LineitemTable.COLUMNS.get(columns.get(i));
            s.append(' ').append(column.name()).append('=');
            if (column.kind() == ColumnKind.DOUBLE) {
                s.append(Double.longBitsToDouble(sums[i]));
            } else {
                s.append(sums[i]);
            }
        }
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DuckDbAggregates other
                && columns.equals(other.columns)
                && rows == other.rows
                && Arrays.equals(sums, other.sums);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * columns.hashCode() + Long.hashCode(rows)) + Arrays.hashCode(sums);
    }
}
