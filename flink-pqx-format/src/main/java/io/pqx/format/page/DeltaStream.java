package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.util.Arrays;
import org.apache.parquet.column.values.bitpacking.BytePackerForLong;
import org.apache.parquet.column.values.bitpacking.Packer;

/**
 * A DELTA_BINARY_PACKED stream from {@code at}, for {@link DeltaValueCheck}: checks its header and
 * the blocks parquet-column's reader loads (all of them, up to the header's value count), and
 * yields values, refusing in pqx's words what parquet-column's decoder would fail on. Reads only
 * {@code [at, end)}; allocates nothing from a length in the stream. One per stream, one thread.
 */
final class DeltaStream {
    private static final int MAX_DELTA_BLOCK = 1 << 16;

    private final FileContext ctx;

    /** The value count of the page the stream is in (parquet-column allocates up to it). */
    private final int pageValues;

    private final byte[] b;
    private final int end;
    private final String what;
    private final String section;
    private int pos;
    private int blockSize;
    private int miniBlocks;
    private int miniSize;
    private long total;
    // value iteration
    private long produced;
    private long last;
    private long minDelta;
    private final int[] widths = new int[256];
    private final long[] eightLongs = new long[8];
    private int mini;
    private int inMini;
    private int inBlock;
    private int eightAt = 8;
    private BytePackerForLong packer;

    DeltaStream(
            FileContext ctx,
            int pageValues,
            byte[] b,
            int at,
            int end,
            String what,
            String section) {
        this.ctx = ctx;
        this.pageValues = pageValues;
        this.b = b;
        this.pos = at;
        this.end = end;
        this.what = what;
        this.section = section;
    }

    private CorruptFileException corrupt(String reason) {
        return ctx.corrupt(what, section + ": " + reason);
    }

    private long varint() throws CorruptFileException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) {
                throw corrupt("truncated at byte " + pos);
            }
            int x = b[pos++] & 0xFF;
            value |= (long) (x & 0x7F) << shift;
            if ((x & 0x80) == 0) {
                return value;
            }
        }
        throw corrupt("a varint longer than 64 bits at byte " + pos);
    }

    private long zigzag() throws CorruptFileException {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    private void header(int n) throws CorruptFileException {
        long bs = varint();
        long mb = varint();
        long tv = varint();
        if (bs <= 0
                || bs > MAX_DELTA_BLOCK
                || bs % 128 != 0
                || mb <= 0
                || mb > 256
                || bs % mb != 0
                || (bs / mb) % 32 != 0) {
            throw ctx.corrupt(
                    what, "invalid delta block of " + bs + " values in " + mb + " miniblocks");
        }
        if (tv > pageValues) {
            // parquet-column allocates the declared count up front
            throw ctx.corrupt(
                    what, "delta header declares " + tv + " values in a page of " + pageValues);
        }
        blockSize = (int) bs;
        miniBlocks = (int) mb;
        miniSize = blockSize / miniBlocks;
        total = tv;
        if (total < n) {
            throw corrupt("holds " + total + " values where the page needs " + n);
        }
        last = zigzag();
    }

    /** Checks the whole stream (as parquet-column loads it); returns where it ends. */
    int end(int n) throws CorruptFileException {
        header(n);
        long buffered = 1;
        while (buffered < total) {
            zigzag();
            if (end - pos < miniBlocks) {
                throw corrupt("the bit widths of a block are cut off at byte " + pos);
            }
            for (int i = 0; i < miniBlocks; i++) {
                int width = b[pos + i] & 0xFF;
                if (width > 64) {
                    throw corrupt("a miniblock of " + width + " bits");
                }
                widths[i] = width;
            }
            pos += miniBlocks;
            for (int i = 0; i < miniBlocks && buffered < total; i++) {
                long bytes = (long) widths[i] * miniSize / 8;
                if (bytes > end - pos) {
                    throw corrupt(
                            "a miniblock of "
                                    + bytes
                                    + " bytes is cut off at byte "
                                    + pos
                                    + " ("
                                    + (end - pos)
                                    + " left)");
                }
                pos += (int) bytes;
                buffered += miniSize;
            }
        }
        return pos;
    }

    /** Starts yielding values (the stream was checked by {@link #end} on another instance). */
    void begin(int n) throws CorruptFileException {
        header(n);
        produced = 0;
    }

    long next() throws CorruptFileException {
        if (produced++ == 0) {
            return last;
        }
        if (inBlock == 0) {
            minDelta = zigzag();
            for (int i = 0; i < miniBlocks; i++) {
                widths[i] = b[pos + i] & 0xFF;
            }
            pos += miniBlocks;
            mini = -1;
            inMini = 0;
            inBlock = blockSize;
        }
        if (inMini == 0) {
            mini++;
            packer = Packer.LITTLE_ENDIAN.newBytePackerForLong(widths[mini]);
            inMini = miniSize;
            eightAt = 8;
        }
        if (eightAt == 8) {
            if (widths[mini] == 0) {
                Arrays.fill(eightLongs, 0); // the 0-bit packer writes nothing
            } else {
                packer.unpack8Values(b, pos, eightLongs, 0);
            }
            pos += widths[mini];
            eightAt = 0;
        }
        long delta = eightLongs[eightAt++];
        inMini--;
        inBlock--;
        last = last + minDelta + delta;
        return last;
    }
}
