package io.pqx.format.decode;

import io.pqx.format.prune.RowSelection;
import java.util.Arrays;

/**
 * The rows a filter keeps, collected in ascending order as ranges of consecutive rows: a range that
 * touches the last one extends it, so {@link #runs()} counts the maximal runs. Memory grows with
 * the runs, not with the rows of the row group (as a mask over it would). Not thread-safe.
 */
final class KeptRanges {
    private long[] starts = new long[16];
    private long[] ends = new long[16];
    private int count;
    private long rows;

    /** Adds rows {@code [from, to)}, {@code from} at or after the end of the last range added. */
    void add(long from, long to) {
        if (from < (count == 0 ? 0 : ends[count - 1]) || to <= from) {
            throw new IllegalArgumentException(
                    "Cannot keep rows [" + from + ", " + to + "): not after the rows kept before");
        }
        rows += to - from;
        if (count > 0 && ends[count - 1] == from) {
            ends[count - 1] = to;
            return;
        }
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            ends = Arrays.copyOf(ends, count * 2);
        }
        starts[count] = from;
        ends[count] = to;
        count++;
    }

    /**
     * All false, for {@link Arrays#mismatch}: finding the next kept row of a selective filter's
     * batch compares {@code keep} against it, which the JVM does many flags at a time (an
     * intrinsic), instead of testing every flag in a loop. Measured on the source suite's unsorted
     * 1 % query over pqx's uncompressed file (1 % of rows kept), JFR: the loop was 8 % of the
     * reader's samples.
     */
    private static final boolean[] NONE_KEPT = new boolean[1024];

    /** Adds the rows of a batch run whose {@code keep[i]} is true, for {@code i} in [from, to). */
    void addKept(boolean[] keep, int from, int to, long firstRow) {
        long base = firstRow - from;
        int i = nextKept(keep, from, to);
        while (i < to) {
            int start = i;
            do {
                i++;
            } while (i < to && keep[i]);
            add(base + start, base + i);
            i = nextKept(keep, i, to);
        }
    }

    /** The first {@code i} in {@code [from, to)} with {@code keep[i]}, or {@code to}. */
    private static int nextKept(boolean[] keep, int from, int to) {
        int i = from;
        while (i < to) {
            int n = Math.min(to - i, NONE_KEPT.length);
            int at = Arrays.mismatch(keep, i, i + n, NONE_KEPT, 0, n);
            if (at >= 0) {
                return i + at;
            }
            i += n;
        }
        return to;
    }

    /** Rows kept. */
    long rows() {
        return rows;
    }

    /** Maximal runs of consecutive rows kept. */
    long runs() {
        return count;
    }

    /** The rows kept, as a selection. */
    RowSelection selection() {
        return RowSelection.of(Arrays.copyOf(starts, count), Arrays.copyOf(ends, count));
    }
}
