package io.pqx.sink.file;

import org.apache.flink.annotation.Internal;

/**
 * Where row groups are cut, as pure functions of row counts, so the layouts can be stated and
 * tested without files. With target {@code T}, floor {@code F} (of the byte bound) and {@code P}
 * rows pending in the open row group:
 *
 * <ul>
 *   <li><b>Exact</b>: cut all {@code P} when {@code P == T}, or when the byte bound is reached and
 *       {@code P >= F}; at file close the rest forms the last group.
 *   <li><b>Approximate</b>: rows stay pending up to {@code 2T}; at {@code P == 2T}, or when the
 *       byte bound is reached with {@code P > T}, the first {@code T} rows are cut; when the byte
 *       bound is reached with {@code F <= P <= T}, all {@code P} are cut. At file close the {@code
 *       P < 2T} pending rows are split by {@link #closingParts}: into {@code n = floor(P/T)} or
 *       {@code n + 1} equal parts (sizes differing by at most one, larger first), whichever part
 *       size is closer to {@code T} (ties: fewer parts). So a file's row groups lie between {@code
 *       2T/3} and {@code 4T/3} rows except for files under {@code 2T/3} rows, and a group well
 *       under target is never flushed while more rows may come.
 * </ul>
 *
 * <p>Stateless; thread-safe.
 */
@Internal
public final class CutPoints {
    private CutPoints() {}

    /** Rows to cut now in approximate mode (0: keep waiting). */
    public static int approximateCut(int pending, int target, int floor, boolean bytesFull) {
        if (pending >= 2L * target) {
            return target;
        }
        if (bytesFull && pending >= floor) {
            return pending > target ? target : pending;
        }
        return 0;
    }

    /** Whether exact mode cuts the {@code pending} rows now. */
    public static boolean exactCut(int pending, int target, int floor, boolean bytesFull) {
        return pending >= target || (bytesFull && pending >= floor);
    }

    /**
     * Sizes of the row groups the {@code pending} rows of a closing file form in approximate mode.
     */
    public static int[] closingParts(int pending, int target) {
        if (pending == 0) {
            return new int[0];
        }
        int n = pending / target;
        int parts;
        if (n == 0) {
            parts = 1;
        } else {
            double fewer = Math.abs((double) pending / n - target);
            double more = Math.abs((double) pending / (n + 1) - target);
            parts = more < fewer ? n + 1 : n;
        }
        return evenSplit(pending, parts);
    }

    /** {@code rows} split into {@code parts} sizes differing by at most one, larger first. */
    static int[] evenSplit(int rows, int parts) {
        int[] sizes = new int[parts];
        int base = rows / parts;
        int extra = rows % parts;
        for (int i = 0; i < parts; i++) {
            sizes[i] = base + (i < extra ? 1 : 0);
        }
        return sizes;
    }
}
