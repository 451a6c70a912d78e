package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;

/**
 * Checks the length fields inside an uncompressed page body before parquet-column decodes it,
 * because some of its decoders allocate what a header says before looking at the bytes: a
 * bit-packed RLE run allocates {@code 8 x groups} ints, a DELTA_BINARY_PACKED block its declared
 * value count in longs, DELTA_BYTE_ARRAY the declared prefix of every value. A lying field would be
 * an OutOfMemoryError; here it is a {@link CorruptFileException}.
 *
 * <p>Walks only run and block headers (bit-packed data is skipped, not decoded), except for the
 * prefix lengths of DELTA_BYTE_ARRAY pages, which a caller whose decoder refuses the same prefixes
 * itself may leave for later ({@code walkPrefixes} false, then {@link #v1Prefixes} or {@link
 * #v2Prefixes} before another decoder gets the page). Stateless; used by {@link PageInflater}.
 */
final class PageBodyCheck {
    private static final int MAX_DELTA_BLOCK = 1 << 16;

    private final FileContext ctx;
    private final ColumnDescriptor column;
    private final int maxPageBytes;

    PageBodyCheck(FileContext ctx, ColumnDescriptor column, int maxPageBytes) {
        this.ctx = ctx;
        this.column = column;
        this.maxPageBytes = maxPageBytes;
    }

    /**
     * A v1 page body, {@code body[0, length)}: length-prefixed RLE levels (or BIT_PACKED), then
     * values.
     */
    void v1(
            byte[] body,
            int length,
            int values,
            Encoding rl,
            Encoding dl,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        v1(body, 0, length, values, rl, dl, encoding, what, true);
    }

    /**
     * A v1 page body at {@code body[base, base + length)} (positions in messages count from {@code
     * base}, as for a body of its own); with {@code walkPrefixes} false the prefix lengths of a
     * DELTA_BYTE_ARRAY page are left for {@link #v1Prefixes} (its block headers are checked all the
     * same).
     */
    void v1(
            byte[] body,
            int base,
            int length,
            int values,
            Encoding rl,
            Encoding dl,
            Encoding encoding,
            String what,
            boolean walkPrefixes)
            throws CorruptFileException {
        checkCount(values, what);
        int end = base + length;
        int at = v1ValuesAt(body, base, end, values, rl, dl, what);
        values(body, at, end, values, encoding, what, walkPrefixes);
    }

    /**
     * The prefix-length walk {@link #v1} left out with {@code walkPrefixes} false (nothing for a
     * page of another encoding), for a page {@link #v1} passed.
     */
    void v1Prefixes(
            byte[] body,
            int base,
            int length,
            int values,
            Encoding rl,
            Encoding dl,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        if (encoding == Encoding.DELTA_BYTE_ARRAY) {
            int end = base + length;
            int at = v1ValuesAt(body, base, end, values, rl, dl, what);
            walkPrefixes(body, at, end, delta(body, at, end, values, what), values, what);
        }
    }

    /** Where a v1 page's values start: after its level sections, which are checked. */
    private int v1ValuesAt(
            byte[] body, int base, int end, int values, Encoding rl, Encoding dl, String what)
            throws CorruptFileException {
        int at = base;
        at = v1Levels(body, base, end, at, values, column.getMaxRepetitionLevel(), rl, what);
        return v1Levels(body, base, end, at, values, column.getMaxDefinitionLevel(), dl, what);
    }

    /**
     * A v2 page: level sections (RLE, no length prefix) and the uncompressed data section {@code
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
        v2(levels, at, rlLength, dlLength, data, 0, dataLength, values, encoding, what, true);
    }

    /**
     * As above, with the data section at {@code data[dataAt, dataAt + dataLength)}; with {@code
     * walkPrefixes} false the prefix lengths of a DELTA_BYTE_ARRAY page are left for {@link
     * #v2Prefixes} (its block headers are checked all the same).
     */
    void v2(
            byte[] levels,
            int at,
            int rlLength,
            int dlLength,
            byte[] data,
            int dataAt,
            int dataLength,
            int values,
            Encoding encoding,
            String what,
            boolean walkPrefixes)
            throws CorruptFileException {
        checkCount(values, what);
        rle(levels, at, at + rlLength, bitWidth(column.getMaxRepetitionLevel()), values, what);
        rle(
                levels,
                at + rlLength,
                at + rlLength + dlLength,
                bitWidth(column.getMaxDefinitionLevel()),
                values,
                what);
        values(data, dataAt, dataAt + dataLength, values, encoding, what, walkPrefixes);
    }

    /**
     * The prefix-length walk {@link #v2} left out with {@code walkPrefixes} false (nothing for a
     * page of another encoding), for a page {@link #v2} passed.
     */
    void v2Prefixes(
            byte[] data, int dataAt, int dataLength, int values, Encoding encoding, String what)
            throws CorruptFileException {
        if (encoding == Encoding.DELTA_BYTE_ARRAY) {
            int end = dataAt + dataLength;
            walkPrefixes(data, dataAt, end, delta(data, dataAt, end, values, what), values, what);
        }
    }

    private void checkCount(int values, String what) throws CorruptFileException {
        // decoders may hold a page's values (or its levels) in an int or long array
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
            int base,
            int end,
            int at,
            int values,
            int maxLevel,
            Encoding encoding,
            String what)
            throws CorruptFileException {
        if (maxLevel == 0) {
            return at;
        }
        int width = bitWidth(maxLevel);
        if (encoding == Encoding.BIT_PACKED) {
            return at + (int) Math.min(end - at, ((long) values * width + 7) / 8);
        }
        if (end - at < 4) {
            throw ctx.corrupt(what, "level section at byte " + (at - base) + " has no length");
        }
        int length =
                (b[at] & 0xFF)
                        | (b[at + 1] & 0xFF) << 8
                        | (b[at + 2] & 0xFF) << 16
                        | (b[at + 3] & 0xFF) << 24;
        if (length < 0 || length > end - at - 4) {
            throw ctx.corrupt(
                    what,
                    "level section of "
                            + length
                            + " bytes exceeds the "
                            + (end - at - 4)
                            + " bytes left in the page");
        }
        rle(b, at + 4, at + 4 + length, width, values, what);
        return at + 4 + length;
    }

    private void values(
            byte[] b,
            int at,
            int end,
            int values,
            Encoding encoding,
            String what,
            boolean walkPrefixes)
            throws CorruptFileException {
        switch (encoding) {
            case PLAIN_DICTIONARY, RLE_DICTIONARY -> {
                if (at < end) {
                    int width = b[at] & 0xFF;
                    if (width > 32) {
                        throw ctx.corrupt(what, "dictionary ids of " + width + " bits");
                    }
                    rle(b, at + 1, end, width, values, what);
                }
            }
            case RLE -> {
                if (end - at >= 4) { // booleans: length-prefixed RLE of width 1
                    rle(b, at + 4, end, 1, values, what);
                }
            }
            case DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY -> delta(b, at, end, values, what);
            case DELTA_BYTE_ARRAY -> prefixes(b, at, end, values, what, walkPrefixes);
            default -> {}
        }
    }

    /**
     * Walks RLE / bit-packed hybrid runs, bounding each bit-packed run by the page's values or, for
     * a padded run, by the bytes present.
     */
    private void rle(byte[] b, int at, int end, int width, int values, String what)
            throws CorruptFileException {
        if (width == 0 && at >= end) {
            return;
        }
        int pos = at;
        while (pos < end) {
            // parsed exactly as parquet-column's readUnsignedVarInt does (int arithmetic, shifts
            // masked, up to six bytes), so that this walk stays in step with its decoder
            int header = 0;
            int shift = 0;
            int next;
            while (true) {
                if (pos >= end) {
                    return; // a truncated header: the decoder fails on it without allocating
                }
                next = b[pos++] & 0xFF;
                if ((next & 0x80) == 0) {
                    break;
                }
                header |= (next & 0x7F) << shift;
                shift += 7;
                if (shift > 35) {
                    return; // the decoder rejects the over-long header without allocating
                }
            }
            header |= next << shift;
            long count = header >>> 1;
            if ((header & 1) == 0) {
                pos += (width + 7) / 8;
                continue;
            }
            long bytes = count * width;
            // A run may be padded past the page's values (DuckDB 2.0 pads the last one to 256
            // values) when its bytes are there: parquet-column then allocates 8 ints per group,
            // at most 32 times the bytes present. A run within the page's values may lack its
            // last group's bytes (parquet-column reads what is there). A run of width 0 has no
            // bytes to vouch for it, so only the page's values bound it.
            boolean withinValues = count * 8 <= values + 7L && bytes <= end - pos + (long) width;
            boolean paddedAndPresent = width > 0 && bytes <= end - pos;
            if (!withinValues && !paddedAndPresent) {
                throw ctx.corrupt(
                        what,
                        "a bit-packed run of "
                                + count * 8
                                + " values needs "
                                + bytes
                                + " bytes; the page holds "
                                + values
                                + " values and "
                                + (end - pos)
                                + " more bytes");
            }
            pos += (int) Math.min(bytes, end - pos);
        }
    }

    /** Checks a DELTA_BINARY_PACKED header; returns the position after its blocks. */
    private int delta(byte[] b, int at, int end, int values, String what)
            throws CorruptFileException {
        try {
            ByteBufferInputStream in = ByteBufferInputStream.wrap(ByteBuffer.wrap(b, at, end - at));
            int blockSize = BytesUtils.readUnsignedVarInt(in);
            int miniBlocks = BytesUtils.readUnsignedVarInt(in);
            int total = BytesUtils.readUnsignedVarInt(in);
            BytesUtils.readZigZagVarLong(in);
            if (blockSize <= 0
                    || blockSize % 128 != 0
                    || blockSize > MAX_DELTA_BLOCK
                    || miniBlocks <= 0
                    || blockSize % miniBlocks != 0
                    || (blockSize / miniBlocks) % 32 != 0) {
                throw ctx.corrupt(
                        what,
                        "invalid delta block of "
                                + blockSize
                                + " values in "
                                + miniBlocks
                                + " miniblocks");
            }
            if (total > values) {
                throw ctx.corrupt(
                        what, "delta header declares " + total + " values in a page of " + values);
            }
            int miniSize = blockSize / miniBlocks;
            long remaining = total - 1L;
            while (remaining > 0) {
                BytesUtils.readZigZagVarLong(in);
                int[] widths = new int[miniBlocks];
                for (int i = 0; i < miniBlocks; i++) {
                    widths[i] = in.read();
                    if (widths[i] < 0 || widths[i] > 64) {
                        throw ctx.corrupt(what, "delta miniblock of " + widths[i] + " bits");
                    }
                }
                for (int i = 0; i < miniBlocks && remaining > 0; i++) {
                    in.skipFully((long) widths[i] * miniSize / 8);
                    remaining -= miniSize;
                }
            }
            return at + (int) in.position();
        } catch (CorruptFileException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw ctx.corrupt(what, "truncated delta block: " + PageInflater.reason(e), e);
        }
    }

    /**
     * DELTA_BYTE_ARRAY: the block headers of both streams, then (when {@code walk}) the prefix
     * lengths.
     */
    private void prefixes(byte[] b, int at, int end, int values, String what, boolean walk)
            throws CorruptFileException {
        int suffixes = delta(b, at, end, values, what);
        delta(b, suffixes, end, values, what);
        if (walk) {
            walkPrefixes(b, at, end, suffixes, values, what);
        }
    }

    /**
     * DELTA_BYTE_ARRAY: no prefix may be longer than the values section (every value is built from
     * it); the prefix stream is {@code [at, suffixes)}.
     */
    private void walkPrefixes(byte[] b, int at, int end, int suffixes, int values, String what)
            throws CorruptFileException {
        if (quickPrefixes(b, at, end, suffixes, values, what)) {
            return;
        }
        try {
            DeltaBinaryPackingValuesReader reader = new DeltaBinaryPackingValuesReader();
            reader.initFromPage(
                    values, ByteBufferInputStream.wrap(ByteBuffer.wrap(b, at, suffixes - at)));
            ByteBufferInputStream header =
                    ByteBufferInputStream.wrap(ByteBuffer.wrap(b, at, end - at));
            BytesUtils.readUnsignedVarInt(header);
            BytesUtils.readUnsignedVarInt(header);
            int count = BytesUtils.readUnsignedVarInt(header);
            for (int i = 0; i < count; i++) {
                int prefix = reader.readInteger();
                if (prefix < 0 || prefix > end - at) {
                    throw ctx.corrupt(
                            what,
                            "value "
                                    + i
                                    + " reuses a prefix of "
                                    + prefix
                                    + " bytes, longer than the page");
                }
            }
        } catch (CorruptFileException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw ctx.corrupt(what, "invalid prefix lengths: " + PageInflater.reason(e), e);
        }
    }

    /**
     * The walk of {@link #prefixes} with {@link DeltaStream} instead of parquet-column's reader,
     * which slices a buffer for every 8 values: true when every prefix passed. False when the
     * stream reads differently there (a header or varint beyond what parquet-column's int parsing
     * reads alike); the caller then walks it as before, with its messages.
     */
    private boolean quickPrefixes(byte[] b, int at, int end, int suffixes, int values, String what)
            throws CorruptFileException {
        int count = headerCount(b, at, suffixes);
        if (count < 0 || count > values) {
            return false;
        }
        DeltaStream stream =
                new DeltaStream(ctx, values, b, at, suffixes, what, "DELTA_BYTE_ARRAY prefixes");
        int prefix = 0;
        int i = 0;
        try {
            stream.begin(count);
            for (; i < count; i++) {
                prefix = (int) stream.next(); // read as ints, as parquet-column does
                if (prefix < 0 || prefix > end - at) {
                    break;
                }
            }
        } catch (CorruptFileException | RuntimeException e) {
            return false;
        }
        if (i < count) {
            throw ctx.corrupt(
                    what,
                    "value "
                            + i
                            + " reuses a prefix of "
                            + prefix
                            + " bytes, longer than the page");
        }
        return true;
    }

    /** The value count of a DELTA header, read as parquet-column reads it; -1 if cut off. */
    private static int headerCount(byte[] b, int at, int end) {
        try {
            ByteBufferInputStream header =
                    ByteBufferInputStream.wrap(ByteBuffer.wrap(b, at, end - at));
            BytesUtils.readUnsignedVarInt(header);
            BytesUtils.readUnsignedVarInt(header);
            return BytesUtils.readUnsignedVarInt(header);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static int bitWidth(int maxLevel) {
        return 32 - Integer.numberOfLeadingZeros(maxLevel);
    }
}
