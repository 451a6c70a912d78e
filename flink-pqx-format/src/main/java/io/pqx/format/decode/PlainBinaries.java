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
