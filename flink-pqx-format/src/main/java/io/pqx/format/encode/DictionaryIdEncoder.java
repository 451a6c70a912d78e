package io.pqx.format.encode;

import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;

/**
 * Encodes one data page's dictionary ids as parquet-column's dictionary writer does: one byte
 * giving the bit width, then the RLE / bit-packing hybrid of the ids at that width, with
 * parquet-column's run decisions (a value repeated 8 times after a group boundary starts an RLE
 * run; otherwise groups of 8 are bit-packed, at most 63 groups per run; the last group is padded
 * with zeros), so the bytes are the same. Reuses its buffer from page to page.
 *
 * <p>Not thread-safe.
 */
final class DictionaryIdEncoder {
    private static final int MAX_GROUPS_PER_RUN = 63;

    private byte[] out = new byte[1024];
    private int size;
    private final int[] group = new int[8];

    /** Position of the open bit-packed run's header byte, or -1. */
    private int runHeader = -1;

    private int groupsInRun;

    /** The bits an id takes for a dictionary of {@code dictionarySize >= 1} entries (0 for one). */
    static int bitWidth(int dictionarySize) {
        return 32 - Integer.numberOfLeadingZeros(dictionarySize - 1);
    }

    /**
     * The encoded {@code ids[0, count)} for a dictionary of {@code dictionarySize} entries; valid
     * until the next call.
     */
    BytesInput encode(int[] ids, int count, int dictionarySize) {
        int bitWidth = bitWidth(dictionarySize);
        int valueBytes = (bitWidth + 7) / 8;
        size = 0;
        groupsInRun = 0;
        runHeader = -1;
        reserve(1);
        out[size++] = (byte) bitWidth;

        int previous = 0;
        int repeats = 0;
        int buffered = 0;
        int[] g = group;
        for (int i = 0; i < count; i++) {
            int v = ids[i];
            if (v == previous) {
                if (++repeats >= 8) {
                    continue;
                }
            } else {
                if (repeats >= 8) {
                    endBitPackedRun();
                    writeRleRun(previous, repeats, valueBytes);
                    buffered = 0;
                }
                repeats = 1;
                previous = v;
            }
            g[buffered++] = v;
            if (buffered == 8) {
                packGroup(bitWidth);
                buffered = 0;
                repeats = 0;
            }
        }
        if (repeats >= 8) {
            endBitPackedRun();
            writeRleRun(previous, repeats, valueBytes);
        } else if (buffered > 0) {
            Arrays.fill(g, buffered, 8, 0);
            packGroup(bitWidth);
        }
        endBitPackedRun();
        return BytesInput.from(out, 0, size);
    }

    /** Appends the 8 values of {@link #group} to the open bit-packed run, opening one if needed. */
    private void packGroup(int bitWidth) {
        if (groupsInRun >= MAX_GROUPS_PER_RUN) {
            endBitPackedRun();
        }
        if (runHeader < 0) {
            reserve(1);
            runHeader = size;
            out[size++] = 0;
        }
        pack(group, bitWidth);
        groupsInRun++;
    }

    /** Writes the open bit-packed run's header, if one is open, and closes it. */
    private void endBitPackedRun() {
        if (runHeader >= 0) {
            out[runHeader] = (byte) ((groupsInRun << 1) | 1);
        }
        runHeader = -1;
        groupsInRun = 0;
    }

    private void writeRleRun(int value, int repeats, int valueBytes) {
        reserve(5 + valueBytes);
        int header = repeats << 1;
        while ((header & ~0x7F) != 0) {
            out[size++] = (byte) ((header & 0x7F) | 0x80);
            header >>>= 7;
        }
        out[size++] = (byte) header;
        for (int b = 0; b < valueBytes; b++) {
            out[size++] = (byte) (value >>> (8 * b));
        }
    }

    /** Packs 8 values of {@code bitWidth} bits, least significant bit first. */
    private void pack(int[] values, int bitWidth) {
        reserve(bitWidth);
        long mask = (1L << bitWidth) - 1;
        long acc = 0;
        int bits = 0;
        int at = size;
        for (int i = 0; i < 8; i++) {
            acc |= (values[i] & mask) << bits;
            bits += bitWidth;
            while (bits >= 8) {
                out[at++] = (byte) acc;
                acc >>>= 8;
                bits -= 8;
            }
        }
        size = at;
    }

    private void reserve(int extra) {
        long needed = (long) size + extra;
        if (needed > out.length) {
            out = Arrays.copyOf(out, ArrayGrowth.atLeast(out.length, needed, "a page's ids"));
        }
    }
}
