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
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapDoubleVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;

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

    /**
     * Every row of {@code batch}, whose column {@code i} is the {@code i}-th folded column.
     *
     * <p>Why the loops are split by vector class: a loop that reads values through the vector
     * interfaces is compiled for the classes its calls have met in this JVM. Once it has met more
     * than one (pqx's heap vectors, its views of selected rows after a reader that selects after
     * decoding, its dictionary strings), the JIT leaves the calls in and allocates a {@code Bytes}
     * per string: after case {@code local}, folding took 27 % of pqx's reader's thread CPU in case
     * {@code writers} instead of 7 %, and its figures against DuckDB fell by a quarter, for nothing
     * the reader did. So Flink's heap vectors without a dictionary are summed from their arrays,
     * and every other vector goes through a loop of its own per family (heap strings with a
     * dictionary, anything else), each of which meets one class.
     */
    void add(VectorizedColumnBatch batch) {
        int n = batch.getNumRows();
        for (int c = 0; c < kinds.length; c++) {
            ColumnVector v = batch.columns[c];
            switch (kinds[c]) {
                case INT ->
                        sums[c] +=
                                v instanceof HeapIntVector heap && !heap.hasDictionary()
                                        ? sum(heap.vector, n)
                                        : sumInts((IntColumnVector) v, n);
                case LONG ->
                        sums[c] +=
                                v instanceof HeapLongVector heap && !heap.hasDictionary()
                                        ? sum(heap.vector, n)
                                        : sumLongs((LongColumnVector) v, n);
                case DECIMAL -> sums[c] += sumUnscaled(v, n);
                case DOUBLE ->
                        doubles[c] =
                                v instanceof HeapDoubleVector heap && !heap.hasDictionary()
                                        ? sum(doubles[c], heap.vector, n)
                                        : sumDoubles(doubles[c], (DoubleColumnVector) v, n);
                case STRING -> {
                    if (v instanceof HeapBytesVector heap) {
                        sums[c] +=
                                heap.hasDictionary()
                                        ? sumHeapLengths(heap, n)
                                        : sum(heap.length, n);
                    } else {
                        sums[c] += sumLengths((BytesColumnVector) v, n);
                    }
                }
            }
        }
        rows += n;
    }

    private static long sum(int[] values, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum;
    }

    private static long sum(long[] values, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum;
    }

    /** Added in row order, as the expected aggregates are: the same rounding. */
    private static double sum(double sum, double[] values, int n) {
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum;
    }

    private static long sumInts(IntColumnVector ints, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += ints.getInt(i);
        }
        return sum;
    }

    private static long sumLongs(LongColumnVector longs, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += longs.getLong(i);
        }
        return sum;
    }

    private static double sumDoubles(double sum, DoubleColumnVector doubles, int n) {
        for (int i = 0; i < n; i++) {
            sum += doubles.getDouble(i);
        }
        return sum;
    }

    /**
     * The same loop as {@link #sumLengths}, kept apart on purpose: its call meets only heap strings
     * with a dictionary, so the JIT inlines it and the {@code Bytes} does not escape.
     */
    private static long sumHeapLengths(HeapBytesVector strings, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += strings.getBytes(i).len;
        }
        return sum;
    }

    private static long sumLengths(BytesColumnVector strings, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += strings.getBytes(i).len;
        }
        return sum;
    }

    private static long sumUnscaled(ColumnVector v, int n) {
        long sum = 0;
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
        return sum;
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
