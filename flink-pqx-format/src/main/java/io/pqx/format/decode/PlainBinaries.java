package io.pqx.format.decode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Walks PLAIN-encoded BYTE_ARRAY values (each a 4-byte little-endian length, then its bytes) in
 * place: where each value starts and how long it is, every read bounded by the section's end.
 * Stateless.
 */
final class PlainBinaries {
    /** A length prefix read in one load (the JIT makes it one instruction, bounds-checked once). */
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private PlainBinaries() {}

    /**
     * Records the start and length of each of the {@code count} values in {@code b[at, end)} into
     * {@code starts[0, count)} and {@code lengths[0, count)}; false when a length or a value runs
     * past {@code end} (the arrays' contents are then undefined).
     */
    static boolean index(byte[] b, int at, int end, int count, int[] starts, int[] lengths) {
        int pos = at;
        for (int i = 0; i < count; i++) {
            if (end - pos < 4) {
                return false;
            }
            int length = (int) INT_LE.get(b, pos);
            pos += 4;
            if (length < 0 || length > end - pos) {
                return false;
            }
            starts[i] = pos;
            lengths[i] = length;
            pos += length;
        }
        return true;
    }

    /**
     * Records the start and length of each of the next {@code count} values, the first starting at
     * {@code b[at]}, into {@code starts[off, off + count)} and {@code lengths[off, off + count)}.
     *
     * @return where the value after them starts, or -1 when a length or a value runs past {@code
     *     end} (the arrays' contents are then undefined)
     */
    static int indexFrom(
            byte[] b, int at, int end, int count, int[] starts, int[] lengths, int off) {
        // as skip(): one unsigned bound check per value, in long arithmetic
        long pos = at;
        long lastPrefix = end - 4L;
        for (int i = off, last = off + count; i < last; i++) {
            if (pos > lastPrefix) {
                return -1;
            }
            int length = (int) INT_LE.get(b, (int) pos);
            long start = pos + 4;
            pos = start + Integer.toUnsignedLong(length);
            if (pos > end) {
                return -1;
            }
            starts[i] = (int) start;
            lengths[i] = length;
        }
        return (int) pos;
    }

    /**
     * As {@link #indexFrom}, with the same result, walking with two chains of loads at once: one
     * from {@code at}, the other from a value boundary found near {@code split} (where the caller
     * expects about the middle of the values), whose values go to {@code chainStarts} and {@code
     * chainLengths} as it goes. When the first chain lands exactly on that boundary, the second
     * one's records are the values from there on; when it passes over it instead (the place only
     * looked like a boundary), they are dropped and the first chain walks on alone.
     *
     * <p>Why: the walk is a chain of dependent loads, each waiting for the one before, most of all
     * on a page larger than the core's cache (DuckDB writes one page per column chunk: tens of
     * megabytes of strings); two independent chains wait side by side. Measured on full scans of
     * the source suite's 5,000,000-row lineitem files, one and two chains alternating in one JVM,
     * 15 pairs of 5 reads, thread CPU: DuckDB's own file 1.077 times faster (quartiles 1.019 and
     * 1.100), pqx's own ZSTD file 1.042 (1.016, 1.057), its uncompressed copy 1.058 (1.039, 1.072).
     * Four chains gained nothing more (0.996 over two on DuckDB's file), nor did two chains in
     * {@link #gather}'s walk of a selective read (1.006 on the uncompressed copy).
     */
    static int indexFromSplit(
            byte[] b,
            int at,
            int end,
            int count,
            int[] starts,
            int[] lengths,
            int off,
            int split,
            int[] chainStarts,
            int[] chainLengths) {
        int boundary = boundaryNear(b, Math.max(split, at + 1), end);
        if (boundary < 0) {
            return indexFrom(b, at, end, count, starts, lengths, off);
        }
        long lastPrefix = end - 4L;
        long pos = at;
        int i = 0;
        long q = boundary;
        int chained = 0;
        int cap = Math.min(count, chainStarts.length);
        boolean alive = true;
        while (pos < boundary && i < count) {
            if (pos > lastPrefix) {
                return -1;
            }
            int length = (int) INT_LE.get(b, (int) pos);
            long start = pos + 4;
            pos = start + Integer.toUnsignedLong(length);
            if (pos > end) {
                return -1;
            }
            starts[off + i] = (int) start;
            lengths[off + i] = length;
            i++;
            if (alive) {
                if (q > lastPrefix || chained == cap) {
                    alive = false;
                } else {
                    int next = (int) INT_LE.get(b, (int) q);
                    long nextStart = q + 4;
                    long after = nextStart + Integer.toUnsignedLong(next);
                    if (after > end) {
                        alive = false;
                    } else {
                        chainStarts[chained] = (int) nextStart;
                        chainLengths[chained] = next;
                        chained++;
                        q = after;
                    }
                }
            }
        }
        if (i == count) {
            return (int) pos;
        }
        if (pos != boundary) {
            // passed over: not a boundary, the second chain's records mean nothing
            return indexFrom(b, (int) pos, end, count - i, starts, lengths, off + i);
        }
        // value i starts at the boundary: the second chain's k-th record is value i + k
        int taken = Math.min(chained, count - i);
        System.arraycopy(chainStarts, 0, starts, off + i, taken);
        System.arraycopy(chainLengths, 0, lengths, off + i, taken);
        i += taken;
        if (i == count) {
            return chainStarts[taken - 1] + chainLengths[taken - 1];
        }
        return indexFrom(b, (int) q, end, count - i, starts, lengths, off + i);
    }

    /**
     * A place at or after {@code from} (within 256 bytes) where three values in a row, each of at
     * most 64 KiB, would fit before {@code end}: where a second chain may start; -1 when there is
     * none. On text the place found is all but always a value boundary (four bytes of text read as
     * a number far above 64 KiB, so three fitting values in a row hardly happen elsewhere); on any
     * data, only the first chain's landing on it makes it one.
     */
    private static int boundaryNear(byte[] b, int from, int end) {
        for (int p = from, last = Math.min(end - 4, from + 256); p <= last; p++) {
            long v = p;
            int fits = 0;
            while (fits < 3 && v <= end - 4L) {
                int length = (int) INT_LE.get(b, (int) v);
                if (length < 0 || length > 1 << 16) {
                    break;
                }
                v += 4L + length;
                if (v > end) {
                    break;
                }
                fits++;
            }
            if (fits == 3) {
                return p;
            }
        }
        return -1;
    }

    /**
     * Records the start and length of the values of {@code m} stretches, stretch {@code j} being
     * values {@code [firsts[j] - base, firsts[j] - base + counts[j])} counted from the value at
     * {@code b[at]} (stretches in order, apart or adjacent, each of at least one value: a stretch
     * of none would take the value after it), into {@code starts[0, total)} and {@code lengths[0,
     * total)} back to back; the values between are passed over as {@link #skip} passes them. What a
     * {@link #skip} and an {@link #indexFrom} per stretch would do, in one loop over the values.
     *
     * <p>Why one loop: the walk is a chain of dependent loads, which a loop keeps going at the
     * speed of the loads; ending it at every selected value and starting another (a skip, then an
     * index) cost about a fifth more per value passed over (measured: 250 pages of 20,000 strings
     * of 10 to 43 bytes, one value kept in every 100, thread CPU, JIT warm: 30 ms in one loop, 37
     * ms skip and index by turns).
     *
     * @return where the value after the last stretch starts, or -1 when a length or a value runs
     *     past {@code end} (the arrays' contents are then undefined)
     */
    static int gather(
            byte[] b,
            int at,
            int end,
            int[] firsts,
            int base,
            int[] counts,
            int m,
            int[] starts,
            int[] lengths) {
        if (m == 0) {
            return at;
        }
        // as skip(): one unsigned bound check per value, in long arithmetic; a value recorded is
        // also checked to end before end (one passed over is, by the next value's prefix check:
        // the walk always ends on a recorded value). One loop, not one per stretch (see above).
        long pos = at;
        long lastPrefix = end - 4L;
        int out = 0;
        int j = 0;
        int first = firsts[0] - base;
        int stop = first + counts[0];
        for (int i = 0; ; i++) {
            if (pos > lastPrefix) {
                return -1;
            }
            int length = (int) INT_LE.get(b, (int) pos);
            long start = pos + 4;
            pos = start + Integer.toUnsignedLong(length);
            if (i >= first) {
                if (pos > end) {
                    return -1;
                }
                starts[out] = (int) start;
                lengths[out] = length;
                out++;
                if (i + 1 == stop) {
                    if (++j == m) {
                        return (int) pos;
                    }
                    first = firsts[j] - base;
                    stop = first + counts[j];
                }
            }
        }
    }

    /**
     * Passes over the next {@code count} values, the first starting at {@code b[at]}, recording
     * nothing: the walk over their length prefixes that finding the next value's start needs.
     *
     * @return where the value after them starts, or -1 when a length or a value runs past {@code
     *     end}
     */
    static int skip(byte[] b, int at, int end, int count) {
        // The walk is a chain of dependent loads (each length gives the next one's place), so
        // every instruction in it counts: one bound check per value, not three. In long
        // arithmetic a negative length reads as one above 2^31 and lands past end, failing the
        // next check or the last one; an int sum could wrap around to a place inside the page.
        long pos = at;
        long lastPrefix = end - 4L;
        for (int i = 0; i < count; i++) {
            if (pos > lastPrefix) {
                return -1;
            }
            int length = (int) INT_LE.get(b, (int) pos);
            pos += 4 + Integer.toUnsignedLong(length);
        }
        return pos <= end ? (int) pos : -1;
    }
}
