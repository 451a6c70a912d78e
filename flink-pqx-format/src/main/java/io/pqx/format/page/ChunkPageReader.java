package io.pqx.format.page;

import io.pqx.format.codec.Codec;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.BoundedThrift;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * The pages of one column chunk, for parquet-column's column readers: walks the thrift page headers
 * of the chunk's {@link PageRun}s in order (each header parsed from a stream bounded by the run),
 * and hands out a {@link DictionaryPage} and then {@code DataPageV1}/{@code DataPageV2}s, with
 * their first row index when the run knows it.
 *
 * <p>{@link PageReader} cannot throw checked exceptions, so a malformed page surfaces as an {@link
 * UncheckedIOException} whose cause is the {@link CorruptFileException} (or {@code
 * UnsupportedFileException}) naming file, row group, column and page; the decoder unwraps it. A
 * chunk whose pages hold fewer values than its metadata promises fails the same way rather than
 * returning null.
 *
 * <p>Created per row group by the decoder; used by one column reader on one thread.
 */
@Internal
public final class ChunkPageReader implements PageReader {
    private final FileContext ctx;
    private final long declaredValueCount;
    private long totalValueCount = -1;
    private final List<PageRun> runs;
    private final PageInflater inflater;
    @Nullable private final EncryptedPages encrypted;
    private final boolean verifyChecksums;
    // one entry per row: a data page read through the offset index holds as many values as rows
    private final boolean flat;
    // the last header read, as stored, when the chunk is encrypted
    @Nullable private EncryptedPages.Header pendingEncrypted;
    // where prepareBody put the pending page's body
    private byte[] bodyBuffer;

    private int runIndex;
    private int position;
    private int dataPagesInRun;
    private PageHeader pending;
    private int pendingBody;
    private boolean dictionaryRead;
    @Nullable private PageHeader deferredDictionary;
    @Nullable private byte[] deferredDictionaryBuffer;
    private int deferredDictionaryBody;
    @Nullable private DictionaryPage inflatedDictionary;
    private int pageOrdinal = -1;
    private boolean dictionaryEncoded;
    private long valuesReturned;
    private int pagesReturned;
    private int pagesSkipped;
    private long pageFirstRow = -1;

    /**
     * @param totalValueCount the chunk's value count from the footer
     * @param runs the chunk's bytes, in file order
     */
    public ChunkPageReader(
            FileContext ctx,
            ColumnDescriptor column,
            Codec codec,
            long totalValueCount,
            PageLimits limits,
            List<PageRun> runs) {
        this(ctx, column, codec, totalValueCount, limits, runs, null);
    }

    /**
     * @param encrypted the chunk's encrypted pages, or null for a plaintext chunk
     */
    public ChunkPageReader(
            FileContext ctx,
            ColumnDescriptor column,
            Codec codec,
            long totalValueCount,
            PageLimits limits,
            List<PageRun> runs,
            @Nullable EncryptedPages encrypted) {
        this.ctx = ctx;
        this.declaredValueCount = totalValueCount;
        this.runs = runs;
        this.inflater = new PageInflater(ctx, codec, limits, column);
        this.encrypted = encrypted;
        this.verifyChecksums = limits.verifyChecksums();
        this.flat = column.getMaxRepetitionLevel() == 0;
    }

    @Override
    public DictionaryPage readDictionaryPage() {
        if (dictionaryRead) {
            return null;
        }
        dictionaryRead = true;
        try {
            PageHeader header = nextHeader();
            if (header == null || header.getType() != PageType.DICTIONARY_PAGE) {
                pending = header;
                return null;
            }
            int off = prepareBody(0, "Cannot read dictionary page");
            return inflater.dictionary(header, bodyBuffer, off);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads the chunk's dictionary page header and checks what needs no decompressing (sizes, CRC),
     * leaving the page's body to {@link #inflateDictionaryPage}, called only when a page that uses
     * the dictionary is met: a read of a few pages written after the writer fell back from the
     * dictionary never decompresses it. Takes the place of {@link #readDictionaryPage}.
     *
     * @return whether the chunk has a dictionary page
     */
    public boolean readDictionaryPageHeader() {
        if (dictionaryRead) {
            return deferredDictionary != null;
        }
        dictionaryRead = true;
        try {
            PageHeader header = nextHeader();
            if (header == null || header.getType() != PageType.DICTIONARY_PAGE) {
                pending = header;
                return false;
            }
            int off = prepareBody(0, "Cannot read dictionary page");
            inflater.checkDictionary(header, bodyBuffer, off);
            deferredDictionary = header;
            deferredDictionaryBuffer = bodyBuffer;
            deferredDictionaryBody = off;
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The dictionary page {@link #readDictionaryPageHeader} found, decompressed and walked once.
     */
    public DictionaryPage inflateDictionaryPage() {
        if (deferredDictionary == null) {
            throw new IllegalStateException("no dictionary page header was read");
        }
        if (inflatedDictionary == null) {
            try {
                inflatedDictionary =
                        inflater.inflateDictionary(
                                deferredDictionary,
                                deferredDictionaryBuffer,
                                deferredDictionaryBody);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return inflatedDictionary;
    }

    /**
     * Takes the place of {@link #inflateDictionaryPage} when another reader of this chunk checked
     * and decoded its dictionary page: pages walked here check their ids against {@code page}.
     */
    public void useDictionaryReadElsewhere(DictionaryPage page) {
        inflater.dictionaryReadElsewhere(page.getDictionarySize());
        inflatedDictionary = page;
    }

    /**
     * The values this reader will hand out: the footer's count for a whole chunk; for a chunk read
     * through its offset index, the sum over the loaded pages (parquet-column stops reading a
     * column when it has seen this many values). A leaf that repeats nowhere holds one value per
     * row, so that sum is the loaded pages' rows from the offset index, and each page's header is
     * held to its rows when the page is read ({@code checkIndexedValues}); any other leaf's headers
     * are walked once here to count.
     *
     * <p>Measured (the source suite's unsorted 1 % query, 9 flat columns, pqx's reader alone,
     * thread CPU, the code before and after paired in one JVM): counting from the offset index
     * rather than from a second parse of every loaded header saved about 1 % of the read over the
     * uncompressed and LZ4_RAW copies.
     */
    @Override
    public long getTotalValueCount() {
        if (totalValueCount < 0) {
            boolean paged = runs.stream().anyMatch(run -> run.firstRowIndexes() != null);
            if (!paged) {
                totalValueCount = declaredValueCount;
            } else if (flat && runs.stream().allMatch(run -> run.rowCounts() != null)) {
                totalValueCount = indexedRows();
            } else {
                try {
                    totalValueCount =
                            new PageHeaderScan(ctx, inflater, encrypted).countValues(runs);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return totalValueCount;
    }

    private long indexedRows() {
        long rows = 0;
        for (PageRun run : runs) {
            for (int count : run.rowCounts()) {
                rows += count;
            }
        }
        return rows;
    }

    /**
     * Holds a data page of a leaf that repeats nowhere, read through the offset index, to the rows
     * the index gives it: its value count was taken from those rows ({@link #getTotalValueCount}),
     * so a header that says otherwise, or a page the index does not list, is a damaged file, never
     * a shift of rows.
     */
    private void checkIndexedValues(PageRun run, int inRun, int values, int ordinal)
            throws CorruptFileException {
        if (!flat || run.rowCounts() == null) {
            return;
        }
        if (inRun >= run.rowCounts().length) {
            throw pagesBeyondIndex(run, run.rowCounts().length, ordinal);
        }
        int rows = run.rowCounts()[inRun];
        if (values != rows) {
            throw ctx.corrupt(
                    "Cannot read page " + ordinal,
                    "its header declares "
                            + values
                            + " values where the offset index gives it "
                            + rows
                            + " rows of a column with one value per row");
        }
    }

    /** How many data pages were handed out so far. */
    public int pagesReturned() {
        return pagesReturned;
    }

    /**
     * First row (within the row group) of the last data page handed out, from the offset index; -1
     * when the chunk was read whole.
     */
    public long currentPageFirstRow() {
        return pageFirstRow;
    }

    @Override
    public DataPage readPage() {
        return readPage(true);
    }

    /**
     * The next data page holding values (like {@link #readPage}, pages of no values are skipped),
     * its levels and values not yet walked: for a decoder that checks every read itself and
     * declines a page it cannot decode cleanly. Before such a page goes to parquet-column after
     * all, call {@link #checkPageForColumnReader}.
     *
     * <p>The page's bytes are valid only until the next data page is read from this reader (they
     * live in a buffer reused from page to page): the caller copies out what it keeps.
     */
    public DataPage readPageForBulkDecoding() {
        return readPage(false);
    }

    /**
     * Lets {@link #readPageForBulkDecoding} decompress pages into {@code buffer} (grown when a page
     * needs more) rather than into a buffer of its own: a buffer a reader of an earlier row group
     * gave back by {@link #releasePageBuffer}. Its previous contents are never handed out.
     */
    public void usePageBuffer(byte[] buffer) {
        inflater.adoptPageBuffer(buffer);
    }

    /**
     * Gives up the buffer data pages are decompressed into, for a reader of a later row group
     * ({@link #usePageBuffer}): call only when no page this reader handed out is used any more.
     * Later pages get a buffer of their own.
     */
    public byte[] releasePageBuffer() {
        return inflater.releasePageBuffer();
    }

    /**
     * Walks the last page {@link #readPageForBulkDecoding} handed out, as {@link #readPage} walks
     * every page: throws what parquet-column would otherwise fail on with an unchecked exception.
     */
    public void checkPageForColumnReader() {
        try {
            inflater.checkDeferred();
        } catch (CorruptFileException e) {
            throw new UncheckedIOException(e);
        }
    }

    private DataPage readPage(boolean walk) {
        dictionaryRead = true;
        try {
            while (true) {
                PageHeader header = pending;
                pending = null;
                if (header == null) {
                    skipExhaustedRuns();
                    header = nextHeader();
                }
                int ordinal = nextOrdinal();
                String what = "Cannot read page " + ordinal;
                if (header == null) {
                    throw ctx.corrupt(
                            what,
                            "the column chunk ends after "
                                    + valuesReturned
                                    + " of its "
                                    + getTotalValueCount()
                                    + " values");
                }
                PageType type = header.getType();
                if (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2) {
                    DataPage page = dataPage(header, ordinal, walk);
                    if (page.getValueCount() == 0) {
                        // a page of no values carries nothing, and parquet-column's reader,
                        // given one while values remain, reads a value from it anyway
                        continue;
                    }
                    return page;
                }
                if (type == PageType.DICTIONARY_PAGE) {
                    throw ctx.corrupt(what, "a dictionary page follows the first data page");
                }
                // INDEX_PAGE and page types from future versions carry nothing to decode
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The entries of the next data page, from its header alone, or -1 when the chunk has no more
     * pages; the page is left to be handed out next ({@link #readPageForBulkDecoding}) or passed
     * over ({@link #skipPage}). Pages of other kinds before it (index pages) are passed over.
     */
    public int peekPageValues() {
        dictionaryRead = true;
        try {
            while (true) {
                if (pending == null) {
                    skipExhaustedRuns();
                    pending = nextHeader();
                    if (pending == null) {
                        return -1;
                    }
                }
                PageType type = pending.getType();
                if (type == PageType.DATA_PAGE || type == PageType.DATA_PAGE_V2) {
                    int values =
                            type == PageType.DATA_PAGE
                                    ? pending.getData_page_header().getNum_values()
                                    : pending.getData_page_header_v2().getNum_values();
                    if (values < 0) {
                        throw ctx.corrupt(
                                "Cannot read page " + nextOrdinal(),
                                "its header declares " + values + " values");
                    }
                    return values;
                }
                if (type == PageType.DICTIONARY_PAGE) {
                    throw ctx.corrupt(
                            "Cannot read page " + nextOrdinal(),
                            "a dictionary page follows the first data page");
                }
                pending = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Passes over the data page {@link #peekPageValues} looked at, without decompressing or
     * checking its body (its values are not wanted), counting it as handed out.
     */
    public void skipPage() {
        int values = peekPageValues();
        if (values < 0) {
            throw new IllegalStateException("no page to skip");
        }
        PageRun run = run();
        int ordinal = nextOrdinal();
        try {
            checkIndexedValues(run, dataPagesInRun, values, ordinal);
        } catch (CorruptFileException e) {
            throw new UncheckedIOException(e);
        }
        pageFirstRow =
                run.firstRowIndexes() != null && dataPagesInRun < run.firstRowIndexes().length
                        ? run.firstRowIndexes()[dataPagesInRun]
                        : -1;
        dataPagesInRun++;
        pending = null;
        pageOrdinal = ordinal;
        pagesReturned++;
        pagesSkipped++;
        valuesReturned += values;
    }

    /** Data pages passed over by {@link #skipPage}, never decompressed. */
    public int pagesSkipped() {
        return pagesSkipped;
    }

    /** Ordinal (offset-index numbering) of the last data page handed out; -1 before the first. */
    public int currentPageOrdinal() {
        return pageOrdinal;
    }

    /** Whether the last data page handed out is dictionary-encoded. */
    public boolean currentPageDictionaryEncoded() {
        return dictionaryEncoded;
    }

    private DataPage dataPage(PageHeader header, int ordinal, boolean walk) throws IOException {
        PageRun run = run();
        long firstRow = -1;
        int rowCount = 0;
        if (run.firstRowIndexes() != null) {
            if (dataPagesInRun >= run.firstRowIndexes().length) {
                throw pagesBeyondIndex(run, run.firstRowIndexes().length, ordinal);
            }
            firstRow = run.firstRowIndexes()[dataPagesInRun];
            rowCount = run.rowCounts()[dataPagesInRun];
        }
        // before the body is inflated or walked: every path fails on a miscounted page alike (a
        // header without its data page header is left to the inflater to name)
        Integer values = valueCount(header);
        if (values != null) {
            checkIndexedValues(run, dataPagesInRun, values, ordinal);
        }
        dataPagesInRun++;
        int body = prepareBody(ordinal, "Cannot read page " + ordinal);
        DataPage page =
                header.getType() == PageType.DATA_PAGE
                        ? inflater.v1(
                                header, bodyBuffer, body, ordinal, firstRow, rowCount, walk, !walk)
                        : inflater.v2(header, bodyBuffer, body, ordinal, firstRow, walk, !walk);
        pageOrdinal = ordinal;
        pageFirstRow = firstRow;
        pagesReturned++;
        dictionaryEncoded = usesDictionary(header);
        valuesReturned += page.getValueCount();
        return page;
    }

    /** A data page past the {@code listed} pages the run's offset index lists. */
    private CorruptFileException pagesBeyondIndex(PageRun run, int listed, int ordinal) {
        return ctx.corrupt(
                "Cannot read page " + ordinal,
                "the offset index lists "
                        + listed
                        + " pages where the chunk holds more, at offset "
                        + (run.fileOffset() + pendingBody - run.offset()));
    }

    @Nullable
    private static Integer valueCount(PageHeader header) {
        if (header.getType() == PageType.DATA_PAGE) {
            return header.getData_page_header() == null
                    ? null
                    : header.getData_page_header().getNum_values();
        }
        return header.getData_page_header_v2() == null
                ? null
                : header.getData_page_header_v2().getNum_values();
    }

    private static boolean usesDictionary(PageHeader header) {
        Encoding e =
                header.getType() == PageType.DATA_PAGE
                        ? header.getData_page_header().getEncoding()
                        : header.getData_page_header_v2().getEncoding();
        return e == Encoding.PLAIN_DICTIONARY || e == Encoding.RLE_DICTIONARY;
    }

    /**
     * Ordinal of the data page at the reading position (runs know theirs from the offset index).
     */
    private int nextOrdinal() {
        PageRun run = runIndex < runs.size() ? runs.get(runIndex) : null;
        if (run != null && run.firstRowIndexes() != null) {
            return run.firstPageOrdinal() + dataPagesInRun;
        }
        return pageOrdinal + 1;
    }

    private void skipExhaustedRuns() {
        while (runIndex < runs.size() && position >= runs.get(runIndex).length()) {
            runIndex++;
            position = 0;
            dataPagesInRun = 0;
        }
    }

    private PageRun run() {
        return runs.get(runIndex);
    }

    /**
     * Puts the pending page's body into {@code bodyBuffer} and returns where it starts: the run's
     * buffer at {@code pendingBody}, or for an encrypted chunk the decrypted body, from 0.
     *
     * @param ordinal the page's data page ordinal (ignored for a dictionary page)
     */
    private int prepareBody(int ordinal, String what) throws IOException {
        if (encrypted == null) {
            bodyBuffer = run().buffer();
            return pendingBody;
        }
        bodyBuffer =
                encrypted.body(
                        pendingEncrypted,
                        run().buffer(),
                        pendingBody,
                        ordinal,
                        verifyChecksums,
                        ctx,
                        what);
        return 0;
    }

    /**
     * Parses the next page header (decrypting it first in an encrypted chunk) and checks its sizes,
     * leaving {@code pendingBody} at the page body and {@code position} after it; null at the end
     * of the chunk.
     */
    private PageHeader nextHeader() throws IOException {
        skipExhaustedRuns();
        if (runIndex >= runs.size()) {
            return null;
        }
        PageRun run = run();
        int start = run.offset() + position;
        int available = run.length() - position;
        if (encrypted != null) {
            EncryptedPages.Header stored =
                    encrypted.header(
                            run.buffer(),
                            start,
                            available,
                            run.fileOffset() + position,
                            nextOrdinal(),
                            ctx);
            PageHeader header = stored.plain();
            String what =
                    header.getType() == PageType.DICTIONARY_PAGE
                            ? "Cannot read dictionary page"
                            : "Cannot read page " + nextOrdinal();
            inflater.checkSizes(header, what, header.getCompressed_page_size());
            pendingEncrypted = stored;
            pendingBody = start + stored.length();
            position += stored.length() + stored.storedLength();
            return header;
        }
        // Bounded by the bytes left in the run: a lying string or list length inside the header
        // is refused before anything is allocated for it.
        PageHeader header = new PageHeader();
        int headerLength;
        try {
            headerLength = BoundedThrift.read(header, run.buffer(), start, available);
        } catch (IOException | RuntimeException e) {
            throw ctx.corrupt(
                    "Cannot read page header",
                    "invalid header at offset "
                            + (run.fileOffset() + position)
                            + ": "
                            + PageInflater.reason(e),
                    e);
        }
        String what =
                header.getType() == PageType.DICTIONARY_PAGE
                        ? "Cannot read dictionary page"
                        : "Cannot read page " + nextOrdinal();
        inflater.checkSizes(header, what, available - headerLength);
        pendingBody = start + headerLength;
        position += headerLength + header.getCompressed_page_size();
        return header;
    }
}
