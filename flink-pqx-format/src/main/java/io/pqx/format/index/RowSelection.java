package io.pqx.format.index;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;

/**
 * The rows of one row group that a read must return: sorted, disjoint, non-empty half-open ranges
 * {@code [start, end)} of row indexes within the row group.
 *
 * <p>The decoder returns exactly these rows, in order. With an offset index it also skips every
 * page that holds none of them; without one it decodes and drops the rows in between. Built by the
 * caller of {@code ParquetReader.readRowGroup} (the source's planner, from page indexes or a row
 * mask); immutable and thread-safe. Public API; the decoder works with the same type.
 */
public final class RowSelection {
    private final long[] starts;
    private final long[] ends;
    private final long rowCount;

    private RowSelection(long[] starts, long[] ends) {
        this.starts = starts;
        this.ends = ends;
        long count = 0;
        for (int i = 0; i < starts.length; i++) {
            count += ends[i] - starts[i];
        }
        this.rowCount = count;
    }

    /** Every row of a row group of {@code rows} rows. */
    public static RowSelection all(long rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("Cannot select rows: negative row count " + rows);
        }
        return rows == 0
                ? new RowSelection(new long[0], new long[0])
                : new RowSelection(new long[] {0}, new long[] {rows});
    }

    /** No row at all. */
    public static RowSelection none() {
        return new RowSelection(new long[0], new long[0]);
    }

    /**
     * The ranges {@code [starts[i], ends[i])}; they must be non-empty, sorted and disjoint (touching
     * ranges are merged).
     *
     * @throws IllegalArgumentException naming the first range that breaks these rules
     */
    public static RowSelection of(long[] starts, long[] ends) {
        if (starts.length != ends.length) {
            throw new IllegalArgumentException(
                    "Cannot select rows: " + starts.length + " starts but " + ends.length + " ends");
        }
        long[] s = new long[starts.length];
        long[] e = new long[ends.length];
        int n = 0;
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] < 0 || ends[i] <= starts[i]) {
                throw new IllegalArgumentException(
                        "Cannot select rows: range " + i + " [" + starts[i] + ", " + ends[i]
                                + ") is empty or negative");
            }
            if (n > 0 && starts[i] < e[n - 1]) {
                throw new IllegalArgumentException(
                        "Cannot select rows: range " + i + " [" + starts[i] + ", " + ends[i]
                                + ") is not after the previous range ending at " + e[n - 1]);
            }
            if (n > 0 && starts[i] == e[n - 1]) {
                e[n - 1] = ends[i];
            } else {
                s[n] = starts[i];
                e[n] = ends[i];
                n++;
            }
        }
        return new RowSelection(Arrays.copyOf(s, n), Arrays.copyOf(e, n));
    }

    /** Number of ranges. */
    public int rangeCount() {
        return starts.length;
    }

    /** First row of range {@code i}. */
    public long start(int i) {
        return starts[i];
    }

    /** One past the last row of range {@code i}. */
    public long end(int i) {
        return ends[i];
    }

    /** Number of selected rows. */
    public long rowCount() {
        return rowCount;
    }

    /** One past the last selected row (0 when nothing is selected). */
    public long endRow() {
        return ends.length == 0 ? 0 : ends[ends.length - 1];
    }

    /** Whether this selects every row of a row group of {@code rows} rows. */
    public boolean coversAll(long rows) {
        return rows == 0 ? starts.length == 0 : starts.length == 1 && starts[0] == 0 && ends[0] >= rows;
    }

    /** Whether any selected row lies in {@code [from, to)}. */
    public boolean overlaps(long from, long to) {
        if (from >= to) {
            return false;
        }
        // first range whose end is after 'from'
        int lo = 0;
        int hi = ends.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < starts.length && starts[lo] < to;
    }

    /** A fresh iterator over the selected row indexes, ascending. */
    public PrimitiveIterator.OfLong rowIndexes() {
        return new PrimitiveIterator.OfLong() {
            private int range;
            private long next = starts.length == 0 ? 0 : starts[0];

            @Override
            public boolean hasNext() {
                return range < starts.length;
            }

            @Override
            public long nextLong() {
                if (range >= starts.length) {
                    throw new NoSuchElementException();
                }
                long row = next++;
                if (next >= ends[range]) {
                    range++;
                    if (range < starts.length) {
                        next = starts[range];
                    }
                }
                return row;
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowSelection other
                && Arrays.equals(starts, other.starts)
                && Arrays.equals(ends, other.ends);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(starts) + Arrays.hashCode(ends);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RowSelection[");
        for (int i = 0; i < starts.length; i++) {
            sb.append(i == 0 ? "" : ", ").append('[').append(starts[i]).append(", ").append(ends[i]).append(')');
        }
        return sb.append(']').toString();
    }
}
