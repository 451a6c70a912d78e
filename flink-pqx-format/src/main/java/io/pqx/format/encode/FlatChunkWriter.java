package io.pqx.format.encode;

import io.pqx.format.page.ChunkPageWriter;
import io.pqx.format.page.FlatPageStatistics;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;

/**
 * pqx's own column writer for a leaf outside any repeated field (no repetition levels; nullable or
 * NOT NULL, top level or in structs) of type INT32, INT64, FLOAT, DOUBLE or BINARY, in data pages
 * v1 without a bloom filter: it takes a {@link LeafBuffer}'s typed arrays a run at a time instead
 * of one call chain per value, and writes the bytes parquet-column's column writer would (pinned by
 * tests that compare the two on the same values). What it reproduces:
 *
 * <ul>
 *   <li>definition levels RLE / bit-packed by parquet-column's own encoder, behind their length;
 *   <li>the page cuts of parquet-column's column store for a single column: a size check after the
 *       first {@code minRowCountForPageSizeCheck} rows, a cut when the page's PLAIN size is within
 *       10 % of the page size or it holds the page row limit, the next check half way to the
 *       estimated fill (between the minimum and maximum check distances) and no later than the row
 *       limit;
 *   <li>the values' encoding and the dictionary's fall back ({@link FlatValues});
 *   <li>page statistics: {@link FlatPageStatistics} where it is exact, parquet-column's own {@link
 *       Statistics} otherwise, none when statistics are off.
 * </ul>
 *
 * <p>Not thread-safe: one thread at a time, with happens-before between calls.
 */
final class FlatChunkWriter implements ColumnChunkEncoder.OpenChunk {
    /** parquet-column's tolerance: a page is cut within 10 % of the page size. */
    private static final float THRESHOLD_TOLERANCE_RATIO = 0.1f;

    private enum Kind {
        INT32,
        INT64,
        FLOAT,
        DOUBLE,
        BINARY
    }

    private final ColumnChunkEncoder encoder;
    private final ChunkPageWriter pages;
    private final Kind kind;
    private final PrimitiveType type;
    @Nullable private final FlatPageStatistics flatStatistics;

    /** Whether parquet-column's statistics are kept per page (statistics on, no flat ones). */
    private final boolean columnStatistics;

    private final FlatValues values;
    @Nullable private final Int32FlatValues int32s;
    @Nullable private final Int64FlatValues int64s;
    @Nullable private final BinaryFlatValues binaries;

    private final long pageSize;
    private final long tolerance;
    private final long pageRowLimit;
    private final long pageValueLimit;
    private final long minRowsToCheck;
    private final long maxRowsToCheck;
    private final boolean estimateNextCheck;

    /** Definition levels of the open page; null when the leaf has none (maximum level 0). */
    @Nullable private final RunLengthBitPackingHybridEncoder levels;

    private final int maxDefinition;

    private Statistics<?> pageStatistics;
    private long rowCount;
    private long rowsWritten;
    private int pageValues;
    private long nextSizeCheck;

    FlatChunkWriter(
            ColumnChunkEncoder encoder,
            ColumnDescriptor column,
            ChunkPageWriter pages,
            @Nullable FlatPageStatistics flatStatistics,
            boolean statisticsEnabled,
            ParquetProperties properties) {
        this.encoder = encoder;
        this.pages = pages;
        this.type = column.getPrimitiveType();
        this.flatStatistics = flatStatistics;
        this.columnStatistics = statisticsEnabled && flatStatistics == null;
        boolean dictionary = properties.isDictionaryEnabled(column);
        int maxDictionaryBytes = properties.getDictionaryPageSizeThreshold();
        this.kind =
                switch (type.getPrimitiveTypeName()) {
                    case INT32 -> Kind.INT32;
                    case INT64 -> Kind.INT64;
                    case FLOAT -> Kind.FLOAT;
                    case DOUBLE -> Kind.DOUBLE;
                    case BINARY -> Kind.BINARY;
                    default ->
                            throw new IllegalArgumentException(
                                    "Cannot write column "
                                            + column
                                            + " with the flat writer: "
                                            + type);
                };
        this.int32s =
                kind == Kind.INT32 || kind == Kind.FLOAT
                        ? new Int32FlatValues(dictionary, maxDictionaryBytes)
                        : null;
        this.int64s =
                kind == Kind.INT64 || kind == Kind.DOUBLE
                        ? new Int64FlatValues(dictionary, maxDictionaryBytes)
                        : null;
        this.binaries =
                kind == Kind.BINARY ? new BinaryFlatValues(dictionary, maxDictionaryBytes) : null;
        this.values = int32s != null ? int32s : int64s != null ? int64s : binaries;
        this.pageSize = properties.getPageSizeThreshold();
        this.tolerance = (long) (properties.getPageSizeThreshold() * THRESHOLD_TOLERANCE_RATIO);
        this.pageRowLimit = properties.getPageRowCountLimit();
        this.pageValueLimit = properties.getPageValueCountThreshold();
        this.minRowsToCheck = properties.getMinRowCountForPageSizeCheck();
        this.maxRowsToCheck = properties.getMaxRowCountForPageSizeCheck();
        this.estimateNextCheck = properties.estimateNextSizeCheck();
        this.nextSizeCheck = Math.max(1, minRowsToCheck);
        this.maxDefinition = column.getMaxDefinitionLevel();
        this.levels =
                maxDefinition == 0
                        ? null
                        : new RunLengthBitPackingHybridEncoder(
                                32 - Integer.numberOfLeadingZeros(maxDefinition),
                                64,
                                properties.getPageSizeThreshold(),
                                properties.getAllocator());
        this.pageStatistics = newPageStatistics();
    }

    /**
     * Whether {@code column} can take this writer under {@code properties} (v1 pages assumed by the
     * caller): a leaf without repetition levels of a supported type, without bloom filter or byte
     * stream split.
     */
    static boolean supports(
            ColumnDescriptor column, ParquetProperties properties, boolean bloomFilter) {
        if (column.getMaxRepetitionLevel() != 0
                || bloomFilter
                || properties.isByteStreamSplitEnabled(column)) {
            return false;
        }
        return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
            case INT32, INT64, FLOAT, DOUBLE, BINARY -> true;
            default -> false;
        };
    }

    @Override
    public void feed(LeafBuffer b) throws IOException {
        if (b.repetitionLevels != null) {
            throw new IllegalStateException(
                    "Cannot feed column "
                            + b.path
                            + ": the flat writer takes no repetition levels");
        }
        try {
            if (b.definitionLevels == null) {
                feedValues(b);
            } else {
                feedWithDefinitionLevels(b);
            }
        } catch (IllegalStateException e) {
            throw new IOException("Cannot encode column " + b.path + ": " + e.getMessage(), e);
        }
    }

    /** A leaf without levels: each value is a row. */
    private void feedValues(LeafBuffer b) throws IOException {
        int n = b.valueCount;
        int i = 0;
        while (i < n) {
            int end = (int) Math.min(n, i + (nextSizeCheck - rowCount));
            append(b, i, end);
            endRows(end - i);
            i = end;
        }
    }

    /**
     * A leaf with definition levels: each entry is a row, a value where its level is the maximum, a
     * null (of the leaf or of an ancestor) otherwise; values are dense in the buffer.
     */
    private void feedWithDefinitionLevels(LeafBuffer b) throws IOException {
        if (b.definitionLevels == null || levels == null) {
            throw new IllegalStateException("definition levels of a leaf without them");
        }
        short[] def = b.definitionLevels;
        int max = maxDefinition;
        RunLengthBitPackingHybridEncoder rle = levels;
        int n = b.levelCount;
        int i = 0;
        int value = 0;
        while (i < n) {
            int end = (int) Math.min(n, i + (nextSizeCheck - rowCount));
            int present = 0;
            for (int k = i; k < end; k++) {
                int d = def[k];
                rle.writeInt(d);
                if (d == max) {
                    present++;
                }
            }
            if (present > 0) {
                append(b, value, value + present);
                value += present;
            }
            int nulls = end - i - present;
            if (nulls > 0 && columnStatistics) {
                pageStatistics.incrementNumNulls(nulls);
            }
            endRows(end - i);
            i = end;
        }
    }

    /** Ends {@code rows} rows (one entry each) and checks the page size when due. */
    private void endRows(int rows) throws IOException {
        rowCount += rows;
        pageValues += rows;
        if (rowCount >= nextSizeCheck) {
            sizeCheck();
        }
    }

    @Override
    public long estimatedBytes() {
        return ColumnChunkEncoder.estimatedBytes(pages, bufferedBytes());
    }

    @Override
    public boolean giveUpUnpayingDictionary() {
        return values.giveUpUnpayingDictionary();
    }

    @Override
    public long heldBytes() {
        return pages.getMemSize()
                + (levels == null ? 0 : levels.getAllocatedSize())
                + values.heldBytes();
    }

    @Override
    public EncodedColumnChunk finish() throws IOException {
        if (rowCount > rowsWritten) {
            writePage();
        }
        DictionaryPage dictionary = values.dictionaryPage();
        if (dictionary != null) {
            pages.writeDictionaryPage(dictionary);
        }
        return encoder.chunkOf(pages);
    }

    private void append(LeafBuffer b, int from, int to) {
        switch (kind) {
            case INT32 -> {
                int32s.addInts(b.ints, from, to);
                if (flatStatistics != null) {
                    int[] v = b.ints;
                    for (int i = from; i < to; i++) {
                        flatStatistics.add(v[i]);
                    }
                } else if (columnStatistics) {
                    int[] v = b.ints;
                    for (int i = from; i < to; i++) {
                        pageStatistics.updateStats(v[i]);
                    }
                }
            }
            case INT64 -> {
                int64s.addLongs(b.longs, from, to);
                if (flatStatistics != null) {
                    long[] v = b.longs;
                    for (int i = from; i < to; i++) {
                        flatStatistics.add(v[i]);
                    }
                } else if (columnStatistics) {
                    long[] v = b.longs;
                    for (int i = from; i < to; i++) {
                        pageStatistics.updateStats(v[i]);
                    }
                }
            }
            case FLOAT -> {
                int32s.addFloats(b.floats, from, to);
                if (columnStatistics) {
                    float[] v = b.floats;
                    for (int i = from; i < to; i++) {
                        pageStatistics.updateStats(v[i]);
                    }
                }
            }
            case DOUBLE -> {
                int64s.addDoubles(b.doubles, from, to);
                if (columnStatistics) {
                    double[] v = b.doubles;
                    for (int i = from; i < to; i++) {
                        pageStatistics.updateStats(v[i]);
                    }
                }
            }
            case BINARY -> {
                binaries.addBinaries(b.bytes, b.offsets, from, to, flatStatistics);
                if (columnStatistics) {
                    byte[] bytes = b.bytes;
                    int[] offsets = b.offsets;
                    for (int i = from; i < to; i++) {
                        int start = offsets[i];
                        pageStatistics.updateStats(
                                Binary.fromReusedByteArray(bytes, start, offsets[i + 1] - start));
                    }
                }
            }
        }
    }

    /** The open page's size as parquet-column's column writer measures it. */
    private long bufferedBytes() {
        return (levels == null ? 0 : levels.getBufferedSize()) + values.rawBytes();
    }

    /** parquet-column's size check, for a store of this one column. */
    private void sizeCheck() throws IOException {
        long usedMem = bufferedBytes();
        long rows = rowCount - rowsWritten;
        long remainingMem = pageSize - usedMem;
        long nextRowCountCheck = rowCount + pageRowLimit;
        if (remainingMem <= tolerance || rows >= pageRowLimit || pageValues >= pageValueLimit) {
            writePage();
            remainingMem = pageSize;
        } else {
            nextRowCountCheck = Math.min(nextRowCountCheck, rowsWritten + pageRowLimit);
        }
        long rowsToFillPage = usedMem == 0 ? maxRowsToCheck : rows * remainingMem / usedMem;
        long minRecordToWait = rowsToFillPage == Long.MAX_VALUE ? minRowsToCheck : rowsToFillPage;
        if (estimateNextCheck) {
            nextSizeCheck =
                    rowCount
                            + Math.min(
                                    Math.max(minRecordToWait / 2, minRowsToCheck), maxRowsToCheck);
        } else {
            nextSizeCheck = rowCount + minRowsToCheck;
        }
        if (nextRowCountCheck < nextSizeCheck) {
            nextSizeCheck = nextRowCountCheck;
        }
        nextSizeCheck = Math.max(nextSizeCheck, rowCount + 1);
    }

    private void writePage() throws IOException {
        if (pageValues == 0) {
            throw new IllegalStateException("Cannot write an empty page");
        }
        rowsWritten += pageValues;
        BytesInput valueBytes = values.pageBytes();
        if (levels == null) {
            pages.writePage(
                    valueBytes,
                    pageValues,
                    pageValues,
                    pageStatistics,
                    null,
                    null,
                    Encoding.BIT_PACKED,
                    Encoding.BIT_PACKED,
                    values.pageEncoding());
        } else {
            BytesInput rle = levels.toBytes();
            pages.writePage(
                    BytesInput.concat(
                            BytesInput.fromInt(Math.toIntExact(rle.size())), rle, valueBytes),
                    pageValues,
                    pageValues,
                    pageStatistics,
                    null,
                    null,
                    Encoding.BIT_PACKED,
                    Encoding.RLE,
                    values.pageEncoding());
            levels.reset();
        }
        values.endPage();
        pageValues = 0;
        pageStatistics = newPageStatistics();
    }

    private Statistics<?> newPageStatistics() {
        return columnStatistics ? Statistics.createStats(type) : Statistics.noopStats(type);
    }
}
