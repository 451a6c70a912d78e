package io.pqx.format.page;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;

/**
 * The arrays a reader's row groups are read into ({@link CoalescedRangeReader}'s merged reads),
 * given back when a row group's decoder is closed and handed to a later row group's read: a scan of
 * many row groups then allocates (and zeroes) the tens of megabytes of one row group's compressed
 * column chunks once, not once per row group (DuckDB's 5,000,000-row file: 961 MB over eight scans,
 * before).
 *
 * <p>Guarantees: an array is handed out to one caller at a time, and only after it was given back
 * by its previous owner, who promises that nothing reads it any more (a decoder gives its arrays
 * back on close, when no page of its row group is decoded again; no vector handed to the user
 * points into them, since the decoders copy values out and dictionary pages are always decompressed
 * into arrays of their own). An array handed out may be longer than asked for and holds stale
 * bytes: a reader sees only the range it read into it. At most {@link #KEPT} arrays are kept (the
 * largest); the others are left to the collector. Thread-safe.
 */
@Internal
public final class RangeBuffers {
    /**
     * Arrays kept: a row group's column chunks are read into one array ({@link
     * CoalescedRangeReader} takes one per call, however many runs of adjacent chunks it reads), and
     * a reader has one row group loaded at a time, or two (a filtered scan's filter-only and output
     * decoders; late materialization's filter columns, then the survivors' columns, read into a
     * small and a large array in turn). More would hold memory that is rarely reused.
     */
    static final int KEPT = 2;

    private static final int MAX_LENGTH = Integer.MAX_VALUE - 16;

    private final List<byte[]> free = new ArrayList<>();
    private long taken;
    private long reused;

    /** An array of at least {@code length} bytes, now the caller's alone. */
    public synchronized byte[] take(int length) {
        taken++;
        int best = -1;
        for (int i = 0; i < free.size(); i++) {
            int size = free.get(i).length;
            if (size >= length && (best < 0 || size < free.get(best).length)) {
                best = i;
            }
        }
        if (best < 0) {
            // an eighth more than asked: a file's row groups differ in size by a few percent, and
            // one just larger than the array before would otherwise find none that fits
            return new byte[(int) Math.min(MAX_LENGTH, length + (long) length / 8)];
        }
        reused++;
        return free.remove(best);
    }

    /**
     * Gives back an array no one reads any more; it may be handed out again at once. Keeps the
     * largest {@link #KEPT}.
     */
    public synchronized void give(byte[] buffer) {
        free.add(buffer);
        if (free.size() > KEPT) {
            int smallest = 0;
            for (int i = 1; i < free.size(); i++) {
                if (free.get(i).length < free.get(smallest).length) {
                    smallest = i;
                }
            }
            free.remove(smallest);
        }
    }

    /** Hands over every array kept (now the caller's alone) and keeps none. */
    public synchronized List<byte[]> drain() {
        List<byte[]> all = new ArrayList<>(free);
        free.clear();
        return all;
    }

    /** Arrays handed out so far. */
    public synchronized long taken() {
        return taken;
    }

    /** Arrays handed out again after they were given back. */
    public synchronized long reused() {
        return reused;
    }
}
