package io.pqx.format.page;

import io.pqx.format.codec.Codec;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Turns one page (its thrift header and stored bytes) into the parquet-column page object the
 * column readers consume: checks sizes against the limits before allocating, verifies the CRC when
 * asked, decompresses (v1: the whole page; v2: only the data section, and only when it is flagged
 * compressed and non-empty), then walks the page with {@link PageValueCheck} (and {@link
 * PageBodyCheck}) so that parquet-column never meets bytes it would fail on.
 *
 * <p>The value walk costs about as much as decoding, so a caller whose own decoder is strict (the
 * bulk path, which declines any page it cannot decode cleanly) may defer it: the page is then
 * handed out with only its run and block headers checked ({@link PageBodyCheck}, which bounds what
 * any decoder allocates; the prefix lengths of a DELTA_BYTE_ARRAY page, which that check walks
 * value by value, are deferred too: the bulk decoder refuses the same prefixes), and {@link
 * #checkDeferred} walks it before parquet-column gets it after all.
 *
 * <p>Called by {@link ChunkPageReader}; stateless.
 */
final class PageInflater {
    private final FileContext ctx;
    private final Codec codec;
    private final PageLimits limits;
    private final ColumnDescriptor column;
    private final PageBodyCheck check;
    private final PageValueCheck valueCheck;

    /** The walk of the last data page handed out unwalked; null when there is none. */
    private DeferredCheck deferred;

    /**
     * Data pages handed out with {@code reuse} are decompressed into this buffer (grown as needed):
     * a chunk's pages then cost one buffer instead of a fresh, zeroed array each.
     */
    private byte[] pageBuffer = new byte[0];

    /**
     * Makes {@code buffer} the page buffer when it is larger than the current one: a buffer the
     * same leaf's reader of an earlier row group gave back ({@link #releasePageBuffer}), so that a
     * chunk of one huge page does not cost a fresh, zeroed array in every row group. Its contents
     * are never read: a page is handed out as the first {@code uncompressed} bytes after the codec
     * wrote exactly that many.
     */
    void adoptPageBuffer(byte[] buffer) {
        if (buffer.length > pageBuffer.length) {
            pageBuffer = buffer;
        }
    }

    /**
     * Gives up the page buffer (the inflater keeps an empty one): for a caller done with every page
     * this inflater handed out.
     */
    byte[] releasePageBuffer() {
        byte[] buffer = pageBuffer;
        pageBuffer = new byte[0];
        return buffer;
    }

    /** A walk of one page, run now or when parquet-column is about to decode the page. */
    @FunctionalInterface
    private interface DeferredCheck {
        void run() throws CorruptFileException;
    }

    PageInflater(FileContext ctx, Codec codec, PageLimits limits, ColumnDescriptor column) {
        this.ctx = ctx;
        this.codec = codec;
        this.limits = limits;
        this.column = column;
        this.check = new PageBodyCheck(ctx, column, limits.maxPageBytes());
        this.valueCheck = new PageValueCheck(ctx, column, limits.maxPageBytes());
    }

    /** Checks a header's sizes against the limits; {@code available} bytes follow the header. */
    void checkSizes(PageHeader header, String what, int available) throws IOException {
        int compressed = header.getCompressed_page_size();
        int uncompressed = header.getUncompressed_page_size();
        if (compressed < 0 || uncompressed < 0) {
            throw ctx.corrupt(
                    what,
                    "negative page size (compressed "
                            + compressed
                            + ", uncompressed "
                            + uncompressed
                            + ")");
        }
        int largest = Math.max(compressed, uncompressed);
        if (largest > limits.maxPageBytes()) {
            throw ctx.unsupported(
                    what,
                    "page size of "
                            + largest
                            + " bytes exceeds the limit of "
                            + limits.maxPageBytes()
                            + " bytes (maxPageBytes)");
        }
        if (compressed > available) {
            throw ctx.corrupt(
                    what,
                    "compressed size "
                            + compressed
                            + " exceeds the "
                            + available
                            + " bytes left in the column chunk");
        }
    }

    DictionaryPage dictionary(PageHeader header, byte[] buf, int off) throws IOException {
        checkDictionary(header, buf, off);
        return inflateDictionary(header, buf, off);
    }

    /**
     * The checks of a dictionary page that need not decompress it: its header, its value count
     * against its size, its CRC.
     */
    void checkDictionary(PageHeader header, byte[] buf, int off) throws IOException {
        String what = "Cannot read dictionary page";
        DictionaryPageHeader dict = header.getDictionary_page_header();
        if (dict == null) {
            throw ctx.corrupt(what, "page header has no dictionary_page_header");
        }
        int size = header.getUncompressed_page_size();
        int minBytes = minValueBytes();
        long count = dict.getNum_values();
        // bound the dictionary arrays parquet-column allocates by what the page can hold
        long needed = minBytes == 0 ? (count + 7) / 8 : count * minBytes;
        if (count < 0 || needed > size) {
            throw ctx.corrupt(
                    what, dict.getNum_values() + " values cannot fit in " + size + " bytes");
        }
        verifyChecksum(header, buf, off, "Cannot verify dictionary page");
    }

    /** Decompresses and walks a dictionary page {@link #checkDictionary} passed. */
    DictionaryPage inflateDictionary(PageHeader header, byte[] buf, int off) throws IOException {
        String what = "Cannot read dictionary page";
        DictionaryPageHeader dict = header.getDictionary_page_header();
        int size = header.getUncompressed_page_size();
        byte[] bytes =
                inflate(
                        buf,
                        off,
                        header.getCompressed_page_size(),
                        size,
                        "Cannot decompress dictionary page");
        Encoding encoding = encoding(dict.getEncoding(), what);
        int count = dict.getNum_values();
        if (column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY
                && count >= 0
                && (long) count * 4 <= bytes.length) {
            // the check walks the strings' length prefixes anyway: it records where each lies, so
            // that the bulk decoder does not walk them again (arrays bounded by the page's size,
            // as every value takes at least its 4-byte length)
            int[] starts = new int[count];
            int[] lengths = new int[count];
            valueCheck.dictionary(
                    bytes, count, encoding, "Cannot decode dictionary page", starts, lengths);
            return new IndexedDictionaryPage(bytes, size, count, encoding, starts, lengths);
        }
        valueCheck.dictionary(bytes, count, encoding, "Cannot decode dictionary page");
        return new DictionaryPage(BytesInput.from(bytes), size, count, encoding);
    }

    /**
     * The chunk's dictionary, of {@code count} values, was decoded by another reader of the chunk:
     * data pages walked here check their ids against it.
     */
    void dictionaryReadElsewhere(int count) {
        valueCheck.dictionaryReadElsewhere(count);
    }

    /**
     * Walks the last data page handed out with {@code walk == false}, if it was not walked yet:
     * called before that page goes to parquet-column after all.
     */
    void checkDeferred() throws CorruptFileException {
        DeferredCheck check = deferred;
        deferred = null;
        if (check != null) {
            check.run();
        }
    }

    private void walk(boolean now, DeferredCheck check) throws CorruptFileException {
        deferred = null;
        if (now) {
            check.run();
        } else {
            deferred = check;
        }
    }

    /**
     * A v1 data page; {@code walk}: check its levels and values now (else see {@link
     * #checkDeferred}); {@code reuse}: its bytes may live in this inflater's page buffer, valid
     * only until the next data page is inflated.
     */
    DataPage v1(
            PageHeader header,
            byte[] buf,
            int off,
            int ordinal,
            long firstRow,
            int rowCount,
            boolean walk,
            boolean reuse)
            throws IOException {
        String what = "Cannot read page " + ordinal;
        DataPageHeader h = header.getData_page_header();
        if (h == null) {
            throw ctx.corrupt(what, "page header has no data_page_header");
        }
        if (h.getNum_values() < 0) {
            throw ctx.corrupt(what, "negative value count " + h.getNum_values());
        }
        Encoding rl = encoding(h.getRepetition_level_encoding(), what);
        Encoding dl = encoding(h.getDefinition_level_encoding(), what);
        Encoding values = encoding(h.getEncoding(), what);
        verifyChecksum(header, buf, off, "Cannot verify page " + ordinal);
        int size = header.getUncompressed_page_size();
        String decode = "Cannot decode page " + ordinal;
        BytesInput input;
        if (reuse && stored(header.getCompressed_page_size(), size)) {
            // the page's bytes as they lie in the chunk's buffer, not copied: that buffer stays as
            // it is for as long as the page reader (and so this page) lives
            check.v1(buf, off, size, h.getNum_values(), rl, dl, values, decode, walk);
            walk(
                    walk,
                    () -> {
                        if (!walk) {
                            check.v1Prefixes(
                                    buf, off, size, h.getNum_values(), rl, dl, values, decode);
                        }
                        byte[] own = Arrays.copyOfRange(buf, off, off + size);
                        valueCheck.v1(own, size, h.getNum_values(), rl, dl, values, decode);
                    });
            input = BytesInput.from(buf, off, size);
        } else {
            String inflate = "Cannot decompress page " + ordinal;
            byte[] bytes =
                    reuse
                            ? inflateIntoBuffer(
                                    buf, off, header.getCompressed_page_size(), size, inflate)
                            : inflate(buf, off, header.getCompressed_page_size(), size, inflate);
            // run and block headers first, on every path, so a page fails with the same words on
            // both
            check.v1(bytes, 0, size, h.getNum_values(), rl, dl, values, decode, walk);
            walk(
                    walk,
                    () -> {
                        if (!walk) {
                            check.v1Prefixes(
                                    bytes, 0, size, h.getNum_values(), rl, dl, values, decode);
                        }
                        valueCheck.v1(bytes, size, h.getNum_values(), rl, dl, values, decode);
                    });
            input = BytesInput.from(bytes, 0, size);
        }
        return firstRow < 0
                ? new DataPageV1(input, h.getNum_values(), size, null, rl, dl, values)
                : new DataPageV1(
                        input, h.getNum_values(), size, firstRow, rowCount, null, rl, dl, values);
    }

    /** A v2 data page; {@code walk} and {@code reuse} as for {@link #v1}. */
    DataPage v2(
            PageHeader header,
            byte[] buf,
            int off,
            int ordinal,
            long firstRow,
            boolean walk,
            boolean reuse)
            throws IOException {
        String what = "Cannot read page " + ordinal;
        DataPageHeaderV2 h = header.getData_page_header_v2();
        if (h == null) {
            throw ctx.corrupt(what, "page header has no data_page_header_v2");
        }
        int compressed = header.getCompressed_page_size();
        int rlLength = h.getRepetition_levels_byte_length();
        int dlLength = h.getDefinition_levels_byte_length();
        if (h.getNum_values() < 0
                || h.getNum_rows() < 0
                || h.getNum_nulls() < 0
                || rlLength < 0
                || dlLength < 0) {
            throw ctx.corrupt(what, "negative count in header " + h);
        }
        // long: two lying int lengths must not wrap around to a small sum
        long levelBytes = (long) rlLength + dlLength;
        if (levelBytes > compressed || levelBytes > header.getUncompressed_page_size()) {
            throw ctx.corrupt(
                    what,
                    "level sections of "
                            + levelBytes
                            + " bytes exceed the page of "
                            + Math.min(compressed, header.getUncompressed_page_size())
                            + " bytes");
        }
        int levels = (int) levelBytes;
        int dataUncompressed = header.getUncompressed_page_size() - levels;
        Encoding values = encoding(h.getEncoding(), what);
        verifyChecksum(header, buf, off, "Cannot verify page " + ordinal);
        int dataStored = compressed - levels;
        byte[] data;
        int dataAt = 0;
        // is_compressed defaults to true; an empty data section is never handed to the codec
        if (dataUncompressed == 0) {
            data = new byte[0];
        } else if (reuse
                && dataStored == dataUncompressed
                && ((h.isSetIs_compressed() && !h.isIs_compressed())
                        || codec.name() == CompressionCodecName.UNCOMPRESSED)) {
            // the data section as it lies in the chunk's buffer, as the level sections are
            data = buf;
            dataAt = off + levels;
        } else if (h.isSetIs_compressed() && !h.isIs_compressed()) {
            if (dataStored != dataUncompressed) {
                throw ctx.corrupt(
                        what,
                        "uncompressed data section holds "
                                + dataStored
                                + " bytes, header says "
                                + dataUncompressed);
            }
            data = Arrays.copyOfRange(buf, off + levels, off + compressed);
        } else if (reuse) {
            data =
                    inflateIntoBuffer(
                            buf,
                            off + levels,
                            dataStored,
                            dataUncompressed,
                            "Cannot decompress page " + ordinal);
        } else {
            data =
                    inflate(
                            buf,
                            off + levels,
                            dataStored,
                            dataUncompressed,
                            "Cannot decompress page " + ordinal);
        }
        String decode = "Cannot decode page " + ordinal;
        byte[] dataSection = data;
        int sectionAt = dataAt;
        check.v2(
                buf,
                off,
                rlLength,
                dlLength,
                dataSection,
                sectionAt,
                dataUncompressed,
                h.getNum_values(),
                values,
                decode,
                walk);
        walk(
                walk,
                () -> {
                    if (!walk) {
                        check.v2Prefixes(
                                dataSection,
                                sectionAt,
                                dataUncompressed,
                                h.getNum_values(),
                                values,
                                decode);
                    }
                    valueCheck.v2(
                            buf,
                            off,
                            rlLength,
                            dlLength,
                            sectionAt == 0
                                    ? dataSection
                                    : Arrays.copyOfRange(
                                            dataSection, sectionAt, sectionAt + dataUncompressed),
                            dataUncompressed,
                            h.getNum_values(),
                            values,
                            decode);
                });
        BytesInput rep = BytesInput.from(buf, off, rlLength);
        BytesInput def = BytesInput.from(buf, off + rlLength, dlLength);
        BytesInput body = BytesInput.from(data, dataAt, dataUncompressed);
        return firstRow < 0
                ? DataPageV2.uncompressed(
                        h.getNum_rows(),
                        h.getNum_nulls(),
                        h.getNum_values(),
                        rep,
                        def,
                        values,
                        body,
                        null)
                : DataPageV2.uncompressed(
                        h.getNum_rows(),
                        h.getNum_nulls(),
                        h.getNum_values(),
                        firstRow,
                        rep,
                        def,
                        values,
                        body,
                        null);
    }

    /**
     * Whether a v1 page of {@code stored} bytes is its {@code uncompressed} bytes themselves (the
     * chunk is not compressed and the sizes agree; when they do not, decompressing says how).
     */
    private boolean stored(int stored, int uncompressed) {
        return codec.name() == CompressionCodecName.UNCOMPRESSED && stored == uncompressed;
    }

    private byte[] inflate(byte[] buf, int off, int stored, int uncompressed, String what)
            throws CorruptFileException {
        try {
            return codec.decompress(buf, off, stored, uncompressed);
        } catch (IOException | RuntimeException e) {
            // Only decompressing tells whether a compressed stream is sound, and codec libraries
            // say "corrupt" with their own unchecked exceptions (ZstdException, LZ4Exception,
            // SnappyError): keep their verdict in the message, never the exception in the chain.
            return throwWithoutUnchecked(what, failure(e), e);
        }
    }

    private String failure(Exception e) {
        return e instanceof IOException
                ? reason(e)
                : codec.name()
                        + " data is malformed"
                        + (e.getMessage() == null ? "" : ": " + reason(e));
    }

    /**
     * Like {@link #inflate}, into {@link #pageBuffer}: returns the buffer, whose first {@code
     * uncompressed} bytes are the page's ({@link #checkSizes} bounded them by the page limit).
     */
    private byte[] inflateIntoBuffer(byte[] buf, int off, int stored, int uncompressed, String what)
            throws CorruptFileException {
        if (pageBuffer.length < uncompressed) {
            // some headroom: the pages of a chunk differ in size by a little
            long grown = Math.max(uncompressed, pageBuffer.length + (long) pageBuffer.length / 4);
            pageBuffer =
                    new byte[(int) Math.min(grown, Math.max(uncompressed, limits.maxPageBytes()))];
        }
        try {
            codec.decompressInto(buf, off, stored, pageBuffer, uncompressed);
            return pageBuffer;
        } catch (IOException | RuntimeException e) {
            return throwWithoutUnchecked(what, failure(e), e);
        }
    }

    private byte[] throwWithoutUnchecked(String what, String reason, Exception e)
            throws CorruptFileException {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RuntimeException || t instanceof Error) {
                throw ctx.corrupt(what, reason);
            }
        }
        throw ctx.corrupt(what, reason, e);
    }

    private void verifyChecksum(PageHeader header, byte[] buf, int off, String what)
            throws CorruptFileException {
        if (!limits.verifyChecksums() || !header.isSetCrc()) {
            return;
        }
        CRC32 crc = new CRC32();
        crc.update(buf, off, header.getCompressed_page_size());
        int actual = (int) crc.getValue();
        if (actual != header.getCrc()) {
            throw ctx.corrupt(
                    what,
                    String.format(
                            "CRC-32 mismatch: header says %08x, page bytes give %08x",
                            header.getCrc(), actual));
        }
    }

    private Encoding encoding(org.apache.parquet.format.Encoding encoding, String what)
            throws UnsupportedFileException {
        if (encoding == null) {
            throw ctx.unsupported(what, "unknown encoding");
        }
        Encoding known = ENCODINGS[encoding.ordinal()];
        if (known == null) {
            throw ctx.unsupported(what, "encoding " + encoding + " is not supported");
        }
        return known;
    }

    /**
     * parquet-column's encoding of each Thrift encoding (by ordinal), null where it has none: found
     * once, not by name for every page (a string-keyed map lookup per page and level section).
     */
    private static final Encoding[] ENCODINGS = encodingsByOrdinal();

    private static Encoding[] encodingsByOrdinal() {
        org.apache.parquet.format.Encoding[] all = org.apache.parquet.format.Encoding.values();
        Encoding[] known = new Encoding[all.length];
        for (org.apache.parquet.format.Encoding e : all) {
            try {
                known[e.ordinal()] = Encoding.valueOf(e.name());
            } catch (IllegalArgumentException unknown) {
                known[e.ordinal()] = null;
            }
        }
        return known;
    }

    /** Fewest bytes one PLAIN-encoded dictionary value of this column takes (0: unbounded). */
    private int minValueBytes() {
        return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
            case INT32, FLOAT, BINARY -> 4;
            case INT64, DOUBLE -> 8;
            case INT96 -> 12;
            case FIXED_LEN_BYTE_ARRAY -> Math.max(1, column.getPrimitiveType().getTypeLength());
            case BOOLEAN -> 0;
        };
    }

    /**
     * The exception's message, or its class name when it has none. Thrift's "Struct:
     * ...Scheme@1f2e" suffix (an identity hash, different on every read) is dropped so messages are
     * repeatable.
     */
    static String reason(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return message.replaceAll(" ?Struct: [\\w.$]+@[0-9a-f]+", "");
    }
}
