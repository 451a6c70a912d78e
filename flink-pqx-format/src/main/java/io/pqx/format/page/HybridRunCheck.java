package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.util.Arrays;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;

/**
 * Walks runs of small integers as parquet-column decodes them (levels, dictionary ids, RLE
 * booleans): the RLE / bit-packed hybrid, with or without its 4-byte length prefix, and the
 * deprecated big-endian BIT_PACKED levels. Refuses a section that ends before its values, a run of
 * no values, a run header too long, and a value above the section's maximum; counts the values
 * equal to one asked for (the non-null values, from definition levels).
 *
 * <p>Memory is constant: bit-packed runs are unpacked eight values at a time into scratch arrays
 * owned by this object; nothing is allocated per page or per value. Used on one thread.
 */
final class HybridRunCheck {
    private final FileContext ctx;
    private final int[] eight = new int[8];
    private final byte[] padded = new byte[64];

    /** How many values of the last {@link #lengthPrefixed} section equalled its count value. */
    private long lastCount;

    HybridRunCheck(FileContext ctx) {
        this.ctx = ctx;
    }

    /**
     * A hybrid section behind a 4-byte little-endian length, at {@code at} of a page ending at
     * {@code limit}: checks the length, then the section as {@link #hybrid}. Its count is {@link
     * #lastCount()}.
     *
     * @return where the section ends
     */
    int lengthPrefixed(
            byte[] b,
            int at,
            int limit,
            int width,
            int n,
            long max,
            String section,
            String what,
            int countValue)
            throws CorruptFileException {
        if (limit - at < 4) {
            throw ctx.corrupt(what, section + " at byte " + at + " have no length");
        }
        int length = le32(b, at);
        if (length < 0 || length > limit - at - 4) {
            throw ctx.corrupt(
                    what,
                    section
                            + " of "
                            + Integer.toUnsignedString(length)
                            + " bytes exceed the "
                            + (limit - at - 4)
                            + " bytes left in the page");
        }
        lastCount = hybrid(b, at + 4, at + 4 + length, width, n, max, section, what, countValue);
        return at + 4 + length;
    }

    /** The count of the last {@link #lengthPrefixed} section. */
    long lastCount() {
        return lastCount;
    }

    /**
     * Decodes {@code n} values of an RLE / bit-packed hybrid section {@code [at, end)} as
     * parquet-column does (a last bit-packed run may be cut short: missing bytes read as zeros),
     * checking each against {@code max} (-1: no bound).
     *
     * @return how many of the {@code n} values equal {@code countValue}
     */
    long hybrid(
            byte[] b,
            int at,
            int end,
            int width,
            int n,
            long max,
            String section,
            String what,
            int countValue)
            throws CorruptFileException {
        BytePacker packer = Packer.LITTLE_ENDIAN.newBytePacker(width);
        int valueBytes = (width + 7) / 8;
        int pos = at;
        long done = 0;
        long counted = 0;
        while (done < n) {
            int runStart = pos;
            long header = 0;
            int shift = 0;
            while (true) {
                if (pos >= end) {
                    throw ctx.corrupt(
                            what, section + " end after " + done + " of " + n + " values");
                }
                int x = b[pos++] & 0xFF;
                header |= (long) (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    break;
                }
                shift += 7;
                if (shift > 28) {
                    throw ctx.corrupt(
                            what, section + ": run header at byte " + runStart + " is too long");
                }
            }
            if (header > Integer.MAX_VALUE) {
                throw ctx.corrupt(
                        what, section + ": run header at byte " + runStart + " is too long");
            }
            long count = header >>> 1;
            if (count == 0) {
                throw ctx.corrupt(what, section + ": a run of no values at byte " + runStart);
            }
            if ((header & 1) == 0) {
                if (end - pos < valueBytes) {
                    throw ctx.corrupt(
                            what, section + ": the run at byte " + runStart + " has no value");
                }
                long value = 0;
                for (int k = 0; k < valueBytes; k++) {
                    value |= (long) (b[pos + k] & 0xFF) << (8 * k);
                }
                pos += valueBytes;
                long take = Math.min(count, n - done);
                if (max >= 0 && value > max) {
                    throw outOfRange(what, section, value, max);
                }
                if (value == countValue) {
                    counted += take;
                }
                done += take;
            } else {
                long groups = count;
                for (long g = 0; g < groups && done < n; g++) {
                    if (pos >= end) {
                        // parquet-column reads the missing bytes of a last run as zeros
                        long take = Math.min((groups - g) * 8, n - done);
                        counted += countValue == 0 ? take : 0;
                        done += take;
                        break;
                    }
                    int have = Math.max(0, Math.min(width, end - pos));
                    byte[] src = b;
                    int from = pos;
                    if (have < width) {
                        Arrays.fill(padded, (byte) 0);
                        System.arraycopy(b, pos, padded, 0, have);
                        src = padded;
                        from = 0;
                    }
                    if (width == 0) {
                        Arrays.fill(eight, 0); // parquet's 0-bit packer writes nothing
                    } else {
                        packer.unpack8Values(src, from, eight, 0);
                    }
                    pos += have;
                    for (int k = 0; k < 8 && done < n; k++) {
                        long value = eight[k] & 0xFFFFFFFFL;
                        if (max >= 0 && value > max) {
                            throw outOfRange(what, section, value, max);
                        }
                        if (value == countValue) {
                            counted++;
                        }
                        done++;
                    }
                }
            }
        }
        return counted;
    }

    /**
     * Deprecated BIT_PACKED levels (big-endian bit order): {@code n} values of {@code width} bits
     * in {@code [at, end)}, missing bytes read as zeros.
     *
     * @return how many of the {@code n} values equal {@code countValue}
     */
    long bitPacked(
            byte[] b,
            int at,
            int end,
            int width,
            int n,
            int max,
            String section,
            String what,
            int countValue)
            throws CorruptFileException {
        BytePacker packer = Packer.BIG_ENDIAN.newBytePacker(width);
        long counted = 0;
        int pos = at;
        for (long done = 0; done < n; ) {
            int have = Math.max(0, Math.min(width, end - pos));
            Arrays.fill(padded, (byte) 0);
            System.arraycopy(b, pos, padded, 0, have);
            if (width == 0) {
                Arrays.fill(eight, 0);
            } else {
                packer.unpack8Values(padded, 0, eight, 0);
            }
            pos += have;
            for (int k = 0; k < 8 && done < n; k++, done++) {
                if (eight[k] > max) {
                    throw outOfRange(what, section, eight[k], max);
                }
                if (eight[k] == countValue) {
                    counted++;
                }
            }
        }
        return counted;
    }

    private CorruptFileException outOfRange(String what, String section, long value, long max) {
        return section.equals(DictionaryIdCheck.SECTION)
                ? ctx.corrupt(
                        what,
                        "dictionary id "
                                + value
                                + " is outside the dictionary of "
                                + (max + 1)
                                + " values")
                : ctx.corrupt(
                        what,
                        section + ": level " + value + " exceeds the column's maximum " + max);
    }

    /** The little-endian 32-bit integer at {@code b[at]}. */
    static int le32(byte[] b, int at) {
        return (b[at] & 0xFF)
                | (b[at + 1] & 0xFF) << 8
                | (b[at + 2] & 0xFF) << 16
                | (b[at + 3] & 0xFF) << 24;
    }

    /** The bits of a level up to {@code maxLevel}. */
    static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }
}
