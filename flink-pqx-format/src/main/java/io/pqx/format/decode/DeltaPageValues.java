package io.pqx.format.decode;

import java.util.Arrays;
import org.apache.parquet.column.values.bitpacking.BytePackerForLong;
import org.apache.parquet.column.values.bitpacking.Packer;

/**
 * Decodes the values section of a DELTA-encoded data page in bulk for {@link FlatPageDecoder}:
 * DELTA_BINARY_PACKED into an {@code int[]} or {@code long[]}, DELTA_LENGTH_BYTE_ARRAY into (start,
 * length) pairs over the page's own bytes, DELTA_BYTE_ARRAY into (start, length) pairs over values
 * rebuilt back to back in a buffer of this object's. Values come out as parquet-column's readers
 * yield them (the same long arithmetic, INT32 values and lengths narrowed to int).
 *
 * <p>Strict: every method returns false for a stream that pqx's page check ({@code
 * DeltaValueCheck}) would refuse (a malformed block header, a declared value count above the page's
 * or below the values needed, a miniblock of more than 64 bits or cut off, in every block that
 * parquet-column would load; a negative length, lengths adding up to more than the bytes after
 * them; a prefix longer than the previous value). The caller then declines the page, which the
 * check walks and refuses in its own words before parquet-column sees it. A page accepted here
 * therefore passes that check, which the bulk path skips. Likewise DELTA_BYTE_ARRAY refuses any
 * declared prefix longer than the values section, as {@code PageBodyCheck} does: the bulk path
 * leaves that walk to this class, which reads the prefixes anyway. Reads only {@code [at, end)};
 * allocates only scratch arrays, bounded by a block's size and by {@link #MAX_REBUILT_BYTES},
 * reused from page to page.
 *
 * <p>One per leaf and row group; not thread-safe.
 */
final class DeltaPageValues {
    private static final int MAX_DELTA_BLOCK = 1 << 16;

    /**
     * DELTA_BYTE_ARRAY values rebuilt from shared prefixes may take far more bytes than the page;
     * beyond this many the page is declined (parquet-column then builds one value at a time).
     */
    static final int MAX_REBUILT_BYTES = 1 << 27;

    private static final BytePackerForLong[] PACKERS = new BytePackerForLong[65];

    static {
        for (int width = 0; width <= 64; width++) {
            PACKERS[width] = Packer.LITTLE_ENDIAN.newBytePackerForLong(width);
        }
    }

    private final int[] widths = new int[256];
    private long[] deltas = new long[0];
    private long[] first = new long[0];
    private long[] second = new long[0];
    private byte[] rebuilt = new byte[0];

    /** Where the last stream read ended; set by {@link #stream}. */
    private int pos;

    /** The values the last stream declared (its header's count); set by {@link #stream}. */
    private int declared;

    /** A varint ran past the end or over 64 bits. */
    private boolean bad;

    /** {@code n} INT32 values of a DELTA_BINARY_PACKED stream in {@code [at, end)}. */
    boolean ints(byte[] b, int at, int end, int n, int pageValues, int[] out) {
        first = grow(first, n);
        if (!stream(b, at, end, n, pageValues, first)) {
            return false;
        }
        long[] values = first;
        for (int i = 0; i < n; i++) {
            out[i] = (int) values[i];
        }
        return true;
    }

    /** {@code n} INT64 values of a DELTA_BINARY_PACKED stream in {@code [at, end)}. */
    boolean longs(byte[] b, int at, int end, int n, int pageValues, long[] out) {
        return stream(b, at, end, n, pageValues, out);
    }

    /**
     * {@code n} DELTA_LENGTH_BYTE_ARRAY values in {@code [at, end)}: value {@code i} becomes {@code
     * b[starts[i], starts[i] + lengths[i])}, the values back to back.
     */
    boolean lengthByteArray(
            byte[] b, int at, int end, int n, int pageValues, int[] starts, int[] lengths) {
        first = grow(first, n);
        if (!stream(b, at, end, n, pageValues, first)) {
            return false;
        }
        long[] ls = first;
        int dataStart = pos;
        long available = end - dataStart;
        long total = 0;
        for (int i = 0; i < n; i++) {
            int length = (int) ls[i]; // parquet-column reads the lengths as ints
            if (length < 0) {
                return false;
            }
            total += length;
            if (total > available) {
                return false;
            }
            starts[i] = dataStart + (int) (total - length);
            lengths[i] = length;
        }
        return true;
    }

    /**
     * {@code n} DELTA_BYTE_ARRAY values in {@code [at, end)} (prefix lengths, then the suffixes as
     * DELTA_LENGTH_BYTE_ARRAY): value {@code i} becomes {@code rebuilt()[starts[i], starts[i] +
     * lengths[i])}, the values back to back.
     */
    boolean byteArray(
            byte[] b, int at, int end, int n, int pageValues, int[] starts, int[] lengths) {
        first = grow(first, pageValues);
        second = grow(second, n);
        // every prefix the stream declares, not only the n used: pqx's page check walks them all,
        // and leaves that walk to this decoder on the bulk path (see below)
        if (!stream(b, at, end, n, pageValues, first, true)) {
            return false;
        }
        long[] prefixes = first;
        int declaredPrefixes = declared;
        if (!stream(b, pos, end, n, pageValues, second, false)) {
            return false;
        }
        long[] suffixes = second;
        // the page check refuses a prefix longer than the values section (its walk is deferred
        // for a page decoded here, and made, in its words, only if this decoder declines the
        // page); the prefixes used are bounded below, those declared beyond them here
        long sectionBytes = end - at;
        for (int i = n; i < declaredPrefixes; i++) {
            int prefix = (int) prefixes[i];
            if (prefix < 0 || prefix > sectionBytes) {
                return false;
            }
        }
        int dataStart = pos;
        long available = end - dataStart;
        long total = 0;
        int previous = 0;
        int previousStart = 0;
        int out = 0;
        byte[] buf = rebuilt;
        for (int i = 0; i < n; i++) {
            int length = (int) suffixes[i];
            if (length < 0) {
                return false;
            }
            total += length;
            if (total > available) {
                return false;
            }
            int prefix = (int) prefixes[i];
            // no longer than the previous value, so (by induction) no longer than the suffix
            // bytes so far: within the values section, as the page check wants
            if (prefix < 0 || prefix > previous) {
                return false;
            }
            int size = prefix + length;
            if ((long) out + size > MAX_REBUILT_BYTES) {
                return false;
            }
            if (buf.length - out < size) {
                buf =
                        Arrays.copyOf(
                                buf,
                                (int)
                                        Math.min(
                                                MAX_REBUILT_BYTES,
                                                Math.max(
                                                        (long) out + size,
                                                        Math.max(1024L, 2L * buf.length))));
            }
            // no call for an empty prefix or suffix (most values of a column of short strings
            // have one): on parquet-java's DELTA file of case writers the scan took about 5 %
            // less thread CPU (three runs each way, back to back)
            if (prefix > 0) {
                System.arraycopy(buf, previousStart, buf, out, prefix);
            }
            if (length > 0) {
                System.arraycopy(b, dataStart + (int) (total - length), buf, out + prefix, length);
            }
            starts[i] = out;
            lengths[i] = size;
            previousStart = out;
            previous = size;
            out += size;
        }
        rebuilt = buf;
        return true;
    }

    /** The bytes the values of the last {@link #byteArray} lie in. */
    byte[] rebuilt() {
        return rebuilt;
    }

    /**
     * Reads a whole DELTA_BINARY_PACKED stream from {@code at} (every block parquet-column loads,
     * up to the header's value count) and its first {@code n} values into {@code out}; sets {@link
     * #pos} to where it ends.
     */
    private boolean stream(byte[] b, int at, int end, int n, int pageValues, long[] out) {
        return stream(b, at, end, n, pageValues, out, false);
    }

    /**
     * As above; with {@code all}, every value the header declares into {@code out} (at most {@code
     * pageValues}), not only the first {@code n}. Sets {@link #declared}.
     */
    private boolean stream(
            byte[] b, int at, int end, int n, int pageValues, long[] out, boolean all) {
        pos = at;
        bad = false;
        long bs = varint(b, end);
        long mb = varint(b, end);
        long tv = varint(b, end);
        if (bad
                || bs <= 0
                || bs > MAX_DELTA_BLOCK
                || bs % 128 != 0
                || mb <= 0
                || mb > 256
                || bs % mb != 0
                || (bs / mb) % 32 != 0
                || tv > pageValues
                || tv < n) {
            return false;
        }
        int miniBlocks = (int) mb;
        int miniSize = (int) (bs / mb);
        long total = tv;
        declared = (int) tv;
        int taken = all ? (int) tv : n;
        long last = zigzag(b, end);
        if (bad) {
            return false;
        }
        int k = 0;
        if (taken > 0) {
            out[k++] = last;
        }
        deltas = grow(deltas, miniSize);
        long[] d = deltas;
        long buffered = 1;
        while (buffered < total) {
            long minDelta = zigzag(b, end);
            if (bad || end - pos < miniBlocks) {
                return false;
            }
            for (int i = 0; i < miniBlocks; i++) {
                int width = b[pos + i] & 0xFF;
                if (width > 64) {
                    return false;
                }
                widths[i] = width;
            }
            pos += miniBlocks;
            for (int i = 0; i < miniBlocks && buffered < total; i++) {
                int width = widths[i];
                long bytes = (long) width * miniSize / 8;
                if (bytes > end - pos) {
                    return false;
                }
                int wanted = Math.min(miniSize, taken - k);
                if (wanted > 0) {
                    if (width == 0) {
                        for (int j = 0; j < wanted; j++) {
                            last += minDelta;
                            out[k++] = last;
                        }
                    } else {
                        BytePackerForLong packer = PACKERS[width];
                        for (int j = 0, in = pos; j < wanted; j += 8, in += width) {
                            packer.unpack8Values(b, in, d, j);
                        }
                        for (int j = 0; j < wanted; j++) {
                            last += minDelta + d[j];
                            out[k++] = last;
                        }
                    }
                }
                pos += (int) bytes;
                buffered += miniSize;
            }
        }
        return true;
    }

    private long varint(byte[] b, int end) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) {
                bad = true;
                return 0;
            }
            int x = b[pos++] & 0xFF;
            value |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return value;
            }
        }
        bad = true;
        return 0;
    }

    private long zigzag(byte[] b, int end) {
        long v = varint(b, end);
        return (v >>> 1) ^ -(v & 1);
    }

    private static long[] grow(long[] array, int n) {
        return array.length >= n ? array : new long[Math.max(n, 2 * array.length)];
    }
}
