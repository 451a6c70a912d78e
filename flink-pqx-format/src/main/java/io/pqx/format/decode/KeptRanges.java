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

    /** Adds the rows of a batch run whose {@code keep[i]} is true, for {@code i} in [from, to). */
    void addKept(boolean[] keep, int from, int to, long firstRow) {
        long base = firstRow - from;
        int i = from;
        while (i < to) {
            if (!keep[i]) {
                i++;
                continue;
            }
            int start = i;
            do {
                i++;
            } while (i < to && keep[i]);
            add(base + start, base + i);
        }
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
