package io.pqx.format.decode;

import java.util.Arrays;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;

/**
 * Bulk decoder of Parquet's RLE / bit-packed hybrid encoding (definition levels, dictionary ids) of
 * bit width 0..32 from a byte range, for the flat-leaf fast path ({@link FlatPageDecoder}).
 *
 * <p>It is strict where parquet-column is lenient: a truncated or zero-length run, a header that
 * does not fit an int, or runs ending before the requested values make {@link #read} return false
 * (and the caller decodes the page through parquet-column instead, which then fails or pads exactly
 * as it always did). It never reads outside {@code [pos, end)}. Whenever it returns true its values
 * equal parquet-column's {@code RunLengthBitPackingHybridDecoder}'s.
 *
 * <p>Reusable across pages; not thread-safe.
 */
final class HybridRunDecoder {
    private final int[] group = new int[8];
    private byte[] buf;
    private int pos;
    private int end;
    private int width;
    private int valueBytes;
    private BytePacker packer;

    /** Starts decoding {@code buf[pos, end)} at {@code width} bits per value (0..32). */
    void reset(byte[] buf, int pos, int end, int width) {
        if (width < 0 || width > 32) {
            throw new IllegalArgumentException("bit width " + width);
        }
        this.buf = buf;
        this.pos = pos;
        this.end = end;
        if (this.packer == null || this.width != width) {
            this.packer = Packer.LITTLE_ENDIAN.newBytePacker(width);
        }
        this.width = width;
        this.valueBytes = (width + 7) / 8;
    }

    /**
     * Decodes the next {@code n} values into {@code out[off, off + n)}.
     *
     * @return false when the runs are malformed or hold fewer than {@code n} values
     */
    boolean read(int[] out, int off, int n) {
        return read(out, off, n, -1);
    }

    /**
     * As {@link #read(int[], int, int)}, and also false when a value lies outside {@code [0,
     * bound)} (a dictionary id past the dictionary); {@code bound} -1 checks nothing. The check is
     * made while the values are hot: once per RLE run (always: its value is stored in whole bytes,
     * which may hold more than {@code width} bits), and per run of packed values unless {@code
     * bound} is at least {@code 2^width} (no packed value of the width can reach it).
     */
    boolean read(int[] out, int off, int n, int bound) {
        boolean checkRle = bound >= 0;
        boolean checkPacked = checkRle && (width >= 31 || bound < (1 << width));
        int last = bound - 1;
        int done = 0;
        while (done < n) {
            int header = readHeader();
            if (header <= 1) {
                return false; // malformed, or a run of no values
            }
            int count = header >>> 1;
            boolean packed = (header & 1) == 1;
            int take = (int) Math.min(packed ? count * 8L : count, n - done);
            boolean ok =
                    packed
                            ? packedRun(out, off + done, take, count)
                            : rleRun(out, off + done, take);
            if (!ok
                    || (packed
                            ? checkPacked && !inRange(out, off + done, take, last)
                            : checkRle && !inRange(out, off + done, 1, last))) {
                return false;
            }
            done += take;
        }
        return true;
    }

    /** Whether {@code out[at, at + n)} all lie in {@code [0, last]}; branch-free. */
    private static boolean inRange(int[] out, int at, int n, int last) {
        int outside = 0;
        for (int i = at, end = at + n; i < end; i++) {
            int v = out[i];
            outside |= v | (last - v); // negative when v < 0 or v > last
        }
        return outside >= 0;
    }

    /** The unsigned varint run header, or -1 when it is truncated or too large. */
    private int readHeader() {
        int value = 0;
        for (int shift = 0; shift <= 28; shift += 7) {
            if (pos >= end) {
                return -1;
            }
            int b = buf[pos++] & 0xFF;
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return shift == 28 && b > 0x07 ? -1 : value;
            }
        }
        return -1;
    }

    private boolean rleRun(int[] out, int at, int take) {
        if (end - pos < valueBytes) {
            return false;
        }
        int value = 0;
        for (int k = 0; k < valueBytes; k++) {
            value |= (buf[pos + k] & 0xFF) << (8 * k);
        }
        pos += valueBytes;
        Arrays.fill(out, at, at + take, value);
        return true;
    }

    /** A run of {@code groups} x 8 values, of which the first {@code take} are wanted. */
    private boolean packedRun(int[] out, int at, int take, int groups) {
        int needed = (take + 7) / 8;
        if ((long) needed * width > end - pos) {
            return false;
        }
        if (width == 0) {
            Arrays.fill(out, at, at + take, 0); // parquet's 0-bit packer writes nothing
            return true;
        }
        int full = take / 8;
        int g = 0;
        for (; g + 4 <= full; g += 4) {
            packer.unpack32Values(buf, pos, out, at + g * 8);
            pos += 4 * width;
        }
        for (; g < full; g++) {
            packer.unpack8Values(buf, pos, out, at + g * 8);
            pos += width;
        }
        int rest = take - full * 8;
        if (rest > 0) {
            packer.unpack8Values(buf, pos, group, 0);
            System.arraycopy(group, 0, out, at + full * 8, rest);
            pos += width;
        }
        // skip the unwanted groups; past the end only when this run is the last one read
        pos = (int) Math.min(end, pos + (long) (groups - needed) * width);
        return true;
    }
}
