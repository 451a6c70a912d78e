package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Walks a whole uncompressed page the way parquet-column will decode it, and refuses, in pqx's
 * words, anything its decoders would fail on with an unchecked exception: levels that end before
 * the page's value count, a run of no values, a level above the column's maximum, a value's length
 * prefix running past the page, too few bytes for the fixed-width values, a dictionary id outside
 * the dictionary, a dictionary-encoded page without a dictionary, a DELTA block whose miniblocks
 * are cut short, a DELTA_BYTE_ARRAY prefix longer than the previous value, an encoding that cannot
 * hold the column's physical type. Once a page passed, parquet-column decodes it without throwing.
 *
 * <p>Memory is constant: runs are decoded eight values at a time and nothing is allocated from a
 * length read from the page. One per column chunk (it remembers the dictionary's size); used by
 * {@link PageInflater} on one thread.
 */
final class PageValueCheck {
    private final FileContext ctx;
    private final ColumnDescriptor column;
    private final PrimitiveTypeName physical;
    private final int typeLength;

    /** Values in the chunk's dictionary page; -1 before (or without) one. */
    private long dictionarySize = -1;

    /** The value count of the page being checked. */
    private int pageValues;

    private final int[] eight = new int[8];
    private final byte[] padded = new byte[64];

    private final int maxPageBytes;

    PageValueCheck(FileContext ctx, ColumnDescriptor column, int maxPageBytes) {
        this.ctx = ctx;
        this.maxPageBytes = maxPageBytes;
        this.column = column;
        this.physical = column.getPrimitiveType().getPrimitiveTypeName();
        this.typeLength = column.getPrimitiveType().getTypeLength();
    }

    /** A dictionary page: {@code count} PLAIN values filling at most {@code page}. */
    void dictionary(byte[] page, int count, Encoding encoding, String what)
            throws CorruptFileException {
        if (encoding != Encoding.PLAIN && encoding != Encoding.PLAIN_DICTIONARY) {
            throw ctx.corrupt(
                    what, "a dictionary page in encoding " + encoding + " (only PLAIN is defined)");
        }
        if (physical == PrimitiveTypeName.BOOLEAN) {
            throw ctx.corrupt(what, "a dictionary of BOOLEAN values (Parquet has none)");
        }
        int end =
                plain(
                        page,
                        0,
                        page.length,
                        count,
                        what,
                        "the dictionary page declares "
                                + count
                                + " values in "
                                + page.length
                                + " bytes");
        if (end < 0) {
            throw ctx.corrupt(
                    what,
                    "the dictionary page declares "
                            + count
                            + " values in "
                            + page.length
                            + " bytes");
        }
        dictionarySize = count;
    }

    /**
     * A v1 data page body, {@code b[0, length)}: levels (length-prefixed RLE, or BIT_PACKED), then
     * the values.
     */
    void v1(
            byte[] b,
            int length,
            int values,
            Encoding rl,
            Encoding dl,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        checkCount(values, what);
        pageValues = values;
        int at =
                v1Levels(
                        b,
                        length,
                        0,
                        values,
                        column.getMaxRepetitionLevel(),
                        rl,
                        "repetition",
                        what,
                        null);
        long[] nonNull = {values};
        at =
                v1Levels(
                        b,
                        length,
                        at,
                        values,
                        column.getMaxDefinitionLevel(),
                        dl,
                        "definition",
                        what,
                        nonNull);
        values(b, at, length, (int) nonNull[0], encoding, what);
    }

    /**
     * A v2 data page: RLE level sections without length prefix, and the uncompressed data {@code
     * data[0, dataLength)}.
     */
    void v2(
            byte[] levels,
            int at,
            int rlLength,
            int dlLength,
            byte[] data,
            int dataLength,
            int values,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        checkCount(values, what);
        pageValues = values;
        int maxRl = column.getMaxRepetitionLevel();
        int maxDl = column.getMaxDefinitionLevel();
        if (maxRl > 0) {
            hybrid(
                    levels,
                    at,
                    at + rlLength,
                    bitWidth(maxRl),
                    values,
                    maxRl,
                    "repetition levels",
                    what,
                    -1);
        }
        int nonNull = values;
        if (maxDl > 0) {
            nonNull =
                    (int)
                            hybrid(
                                    levels,
                                    at + rlLength,
                                    at + rlLength + dlLength,
                                    bitWidth(maxDl),
                                    values,
                                    maxDl,
                                    "definition levels",
                                    what,
                                    maxDl);
        }
        values(data, 0, dataLength, nonNull, encoding, what);
    }

    private void checkCount(int values, String what) throws CorruptFileException {
        // as PageBodyCheck: decoders may hold a page's values in an int or long array
        if ((long) values * 8 > maxPageBytes) {
            throw ctx.corrupt(
                    what,
                    values
                            + " values exceed what a page of at most "
                            + maxPageBytes
                            + " bytes (maxPageBytes) can decode into");
        }
    }

    private int v1Levels(
            byte[] b,
            int limit,
            int at,
            int values,
            int maxLevel,
            Encoding encoding,
            String name,
            String what,
            long[] nonNull)
            throws CorruptFileException {
        String section = name + " levels";
        if (encoding != Encoding.RLE && encoding != Encoding.BIT_PACKED) {
            // parquet-column decodes even levels of width 0 by their encoding
            throw ctx.corrupt(
                    what, section + " in encoding " + encoding + " (only RLE or BIT_PACKED)");
        }
        if (maxLevel == 0) {
            return at;
        }
        int width = bitWidth(maxLevel);
        int countLevel = nonNull == null ? -1 : maxLevel;
        if (encoding == Encoding.BIT_PACKED) {
            long bytes = ((long) values * width + 7) / 8;
            int end = (int) Math.min(limit, at + bytes);
            long counted =
                    bitPacked(b, at, end, width, values, maxLevel, section, what, countLevel);
            if (nonNull != null) {
                nonNull[0] = counted;
            }
            return end;
        }
        if (encoding != Encoding.RLE) {
            throw ctx.corrupt(
                    what, section + " in encoding " + encoding + " (only RLE or BIT_PACKED)");
        }
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
        long counted =
                hybrid(
                        b,
                        at + 4,
                        at + 4 + length,
                        width,
                        values,
                        maxLevel,
                        section,
                        what,
                        countLevel);
        if (nonNull != null) {
            nonNull[0] = counted;
        }
        return at + 4 + length;
    }

    /**
     * Decodes {@code n} values of an RLE / bit-packed hybrid section {@code [at, end)} as
     * parquet-column does (a last bit-packed run may be cut short: missing bytes read as zeros),
     * checking each against {@code max} (-1: no bound).
     *
     * @return how many of the {@code n} values equal {@code countValue}
     */
    private long hybrid(
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
     * Deprecated BIT_PACKED levels (big-endian bit order): {@code n} values of {@code width} bits.
     */
    private long bitPacked(
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
        return section.equals("dictionary ids")
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

    private long dictionaryIdBound() {
        return dictionarySize - 1;
    }

    /** The values section {@code [at, end)}: {@code n} non-null values in {@code encoding}. */
    private void values(byte[] b, int at, int end, int n, Encoding encoding, String what)
            throws CorruptFileException {
        switch (encoding) {
            case PLAIN -> {
                if (plain(b, at, end, n, what, null) < 0) {
                    throw ctx.corrupt(
                            what,
                            n
                                    + " "
                                    + physical
                                    + " values need "
                                    + ((long) n * fixedWidth())
                                    + " bytes; "
                                    + (end - at)
                                    + " are left");
                }
            }
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> dictionaryIds(b, at, end, n, what);
            case RLE -> {
                requireType(encoding, what, PrimitiveTypeName.BOOLEAN);
                if (n == 0) {
                    return;
                }
                if (end - at < 4) {
                    throw ctx.corrupt(what, "RLE booleans at byte " + at + " have no length");
                }
                int length = le32(b, at);
                if (length < 0 || length > end - at - 4) {
                    throw ctx.corrupt(
                            what,
                            "RLE booleans of "
                                    + Integer.toUnsignedString(length)
                                    + " bytes exceed the "
                                    + (end - at - 4)
                                    + " bytes left in the page");
                }
                hybrid(b, at + 4, at + 4 + length, 1, n, -1, "RLE booleans", what, -1);
            }
            case DELTA_BINARY_PACKED -> {
                requireType(encoding, what, PrimitiveTypeName.INT32, PrimitiveTypeName.INT64);
                new DeltaStream(ctx, pageValues, b, at, end, what, "DELTA_BINARY_PACKED values")
                        .end(n);
            }
            case DELTA_LENGTH_BYTE_ARRAY -> {
                requireType(encoding, what, PrimitiveTypeName.BINARY);
                lengthPrefixedBytes(b, at, end, n, what, null);
            }
            case DELTA_BYTE_ARRAY -> {
                requireType(
                        encoding,
                        what,
                        PrimitiveTypeName.BINARY,
                        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY);
                DeltaStream prefixes =
                        new DeltaStream(
                                ctx,
                                pageValues,
                                b,
                                at,
                                end,
                                what,
                                "DELTA_BYTE_ARRAY prefix lengths");
                long[] previous = {0};
                int suffixStart = prefixes.end(n);
                DeltaStream prefixReader =
                        new DeltaStream(
                                ctx,
                                pageValues,
                                b,
                                at,
                                end,
                                what,
                                "DELTA_BYTE_ARRAY prefix lengths");
                prefixReader.begin(n);
                lengthPrefixedBytes(
                        b,
                        suffixStart,
                        end,
                        n,
                        what,
                        (i, suffix) -> {
                            long p =
                                    (int)
                                            prefixReader
                                                    .next(); // read as ints, as parquet-column does
                            if (p < 0 || p > previous[0]) {
                                throw ctx.corrupt(
                                        what,
                                        "value "
                                                + i
                                                + " reuses a prefix of "
                                                + p
                                                + " bytes of a previous value of "
                                                + previous[0]);
                            }
                            previous[0] = p + suffix;
                        });
            }
            case BYTE_STREAM_SPLIT -> {
                requireType(
                        encoding,
                        what,
                        PrimitiveTypeName.FLOAT,
                        PrimitiveTypeName.DOUBLE,
                        PrimitiveTypeName.INT32,
                        PrimitiveTypeName.INT64,
                        PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY);
                int width = fixedWidth();
                long bytes = end - at;
                if (width <= 0 || bytes % width != 0 || bytes / width < n) {
                    throw ctx.corrupt(
                            what,
                            "BYTE_STREAM_SPLIT section of "
                                    + bytes
                                    + " bytes does not hold "
                                    + n
                                    + " values of "
                                    + width
                                    + " bytes");
                }
                if (bytes / width > pageValues) {
                    // parquet-column refuses more streams' values than the page has entries
                    throw ctx.corrupt(
                            what,
                            "BYTE_STREAM_SPLIT section of "
                                    + bytes
                                    + " bytes holds "
                                    + bytes / width
                                    + " values of "
                                    + width
                                    + " bytes; the page has "
                                    + pageValues);
                }
            }
            default ->
                    throw ctx.corrupt(
                            what,
                            "encoding " + encoding + " cannot encode " + physical + " values");
        }
    }

    private void requireType(Encoding encoding, String what, PrimitiveTypeName... allowed)
            throws CorruptFileException {
        for (PrimitiveTypeName type : allowed) {
            if (type == physical) {
                return;
            }
        }
        throw ctx.corrupt(what, "encoding " + encoding + " cannot encode " + physical + " values");
    }

    private void dictionaryIds(byte[] b, int at, int end, int n, String what)
            throws CorruptFileException {
        if (physical == PrimitiveTypeName.BOOLEAN) {
            throw ctx.corrupt(what, "dictionary-encoded BOOLEAN values (Parquet has none)");
        }
        if (dictionarySize < 0) {
            throw ctx.corrupt(
                    what,
                    "the page is dictionary-encoded but the column chunk has no dictionary page");
        }
        if (n == 0) {
            return;
        }
        if (dictionarySize == 0) {
            throw ctx.corrupt(what, n + " values refer to an empty dictionary");
        }
        if (at >= end) {
            throw ctx.corrupt(what, "dictionary ids of " + n + " values are missing");
        }
        int width = b[at] & 0xFF;
        if (width > 32) {
            throw ctx.corrupt(what, "dictionary ids of " + width + " bits");
        }
        hybrid(b, at + 1, end, width, n, dictionaryIdBound(), "dictionary ids", what, -1);
    }

    /** PLAIN values: the end of {@code n} values, or -1 when fixed-width values do not fit. */
    private int plain(byte[] b, int at, int end, int n, String what, String dictionaryReason)
            throws CorruptFileException {
        if (physical == PrimitiveTypeName.BINARY) {
            int pos = at;
            for (int i = 0; i < n; i++) {
                if (end - pos < 4) {
                    throw ctx.corrupt(
                            what,
                            dictionaryReason != null
                                    ? dictionaryReason
                                    : "value "
                                            + i
                                            + " of "
                                            + n
                                            + " has no length prefix: "
                                            + (end - pos)
                                            + " bytes are left");
                }
                int length = le32(b, pos);
                pos += 4;
                if (length < 0 || length > end - pos) {
                    throw ctx.corrupt(
                            what,
                            "value "
                                    + i
                                    + "'s length prefix says "
                                    + Integer.toUnsignedString(length)
                                    + " bytes; "
                                    + (end - pos)
                                    + " are left");
                }
                pos += length;
            }
            return pos;
        }
        if (physical == PrimitiveTypeName.BOOLEAN) {
            long bytes = (n + 7L) / 8;
            return bytes > end - at ? -1 : (int) (at + bytes);
        }
        long bytes = (long) n * fixedWidth();
        return bytes > end - at ? -1 : (int) (at + bytes);
    }

    /** The bytes of one value of a fixed-width type. */
    private int fixedWidth() {
        return switch (physical) {
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            case INT96 -> 12;
            case FIXED_LEN_BYTE_ARRAY -> typeLength;
            case BOOLEAN -> 1;
            case BINARY -> 4;
        };
    }

    /** What each value's suffix length is handed to, with its index. */
    private interface SuffixSink {
        void accept(int index, long length) throws CorruptFileException;
    }

    /** DELTA_LENGTH_BYTE_ARRAY: delta-packed lengths, then the bytes; their sum must fit. */
    private void lengthPrefixedBytes(byte[] b, int at, int end, int n, String what, SuffixSink sink)
            throws CorruptFileException {
        String section =
                sink == null
                        ? "DELTA_LENGTH_BYTE_ARRAY lengths"
                        : "DELTA_BYTE_ARRAY suffix lengths";
        DeltaStream lengths = new DeltaStream(ctx, pageValues, b, at, end, what, section);
        int dataStart = lengths.end(n);
        DeltaStream reader = new DeltaStream(ctx, pageValues, b, at, end, what, section);
        reader.begin(n);
        long total = 0;
        for (int i = 0; i < n; i++) {
            long length = (int) reader.next(); // parquet-column reads the lengths as ints
            if (length < 0) {
                throw ctx.corrupt(
                        what, section + ": value " + i + " has a negative length " + length);
            }
            total += length;
            if (total > end - dataStart) {
                throw ctx.corrupt(
                        what,
                        section
                                + " add up to "
                                + total
                                + " bytes by value "
                                + i
                                + "; "
                                + (end - dataStart)
                                + " are left");
            }
            if (sink != null) {
                sink.accept(i, length);
            }
        }
    }

    private static int le32(byte[] b, int at) {
        return (b[at] & 0xFF)
                | (b[at + 1] & 0xFF) << 8
                | (b[at + 2] & 0xFF) << 16
                | (b[at + 3] & 0xFF) << 24;
    }

    private static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }
}
