package io.pqx.format.prune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PrimitiveIterator;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The rows of one row group that a read must return: sorted, disjoint, non-empty half-open ranges
 * {@code [start, end)} of row indexes within the row group.
 *
 * <p>The decoder returns exactly these rows, in order. With an offset index it also skips every
 * page that holds none of them; without one it decodes and drops the rows in between. Built by the
 * caller of {@code ParquetReader.readRowGroup} (the source's planner, from page indexes or a row
 * mask); immutable and thread-safe. Public API; the decoder works with the same type.
 *
 * <p>Selections form an exact algebra, the currency every pruner narrows: {@link #intersect},
 * {@link #union}, {@link #complement}, {@link #fromMask}, {@link #skip}/{@link #limit} (by selected
 * rows, not row indexes), {@link #split}/{@link #splitAt}. Each returns a selection in the same
 * normal form (touching ranges merged), so equal row sets are {@code equals}.
 */
@PublicEvolving
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
     * The ranges {@code [starts[i], ends[i])}; they must be non-empty, sorted and disjoint
     * (touching ranges are merged).
     *
     * @throws IllegalArgumentException naming the first range that breaks these rules
     */
    public static RowSelection of(long[] starts, long[] ends) {
        if (starts.length != ends.length) {
            throw new IllegalArgumentException(
                    "Cannot select rows: "
                            + starts.length
                            + " starts but "
                            + ends.length
                            + " ends");
        }
        long[] s = new long[starts.length];
        long[] e = new long[ends.length];
        int n = 0;
        for (int i = 0; i < starts.length; i++) {
            if (starts[i] < 0 || ends[i] <= starts[i]) {
                throw new IllegalArgumentException(
                        "Cannot select rows: range "
                                + i
                                + " ["
                                + starts[i]
                                + ", "
                                + ends[i]
                                + ") is empty or negative");
            }
            if (n > 0 && starts[i] < e[n - 1]) {
                throw new IllegalArgumentException(
                        "Cannot select rows: range "
                                + i
                                + " ["
                                + starts[i]
                                + ", "
                                + ends[i]
                                + ") is not after the previous range ending at "
                                + e[n - 1]);
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
        return rows == 0
                ? starts.length == 0
                : starts.length == 1 && starts[0] == 0 && ends[0] >= rows;
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

    /**
     * The rows whose {@code mask} entry is true, for {@code mask[i]} standing for row {@code
     * firstRow + i}.
     *
     * @throws IllegalArgumentException when {@code firstRow} is negative
     */
    public static RowSelection fromMask(boolean[] mask, long firstRow) {
        checkNotNegative(firstRow, "first row");
        Ranges out = new Ranges(4);
        int i = 0;
        while (i < mask.length) {
            if (!mask[i]) {
                i++;
                continue;
            }
            int from = i;
            while (i < mask.length && mask[i]) {
                i++;
            }
            out.add(firstRow + from, firstRow + i);
        }
        return out.build();
    }

    /** The rows whose bit is set in {@code mask} (bit {@code i} standing for row {@code i}). */
    public static RowSelection fromMask(BitSet mask) {
        Ranges out = new Ranges(4);
        int from = mask.nextSetBit(0);
        while (from >= 0) {
            int to = mask.nextClearBit(from);
            out.add(from, to);
            from = mask.nextSetBit(to);
        }
        return out.build();
    }

    /** The rows selected by both this and {@code other}. */
    public RowSelection intersect(RowSelection other) {
        Ranges out = new Ranges(Math.min(starts.length, other.starts.length) + 1);
        int i = 0;
        int j = 0;
        while (i < starts.length && j < other.starts.length) {
            long from = Math.max(starts[i], other.starts[j]);
            long to = Math.min(ends[i], other.ends[j]);
            if (from < to) {
                out.add(from, to);
            }
            // the range ending first cannot overlap anything later in the other selection
            if (ends[i] < other.ends[j]) {
                i++;
            } else {
                j++;
            }
        }
        return out.build();
    }

    /** The rows selected by this or {@code other} (or both). */
    public RowSelection union(RowSelection other) {
        Ranges out = new Ranges(starts.length + other.starts.length);
        int i = 0;
        int j = 0;
        while (i < starts.length || j < other.starts.length) {
            boolean takeThis =
                    j >= other.starts.length || (i < starts.length && starts[i] <= other.starts[j]);
            if (takeThis) {
                out.addMerging(starts[i], ends[i]);
                i++;
            } else {
                out.addMerging(other.starts[j], other.ends[j]);
                j++;
            }
        }
        return out.build();
    }

    /** The rows of a row group of {@code rows} rows that this does not select. */
    public RowSelection complement(long rows) {
        checkNotNegative(rows, "row count");
        Ranges out = new Ranges(starts.length + 1);
        long next = 0;
        for (int i = 0; i < starts.length && starts[i] < rows; i++) {
            if (starts[i] > next) {
                out.add(next, starts[i]);
            }
            next = ends[i];
        }
        if (next < rows) {
            out.add(next, rows);
        }
        return out.build();
    }

    /**
     * This selection without its first {@code n} selected rows (all of them dropped when it has no
     * more than {@code n}).
     */
    public RowSelection skip(long n) {
        checkNotNegative(n, "number of rows to skip");
        if (n == 0) {
            return this;
        }
        Ranges out = new Ranges(starts.length);
        long left = n;
        for (int i = 0; i < starts.length; i++) {
            long length = ends[i] - starts[i];
            if (left >= length) {
                left -= length;
            } else {
                out.add(starts[i] + left, ends[i]);
                left = 0;
            }
        }
        return out.build();
    }

    /** The first {@code n} selected rows of this selection (all of it when it has no more). */
    public RowSelection limit(long n) {
        checkNotNegative(n, "row limit");
        if (n >= rowCount) {
            return this;
        }
        Ranges out = new Ranges(starts.length);
        long left = n;
        for (int i = 0; i < starts.length && left > 0; i++) {
            long length = Math.min(left, ends[i] - starts[i]);
            out.add(starts[i], starts[i] + length);
            left -= length;
        }
        return out.build();
    }

    /**
     * This selection cut into consecutive pieces of {@code rowsPerPiece} selected rows each (the
     * last may hold fewer); their union is this selection and they are pairwise disjoint, in row
     * order. No piece is empty; an empty selection gives no piece.
     *
     * @throws IllegalArgumentException when {@code rowsPerPiece} is not positive
     */
    public List<RowSelection> split(long rowsPerPiece) {
        if (rowsPerPiece <= 0) {
            throw new IllegalArgumentException(
                    "Cannot split row selection: rows per piece "
                            + rowsPerPiece
                            + " is not positive");
        }
        List<RowSelection> pieces = new ArrayList<>();
        Ranges piece = new Ranges(2);
        long inPiece = 0;
        for (int i = 0; i < starts.length; i++) {
            long from = starts[i];
            while (from < ends[i]) {
                long to = Math.min(ends[i], from + (rowsPerPiece - inPiece));
                piece.add(from, to);
                inPiece += to - from;
                from = to;
                if (inPiece == rowsPerPiece) {
                    pieces.add(piece.build());
                    piece = new Ranges(2);
                    inPiece = 0;
                }
            }
        }
        if (inPiece > 0) {
            pieces.add(piece.build());
        }
        return pieces;
    }

    /**
     * The selected rows before row {@code row} (first) and from it on (second): the selection cut
     * at a row index.
     */
    public List<RowSelection> splitAt(long row) {
        checkNotNegative(row, "row to split at");
        RowSelection before = intersect(row == 0 ? none() : all(row));
        RowSelection after =
                intersect(RowSelection.of(new long[] {row}, new long[] {Long.MAX_VALUE}));
        return List.of(before, after);
    }

    private static void checkNotNegative(long value, String what) {
        if (value < 0) {
            throw new IllegalArgumentException(
                    "Cannot select rows: negative " + what + " " + value);
        }
    }

    /** Ranges appended in order, touching ones merged. */
    private static final class Ranges {
        private long[] s;
        private long[] e;
        private int n;

        Ranges(int capacity) {
            s = new long[Math.max(1, capacity)];
            e = new long[Math.max(1, capacity)];
        }

        /** Appends {@code [from, to)}, not before the last range's end. */
        void add(long from, long to) {
            if (n > 0 && from == e[n - 1]) {
                e[n - 1] = to;
                return;
            }
            if (n == s.length) {
                s = Arrays.copyOf(s, n * 2);
                e = Arrays.copyOf(e, n * 2);
            }
            s[n] = from;
            e[n] = to;
            n++;
        }

        /**
         * Appends {@code [from, to)} whose start is not before the last start, merging overlaps.
         */
        void addMerging(long from, long to) {
            if (n > 0 && from <= e[n - 1]) {
                e[n - 1] = Math.max(e[n - 1], to);
                return;
            }
            add(from, to);
        }

        RowSelection build() {
            return new RowSelection(Arrays.copyOf(s, n), Arrays.copyOf(e, n));
        }
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
            sb.append(i == 0 ? "" : ", ")
                    .append('[')
                    .append(starts[i])
                    .append(", ")
                    .append(ends[i])
                    .append(')');
        }
        return sb.append(']').toString();
    }
}
