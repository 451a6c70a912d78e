package io.pqx.format.decode;

import java.util.Arrays;
import org.apache.flink.annotation.Internal;

/**
 * Where the rows of one decoded batch sit in their row group: the batch as runs of consecutive
 * rows, run {@code k} starting at batch row {@code offset(k)} with row group row {@code row(k)}. A
 * batch of a contiguous selection is one run; a sparse selection makes one run per range the batch
 * touches. Filled by the decoder while it fills the batch, reused with it. Not thread-safe.
 */
@Internal
public final class BatchPositions {
    private int[] offsets = new int[4];
    private long[] rows = new long[4];
    private int runs;

    /** Forgets the previous batch's runs. */
    void clear() {
        runs = 0;
    }

    /**
     * Batch rows from {@code offset} on are row group rows from {@code row} on (merged when they
     * continue the last run).
     */
    void add(int offset, long row) {
        if (runs > 0 && rows[runs - 1] + (offset - offsets[runs - 1]) == row) {
            return;
        }
        if (runs == offsets.length) {
            offsets = Arrays.copyOf(offsets, runs * 2);
            rows = Arrays.copyOf(rows, runs * 2);
        }
        offsets[runs] = offset;
        rows[runs] = row;
        runs++;
    }

    /** The row group row of batch row 0. */
    public long first() {
        return rows[0];
    }

    /** Number of runs of consecutive rows: 1 for a contiguous batch. */
    public int runs() {
        return runs;
    }

    /** The row group row of batch row {@code i} (in {@code [0, numRows)}; not checked here). */
    public long rowOf(int i) {
        if (runs == 1) {
            return rows[0] + i;
        }
        // last run starting at or before i
        int lo = 0;
        int hi = runs - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (offsets[mid] <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return rows[lo] + (i - offsets[lo]);
    }

    /** Batch row where run {@code k} starts. */
    public int runOffset(int k) {
        return offsets[k];
    }

    /** Row group row where run {@code k} starts. */
    public long runRow(int k) {
        return rows[k];
    }
}
