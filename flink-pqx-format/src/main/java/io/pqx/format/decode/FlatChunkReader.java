package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.schema.PrimitiveNode;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.annotation.Nullable;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.VersionParser;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The fast path of a flat leaf (top-level, not repeated, definition level 0 or 1): walks the
 * chunk's pages itself and decodes each in bulk with a {@link FlatPageDecoder}; a page that decoder
 * declines is decoded by a parquet-column {@link ColumnReader} over that page alone ({@link
 * SinglePageReader}), so a chunk mixing dictionary and plain pages, an odd page or a corrupt one
 * all read exactly as through a whole-chunk {@code ColumnReader}.
 *
 * <p>It mirrors the whole-chunk reader's page timing so that errors surface at the same call: the
 * dictionary and first page are read by {@link #open}, and the next page as soon as the last entry
 * of a page is consumed (unless the chunk's values are all consumed). The caller ({@link
 * FlatLeafColumn}) checks that enough values remain before each read or skip. One per leaf and row
 * group; not thread-safe.
 */
final class FlatChunkReader {
    /** Chunks using only these encodings take the fast path (all others are read as before). */
    private static final Set<Encoding> FAST_ENCODINGS =
            EnumSet.of(
                    Encoding.PLAIN,
                    Encoding.PLAIN_DICTIONARY,
                    Encoding.RLE_DICTIONARY,
                    Encoding.DELTA_BINARY_PACKED,
                    Encoding.DELTA_LENGTH_BYTE_ARRAY,
                    Encoding.DELTA_BYTE_ARRAY,
                    Encoding.RLE,
                    Encoding.BIT_PACKED);

    private static final Pattern PAGE_COUNTS = Pattern.compile("at value (\\d+) out of (\\d+), ");

    /** Off switch for comparisons: {@code -Dpqx.decode.bulk=false}. */
    static volatile boolean enabled = !"false".equals(System.getProperty("pqx.decode.bulk"));

    private final ColumnDescriptor column;
    private final ValueDecoder decoder;
    private final PrimitiveConverter converter;
    @Nullable private final ParsedVersion writerVersion;
    private final int maxDefinitionLevel;

    private ChunkPageReader pages;
    private long totalValues;
    private long consumed;
    @Nullable private DictionaryPage dictionaryPage;
    private FlatPageDecoder pageDecoder;
    @Nullable private ColumnReader fallback;
    private int pageCursor;
    private int pageLeft;
    private long pageStart; // values of the chunk before the current page
    @Nullable private DataPage currentPage;
    private FileContext ctx;
    private final int leafIndex;
    @Nullable private final DecodedDictionaries dictionaries;
    @Nullable private final DecodeArrays arrays;

    /** The chunk has a dictionary page, not decompressed yet. */
    private boolean dictionaryPending;

    /** {@link #release} gave the arrays and the page buffer away. */
    private boolean released;

    /**
     * @param converter the leaf converter whole-chunk readers get (it keeps the dictionary that
     *     {@code decoder} may look values up in)
     */
    FlatChunkReader(
            PrimitiveNode node,
            ValueDecoder decoder,
            PrimitiveConverter converter,
            @Nullable ParsedVersion writerVersion,
            @Nullable DecodedDictionaries dictionaries) {
        this(node, decoder, converter, writerVersion, dictionaries, null);
    }

    /** As above; the page decoder takes its arrays from {@code arrays} when not null. */
    FlatChunkReader(
            PrimitiveNode node,
            ValueDecoder decoder,
            PrimitiveConverter converter,
            @Nullable ParsedVersion writerVersion,
            @Nullable DecodedDictionaries dictionaries,
            @Nullable DecodeArrays arrays) {
        this.arrays = arrays;
        this.column = node.column();
        this.leafIndex = node.leafIndex();
        this.dictionaries = dictionaries;
        this.decoder = decoder;
        this.converter = converter;
        this.writerVersion = writerVersion;
        this.maxDefinitionLevel = column.getMaxDefinitionLevel();
    }

    /** Gives the page decoder's arrays back; the reader must not be used after. */
    void release() {
        released = true;
        if (pageDecoder != null) {
            pageDecoder.release();
        }
        if (arrays != null && pages != null) {
            // the reader keeps an empty buffer: a use after never writes into one another took
            arrays.givePageBuffer(leafIndex, pages.releasePageBuffer());
        }
    }

    /**
     * Whether a leaf's chunk takes the fast path: a flat leaf whose decoder has a bulk sink for its
     * physical type, in a chunk whose footer lists only PLAIN, dictionary and DELTA value
     * encodings.
     */
    static boolean supports(PrimitiveNode node, ValueDecoder decoder, List<Encoding> encodings) {
        ColumnDescriptor c = node.column();
        PrimitiveTypeName physical = c.getPrimitiveType().getPrimitiveTypeName();
        return enabled
                && c.getPath().length == 1
                && c.getMaxRepetitionLevel() == 0
                && c.getMaxDefinitionLevel() <= 1
                && FlatPageDecoder.supports(physical, decoder)
                && FAST_ENCODINGS.containsAll(encodings);
    }

    /** The writer version parquet-column's readers correct known writer bugs by. */
    @Nullable
    static ParsedVersion writerVersion(String createdBy) {
        try {
            return VersionParser.parse(createdBy);
        } catch (RuntimeException | VersionParser.VersionParseException e) {
            return null;
        }
    }

    /**
     * Reads the dictionary page's header and the first page, as a whole-chunk reader's construction
     * does; the dictionary is decompressed and decoded when the first page using it is read (at
     * once for a chunk whose first page does; never when no page read does).
     *
     * @param ctx names the file and column in a dictionary's decoding failure
     */
    void open(ChunkPageReader pages, long totalValues, FileContext ctx) {
        this.pages = pages;
        if (arrays != null) {
            pages.usePageBuffer(arrays.takePageBuffer(leafIndex));
        }
        this.totalValues = totalValues;
        this.ctx = ctx;
        this.dictionaryPending = pages.readDictionaryPageHeader();
        PrimitiveTypeName physical = column.getPrimitiveType().getPrimitiveTypeName();
        this.pageDecoder =
                new FlatPageDecoder(
                        physical, typeLength(), maxDefinitionLevel, decoder, null, arrays);
        nextPage();
    }

    /**
     * Decompresses and decodes the dictionary; a failure reads as it did when the dictionary was
     * decoded before the first page ("Cannot decode dictionary page").
     */
    private void loadDictionary() {
        dictionaryPending = false;
        try {
            DecodedDictionaries.Entry known =
                    dictionaries == null ? null : dictionaries.get(leafIndex);
            if (known != null) {
                dictionaryPage = known.page();
                pages.useDictionaryReadElsewhere(dictionaryPage);
            } else {
                dictionaryPage = pages.inflateDictionaryPage();
            }
            PrimitiveTypeName physical = column.getPrimitiveType().getPrimitiveTypeName();
            // a page read through parquet-column after all decodes the dictionary itself (and
            // hands it to the converter); the bulk path needs only the flat arrays
            FlatDictionary dictionary =
                    known != null && known.flat() != null
                            ? known.flat()
                            : FlatDictionary.decode(physical, typeLength(), dictionaryPage);
            if (dictionaries != null && known == null) {
                dictionaries.put(
                        leafIndex, new DecodedDictionaries.Entry(dictionaryPage, dictionary));
            }
            if (dictionary == null) {
                Dictionary decoded = dictionaryPage.decode(column); // fails as a chunk reader would
                if (converter.hasDictionarySupport()) {
                    converter.setDictionary(decoded);
                }
                dictionary = FlatDictionary.of(physical, decoded);
            }
            pageDecoder.dictionary(dictionary);
        } catch (RuntimeException e) {
            throw new UncheckedIOException(DecodeFailure.of(ctx, -1, e));
        }
    }

    private int typeLength() {
        return column.getPrimitiveType().getTypeLength();
    }

    /** Entries left on the current page. */
    int pageLeft() {
        return pageLeft;
    }

    /**
     * Writes the next {@code rows} entries into {@code vector[pos...]} (they are known to exist).
     */
    void read(WritableColumnVector vector, int pos, int rows) {
        checkNotReleased();
        int at = pos;
        int left = rows;
        while (left > 0) {
            int n = Math.min(left, pageLeft);
            if (fallback != null) {
                try {
                    decoder.decodeFlat(fallback, vector, at, n, maxDefinitionLevel);
                } catch (RuntimeException e) {
                    throw chunkRelative(e);
                }
            } else if (!pageDecoder.copy(pageCursor, vector, at, n)) {
                fallBackMidPage();
                continue; // the same stretch, through parquet-column
            }
            at += n;
            left -= n;
            advance(n);
        }
    }

    /**
     * Writes the entries of {@code m} stretches that lie on the current page, stretch {@code j}
     * starting {@code offsets[j]} entries after the current one and {@code lengths[j]} long (in
     * order, apart), into {@code vector[pos...]} back to back, and moves past the last of them,
     * which must end before the page does; as skips and reads of each stretch in turn would.
     *
     * @return false, having moved and written nothing, when the page's values are not gathered (the
     *     caller then skips and reads stretch by stretch)
     */
    boolean gather(int[] offsets, int[] lengths, int m, WritableColumnVector vector, int pos) {
        checkNotReleased();
        if (fallback != null) {
            return false;
        }
        int last = offsets[m - 1] + lengths[m - 1];
        if (last >= pageLeft) {
            throw new IllegalArgumentException(
                    "stretches up to entry " + last + " of a page with " + pageLeft + " left");
        }
        for (int j = 0; j < m; j++) {
            offsets[j] += pageCursor; // to entries of the page
        }
        if (!pageDecoder.gather(offsets, lengths, m, vector, pos)) {
            return false;
        }
        pageCursor += last;
        pageLeft -= last;
        consumed += last;
        return true;
    }

    /** Drops the next {@code rows} entries (they are known to exist). */
    void skip(long rows) {
        checkNotReleased();
        long left = rows;
        while (left > 0) {
            int n = (int) Math.min(left, pageLeft);
            if (fallback != null) {
                skipFallback(n);
            }
            left -= n;
            if (left > 0 && n == pageLeft && consumed + n < totalValues) {
                // the rest of this page goes, and more: whole pages are passed over by their
                // headers, never decompressed; the page the skip ends in is decoded as usual
                pageCursor += n;
                pageLeft = 0;
                consumed += n;
                while (consumed < totalValues) {
                    int values = pages.peekPageValues();
                    if (values < 0 || values > left || consumed + values > totalValues) {
                        break; // the page holds rows wanted (or is wrong: nextPage() says how)
                    }
                    pages.skipPage();
                    consumed += values;
                    left -= values;
                }
                if (consumed < totalValues) {
                    nextPage();
                }
                continue;
            }
            advance(n);
        }
    }

    /**
     * A read after {@link #release} fails: the current page's bytes may lie in a buffer the next
     * row group's reader now decompresses into.
     */
    private void checkNotReleased() {
        if (released) {
            throw new IllegalStateException("the row group's decoder is closed");
        }
    }

    /**
     * The bulk decoder found values it cannot decode cleanly on the current page (it decodes
     * lazily, so only once a stretch of them was asked for): the page goes to parquet-column from
     * its first entry, and the entries already taken are passed over there, so it fails or pads
     * exactly as it would have from the page's start.
     */
    private void fallBackMidPage() {
        openFallback(currentPage);
        skipFallback(pageCursor);
    }

    private void openFallback(DataPage page) {
        pages.checkPageForColumnReader();
        DictionaryPage dictionary = pages.currentPageDictionaryEncoded() ? dictionaryPage : null;
        try {
            fallback =
                    new ColumnReaderImpl(
                            column,
                            new SinglePageReader(dictionary, page),
                            converter,
                            writerVersion);
        } catch (RuntimeException e) {
            throw chunkRelative(e);
        }
    }

    private void skipFallback(int n) {
        try {
            for (int i = 0; i < n; i++) {
                if (fallback.getCurrentDefinitionLevel() == maxDefinitionLevel) {
                    fallback.skip();
                }
                fallback.consume();
            }
        } catch (RuntimeException e) {
            throw chunkRelative(e);
        }
    }

    /**
     * parquet-column counts values in its messages from the start of its reader's pages; a per-page
     * reader's counts are turned into the chunk's, as a whole-chunk reader reports them.
     */
    private RuntimeException chunkRelative(RuntimeException e) {
        String message = e.getMessage();
        if (!(e instanceof ParquetDecodingException) || message == null) {
            return e;
        }
        Matcher m = PAGE_COUNTS.matcher(message);
        if (!m.find()) {
            return e;
        }
        String counts =
                "at value "
                        + (Long.parseLong(m.group(1)) + pageStart)
                        + " out of "
                        + totalValues
                        + ", ";
        ParquetDecodingException rewritten =
                new ParquetDecodingException(
                        message.substring(0, m.start()) + counts + message.substring(m.end()),
                        e.getCause());
        rewritten.setStackTrace(e.getStackTrace());
        return rewritten;
    }

    private void advance(int n) {
        pageCursor += n;
        pageLeft -= n;
        consumed += n;
        if (pageLeft == 0 && consumed < totalValues) {
            nextPage();
        }
    }

    /**
     * Reads the next data page (the page reader skips pages of no entries); a page the bulk decoder
     * declines is walked and gets its own column reader.
     */
    private void nextPage() {
        fallback = null;
        pageCursor = 0;
        pageStart = consumed;
        DataPage page = pages.readPageForBulkDecoding();
        currentPage = page;
        if (dictionaryPending && pages.currentPageDictionaryEncoded()) {
            loadDictionary();
        }
        if (!pageDecoder.decode(page)) {
            openFallback(page);
        }
        pageLeft = page.getValueCount();
    }
}
