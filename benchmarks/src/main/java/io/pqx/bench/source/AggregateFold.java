package io.pqx.bench.source;

import io.pqx.bench.format.ColumnKind;
import io.pqx.bench.format.DuckDbAggregates;
import io.pqx.bench.format.LineitemTable;
import io.pqx.format.DecimalVectors;
import java.util.List;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * Folds the values a reader returns into the aggregates DuckDB computes for the same query ({@link
 * io.pqx.bench.format.DuckDbAggregateQuery}: count, sums of integers, dates as epoch days, unscaled
 * decimals and doubles, string lengths in bytes), so every reader of suite {@code source} is
 * checked against one answer and every value it returns is reached. Not thread-safe.
 */
final class AggregateFold {
    private final List<Integer> columns;
    private final ColumnKind[] kinds;
    private final long[] sums;
    private final double[] doubles;
    private long rows;

    /**
     * @param columns positions in {@link LineitemTable#COLUMNS}, in the reader's column order
     */
    AggregateFold(List<Integer> columns) {
        this.columns = List.copyOf(columns);
        this.kinds =
                columns.stream()
                        .map(c -> LineitemTable.COLUMNS.get(c).kind())
                        .toArray(ColumnKind[]::new);
        this.sums = new long[columns.size()];
        this.doubles = new double[columns.size()];
    }

    /** Every row of {@code batch}, whose column {@code i} is the {@code i}-th folded column. */
    void add(VectorizedColumnBatch batch) {
        int n = batch.getNumRows();
        for (int c = 0; c < kinds.length; c++) {
            ColumnVector v = batch.columns[c];
            long sum = 0;
            switch (kinds[c]) {
                case INT -> {
                    IntColumnVector ints = (IntColumnVector) v;
                    for (int i = 0; i < n; i++) {
                        sum += ints.getInt(i);
                    }
                }
                case LONG -> {
                    LongColumnVector longs = (LongColumnVector) v;
                    for (int i = 0; i < n; i++) {
                        sum += longs.getLong(i);
                    }
                }
                case DECIMAL -> {
                    if (DecimalVectors.hasUnscaledLongs(v)) {
                        for (int i = 0; i < n; i++) {
                            sum += DecimalVectors.unscaledLong(v, i);
                        }
                    } else {
                        DecimalColumnVector decimals = (DecimalColumnVector) v;
                        for (int i = 0; i < n; i++) {
                            sum +=
                                    decimals.getDecimal(
                                                    i,
                                                    LineitemTable.DECIMAL_PRECISION,
                                                    LineitemTable.DECIMAL_SCALE)
                                            .toUnscaledLong();
                        }
                    }
                }
                case DOUBLE -> {
                    // summed in row order, as the expected aggregates are: the same rounding
                    DoubleColumnVector ds = (DoubleColumnVector) v;
                    for (int i = 0; i < n; i++) {
                        doubles[c] += ds.getDouble(i);
                    }
                }
                case STRING -> {
                    BytesColumnVector strings = (BytesColumnVector) v;
                    for (int i = 0; i < n; i++) {
                        sum += strings.getBytes(i).len;
                    }
                }
            }
            sums[c] += sum;
        }
        rows += n;
    }

    /**
     * One value of folded column {@code c} (a long of its kind, or a double's bits via {@link
     * #addDouble}).
     */
    void addLong(int c, long value) {
        sums[c] += value;
    }

    void addDouble(int c, double value) {
        doubles[c] += value;
    }

    void addRow() {
        rows++;
    }

    /** The aggregates folded so far. */
    DuckDbAggregates result() {
        long[] out = sums.clone();
        for (int c = 0; c < kinds.length; c++) {
            if (kinds[c] == ColumnKind.DOUBLE) {
                out[c] = Double.doubleToRawLongBits(doubles[c]);
            }
        }
        return new DuckDbAggregates(columns, rows, out);
    }
}
