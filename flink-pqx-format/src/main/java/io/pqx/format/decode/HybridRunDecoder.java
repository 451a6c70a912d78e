package io.pqx.format.decode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
 * <p>It reads on from where the last {@link #read} or {@link #skip} stopped, also inside a run or a
 * bit-packed group of 8, so a page's values can be taken in the stretches a selection wants: a
 * {@link #skip} passes over an RLE run by its count and over whole bit-packed groups by arithmetic
 * (a group the skip ends inside is left packed: a selective read wants a value or two of it, which
 * are then taken from its bytes one by one), and range-checks nothing it passes over.
 *
 * <p>Reusable across pages; not thread-safe.
 */
final class HybridRunDecoder {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int[] group = new int[8];
    private byte[] buf;
    private int pos;
    private int end;
    private int width;
    private int valueBytes;
    private BytePacker packer;

    /** Values left in the current run (0: the next value starts a run). */
    private long runLeft;

    private boolean runPacked;
    private int rleValue;

    /** Values of the current bit-packed group not taken yet: the last {@code groupLeft} of it. */
    private int groupLeft;

    /**
     * The current group was not unpacked into {@code group}: a {@link #skip} ended inside it, and
     * its values are taken one by one from its bytes at {@code lazyGroupAt} when read.
     */
    private boolean groupLazy;

    private int lazyGroupAt;

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
        this.runLeft = 0;
        this.groupLeft = 0;
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
     * made while the values are hot: once per RLE run read (always: its value is stored in whole
     * bytes, which may hold more than {@code width} bits), and per run of packed values unless
     * {@code bound} is at least {@code 2^width} (no packed value of the width can reach it).
     */
    boolean read(int[] out, int off, int n, int bound) {
        boolean checkRle = bound >= 0;
        boolean checkPacked = checkRle && (width >= 31 || bound < (1 << width));
        int last = bound - 1;
        int done = 0;
        while (done < n) {
            if (runLeft == 0 && !nextRun()) {
                return false;
            }
            int take = (int) Math.min(runLeft, n - done);
            if (runPacked) {
                if (!unpack(out, off + done, take)
                        || (checkPacked && !inRange(out, off + done, take, last))) {
                    return false;
                }
            } else {
                if (checkRle && (rleValue < 0 || rleValue > last)) {
                    return false;
                }
                Arrays.fill(out, off + done, off + done + take, rleValue);
            }
            runLeft -= take;
            done += take;
        }
        return true;
    }

    /**
     * Decodes the values of {@code m} stretches into {@code out[0, total)} back to back, stretch
     * {@code j} being values {@code [firsts[j] - base, firsts[j] - base + counts[j])} counted from
     * the next value (stretches in order, apart or adjacent), and reads on after the last; as a
     * {@link #skip} and a {@link #read(int[], int, int, int)} of each stretch in turn would, with
     * the same checks against {@code bound}.
     *
     * <p>A stretch that lies in the current bit-packed run is taken from its bits directly, each
     * value from one 8-byte read, and the decoder moved past it by arithmetic ({@link
     * #takePacked}); others (in an RLE run, crossing into the next run) by the skip and the read. A
     * selective read asks for a value or two out of every hundred: measured on the source suite's
     * unsorted 1 % query, the skip and the read per stretch, calls and all, were 18 % of the
     * reader's samples over the uncompressed file.
     *
     * @return false when the runs are malformed, hold fewer values, or a value lies outside {@code
     *     [0, bound)} ({@code bound} -1 checks nothing)
     */
    boolean gather(int[] out, int[] firsts, int base, int[] counts, int m, int bound) {
        int o = 0;
        int cursor = base;
        for (int j = 0; j < m; j++) {
            int passed = firsts[j] - cursor;
            int n = counts[j];
            boolean ok =
                    runPacked && width > 0 && passed + (long) n <= runLeft
                            ? takePacked(out, o, passed, n, bound)
                            : skip(passed) && read(out, o, n, bound);
            if (!ok) {
                return false;
            }
            o += n;
            cursor = firsts[j] + n;
        }
        return true;
    }

    /**
     * Passes over {@code passed} values of the current bit-packed run and decodes the {@code n}
     * after them into {@code out[o...]}, the run holding them all; each value from its own bits,
     * every group touched lying whole before {@code end} (as {@link #skip} and {@link #unpack}
     * require). Leaves the decoder after them: at the next group's start, or inside a group kept
     * packed (as a skip ending there does).
     */
    private boolean takePacked(int[] out, int o, int passed, int n, int bound) {
        // a group partly taken lies just before pos (see skip and unpack); the next value is its
        // (8 - groupLeft)-th, else the first of the group at pos
        long groupAt = groupLeft > 0 ? pos - width : pos;
        long first = (groupLeft > 0 ? 8 - groupLeft : 0) + (long) passed;
        long next = first + n;
        if (groupAt + (((next - 1) >>> 3) + 1) * width > end) {
            return false;
        }
        long mask = (1L << width) - 1;
        long bit = (groupAt << 3) + first * width;
        for (int k = 0; k < n; k++, bit += width) {
            int from = (int) (bit >>> 3);
            long word;
            if (end - from >= 8) {
                word = (long) LONGS.get(buf, from);
            } else {
                int last = (int) ((bit + width - 1) >>> 3);
                word = 0;
                for (int b = from; b <= last; b++) {
                    word |= (buf[b] & 0xFFL) << (8 * (b - from));
                }
            }
            int v = (int) ((word >>> (bit & 7)) & mask);
            if (bound >= 0 && Integer.compareUnsigned(v, bound) >= 0) {
                return false;
            }
            out[o + k] = v;
        }
        runLeft -= passed + n;
        int group = (int) (groupAt + (next >>> 3) * width);
        int within = (int) (next & 7);
        if (within == 0) {
            pos = group;
            groupLeft = 0;
        } else {
            groupLazy = true;
            lazyGroupAt = group;
            pos = group + width;
            groupLeft = 8 - within;
        }
        return true;
    }

    /** {@link #uniformRun}: the runs are malformed (the decoder must not be read on). */
    static final int MALFORMED = -2;

    /** {@link #uniformRun}: the next values are not all one RLE run's; nothing was consumed. */
    static final int MIXED = -1;

    /**
     * When the next {@code n} values all lie in one RLE run, consumes them and returns its value
     * (unchecked: it may hold more than {@code width} bits); otherwise {@link #MIXED}, having
     * consumed nothing ({@link #read} then decodes them as usual), or {@link #MALFORMED}. Spares
     * writing out a page's definition levels that are one run (a page with no nulls).
     */
    int uniformRun(int n) {
        if (runLeft == 0 && !nextRun()) {
            return MALFORMED;
        }
        if (runPacked || runLeft < n || rleValue < 0) {
            return MIXED; // (a negative 4-byte value would read as a code)
        }
        runLeft -= n;
        return rleValue;
    }

    /**
     * Passes over the next {@code n} values without decoding them (a bit-packed group the skip ends
     * inside is kept packed, its values taken one by one by the reads after it: unpacking all 8
     * through parquet-column's packer, one class per width and so a call the JIT cannot inline
     * where several widths are read, cost more than the one value a selective read wants).
     *
     * @return false when the runs are malformed or hold fewer than {@code n} values
     */
    boolean skip(long n) {
        long left = n;
        while (left > 0) {
            if (runLeft == 0 && !nextRun()) {
                return false;
            }
            int take = (int) Math.min(runLeft, left);
            if (runPacked && width > 0) {
                int fromGroup = Math.min(groupLeft, take);
                groupLeft -= fromGroup;
                int rest = take - fromGroup;
                int full = rest >>> 3;
                if ((long) full * width > end - pos) {
                    return false;
                }
                pos += full * width;
                int tail = rest & 7;
                if (tail > 0) {
                    if (width > end - pos) {
                        return false;
                    }
                    groupLazy = true;
                    lazyGroupAt = pos;
                    pos += width;
                    groupLeft = 8 - tail;
                }
            }
            runLeft -= take;
            left -= take;
        }
        return true;
    }

    /** Reads the next run's header (and an RLE run's value); false when it is malformed. */
    private boolean nextRun() {
        int header = readHeader();
        if (header <= 1) {
            return false; // malformed, or a run of no values
        }
        int count = header >>> 1;
        runPacked = (header & 1) == 1;
        groupLeft = 0;
        if (runPacked) {
            runLeft = count * 8L;
            return true;
        }
        if (end - pos < valueBytes) {
            return false;
        }
        int value = 0;
        for (int k = 0; k < valueBytes; k++) {
            value |= (buf[pos + k] & 0xFF) << (8 * k);
        }
        pos += valueBytes;
        rleValue = value;
        runLeft = count;
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

    /**
     * Values {@code [first, first + n)} of the packed group at {@code lazyGroupAt} (its {@code
     * width} bytes lie before {@code end}) into {@code out[at...]}, each from its own bits: from
     * one unaligned 8-byte read where that stays before {@code end}, else byte by byte within the
     * group.
     */
    private void extract(int first, int[] out, int at, int n) {
        long mask = (1L << width) - 1;
        for (int j = 0; j < n; j++) {
            int bit = (first + j) * width;
            int from = lazyGroupAt + (bit >>> 3);
            int shift = bit & 7;
            long word;
            if (end - from >= 8) {
                word = (long) LONGS.get(buf, from);
            } else {
                // the group's last bytes, near the section's end: only those the value covers
                int last = lazyGroupAt + ((bit + width - 1) >>> 3);
                word = 0;
                for (int k = from; k <= last; k++) {
                    word |= (buf[k] & 0xFFL) << (8 * (k - from));
                }
            }
            out[at + j] = (int) ((word >>> shift) & mask);
        }
    }

    /**
     * The next {@code take} values of the current bit-packed run into {@code out[at...]}: first
     * what is left of a group already unpacked, then whole groups straight into {@code out}, then
     * the start of one more group (kept for the next read). Every group touched must lie whole
     * before {@code end}.
     */
    private boolean unpack(int[] out, int at, int take) {
        if (width == 0) {
            Arrays.fill(out, at, at + take, 0); // parquet's 0-bit packer writes nothing
            return true;
        }
        int fromGroup = Math.min(groupLeft, take);
        if (fromGroup > 0) {
            if (groupLazy) {
                extract(8 - groupLeft, out, at, fromGroup);
            } else {
                System.arraycopy(group, 8 - groupLeft, out, at, fromGroup);
            }
            groupLeft -= fromGroup;
        }
        int o = at + fromGroup;
        int rest = take - fromGroup;
        int full = rest >>> 3;
        int tail = rest & 7;
        if ((long) (full + (tail > 0 ? 1 : 0)) * width > end - pos) {
            return false;
        }
        // the groups whose 8-byte reads stay before end by 8-byte reads, the last few (near the
        // section's end) through parquet-column's packer, which reads only the group's bytes
        int g = PackedGroups.unpack(buf, pos, end, width, out, o, full);
        pos += g * width;
        for (; g + 4 <= full; g += 4) {
            packer.unpack32Values(buf, pos, out, o + g * 8);
            pos += 4 * width;
        }
        for (; g < full; g++) {
            packer.unpack8Values(buf, pos, out, o + g * 8);
            pos += width;
        }
        if (tail > 0) {
            packer.unpack8Values(buf, pos, group, 0);
            groupLazy = false;
            System.arraycopy(group, 0, out, o + full * 8, tail);
            pos += width;
            groupLeft = 8 - tail;
        }
        return true;
    }
}
