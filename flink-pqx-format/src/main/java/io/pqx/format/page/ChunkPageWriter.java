package io.pqx.format.page;

import io.pqx.format.page.PageHeaderWriter.PageSizes;
import io.pqx.format.page.PageHeaderWriter.V2Layout;
import java.io.IOException;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageWriteStore;
import org.apache.parquet.column.page.PageWriter;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.statistics.geospatial.GeospatialStatistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriteStore;
import org.apache.parquet.column.values.bloomfilter.BloomFilterWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.ColumnIndexBuilder;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;

/**
 * The page sink of exactly one column chunk: parquet-column's column writer hands it each encoded
 * page, which it compresses, prefixes with a Thrift page header and keeps in memory, recording what
 * the chunk metadata needs (sizes, value count, encodings, merged statistics, the column and offset
 * index, the bloom filter). Because the chunk holds a single column, this object is also its own
 * {@link PageWriteStore} and {@link BloomFilterWriteStore}.
 *
 * <p>The dictionary page arrives last (when the chunk is finalized) but belongs first in the file,
 * so it is kept apart: {@link #dictionaryPage()} then {@link #dataPages()}. Offset-index offsets
 * are relative to the first data page; the assembler shifts them when it places the chunk.
 *
 * <p>Created per column chunk by the column chunk encoder; not thread-safe (one encoding thread).
 */
@Internal
public final class ChunkPageWriter
        implements PageWriter, PageWriteStore, BloomFilterWriteStore, BloomFilterWriter {
    private final ColumnDescriptor column;
    private final ChunkPageSettings settings;
    private final boolean compresses;
    private final EncodedPages dictionary = new EncodedPages();
    private final EncodedPages data = new EncodedPages();
    private final Set<Encoding> encodings = EnumSet.noneOf(Encoding.class);
    private final Map<Encoding, Integer> dataPageEncodings = new EnumMap<>(Encoding.class);
    private final ColumnIndexBuilder columnIndex;
    private final OffsetIndexBuilder offsetIndex;

    /** A thread keeps its scratch buffer up to this size (pages are usually about 1 MiB). */
    private static final int MAX_KEPT_SCRATCH_BYTES = 8 << 20;

    /**
     * Pages are gathered here before compression. One per thread rather than per chunk: a chunk
     * only uses it inside {@link #compress}, and an open row group has a chunk per column, so a
     * per-chunk buffer the size of the largest page would be held once per column.
     */
    private static final ThreadLocal<PageScratch> SCRATCH =
            ThreadLocal.withInitial(PageScratch::new);

    private final CRC32 crc = new CRC32();

    /** The page statistics the feeder computes, replacing parquet-column's; null if it does not. */
    @Nullable private final FlatPageStatistics flatStatistics;

    @Nullable private Encoding dictionaryEncoding;
    @Nullable private Statistics<?> statistics;
    @Nullable private BloomFilter bloomFilter;
    private long uncompressedSize;
    private long valueCount;
    private int dataPageCount;

    public ChunkPageWriter(ColumnDescriptor column, ChunkPageSettings settings) {
        this(column, settings, null);
    }

    /**
     * A page writer whose page statistics come from {@code flatStatistics} (filled by the feeder)
     * instead of the column writer's, which must then have statistics off; null for the latter.
     */
    public ChunkPageWriter(
            ColumnDescriptor column,
            ChunkPageSettings settings,
            @Nullable FlatPageStatistics flatStatistics) {
        this.column = column;
        this.flatStatistics = flatStatistics;
        this.settings = settings;
        this.compresses = settings.codec().name() != CompressionCodecName.UNCOMPRESSED;
        this.columnIndex =
                settings.columnIndex()
                        ? ColumnIndexBuilder.getBuilder(
                                column.getPrimitiveType(), settings.columnIndexTruncateLength())
                        : ColumnIndexBuilder.getNoOpBuilder();
        this.offsetIndex =
                settings.offsetIndex()
                        ? OffsetIndexBuilder.getBuilder()
                        : OffsetIndexBuilder.getNoOpBuilder();
    }

    // ---- PageWriter: called by parquet-column's ColumnWriterV1 / V2 ----

    @Override
    public void writePage(
            BytesInput bytes,
            int valueCount,
            int rowCount,
            Statistics<?> stats,
            SizeStatistics sizeStats,
            GeospatialStatistics geoStats,
            Encoding rlEncoding,
            Encoding dlEncoding,
            Encoding valuesEncoding)
            throws IOException {
        int uncompressed = pageSize(bytes.size());
        byte[] body = compress(bytes);
        long checksum = settings.checksums() ? checksum(body) : PageHeaderWriter.NO_CRC;
        byte[] header =
                PageHeaderWriter.dataPageV1(
                        new PageSizes(uncompressed, body.length, checksum),
                        valueCount,
                        rlEncoding,
                        dlEncoding,
                        valuesEncoding);
        data.add(header);
        data.add(body);
        if (column.getMaxRepetitionLevel() > 0) {
            encodings.add(rlEncoding);
        }
        if (column.getMaxDefinitionLevel() > 0) {
            encodings.add(dlEncoding);
        }
        recordDataPage(
                header.length + (long) uncompressed,
                header.length + body.length,
                valueCount,
                rowCount,
                stats,
                valuesEncoding);
    }

    @Override
    public void writePageV2(
            int rowCount,
            int nullCount,
            int valueCount,
            BytesInput repetitionLevels,
            BytesInput definitionLevels,
            Encoding dataEncoding,
            BytesInput values,
            Statistics<?> stats,
            SizeStatistics sizeStats,
            GeospatialStatistics geoStats)
            throws IOException {
        byte[] rl = repetitionLevels.toByteArray();
        byte[] dl = definitionLevels.toByteArray();
        int valuesSize = pageSize(values.size());
        byte[] body = compress(values);
        long checksum = PageHeaderWriter.NO_CRC;
        if (settings.checksums()) {
            crc.reset();
            crc.update(rl);
            crc.update(dl);
            crc.update(body);
            checksum = crc.getValue();
        }
        int levels = rl.length + dl.length;
        byte[] header =
                PageHeaderWriter.dataPageV2(
                        new PageSizes(
                                pageSize((long) levels + valuesSize),
                                pageSize((long) levels + body.length),
                                checksum),
                        new V2Layout(valueCount, nullCount, rowCount, rl.length, dl.length),
                        dataEncoding,
                        compresses);
        data.add(header);
        data.add(rl);
        data.add(dl);
        data.add(body);
        if (levels > 0) {
            encodings.add(Encoding.RLE);
        }
        recordDataPage(
                header.length + (long) levels + valuesSize,
                header.length + (long) levels + body.length,
                valueCount,
                rowCount,
                stats,
                dataEncoding);
    }

    @Override
    public void writeDictionaryPage(DictionaryPage page) throws IOException {
        if (dictionaryEncoding != null) {
            throw new IOException("Cannot write column " + column + ": a second dictionary page");
        }
        BytesInput bytes = page.getBytes();
        int uncompressed = pageSize(bytes.size());
        byte[] body = compress(bytes);
        long checksum = settings.checksums() ? checksum(body) : PageHeaderWriter.NO_CRC;
        byte[] header =
                PageHeaderWriter.dictionaryPage(
                        new PageSizes(uncompressed, body.length, checksum),
                        page.getDictionarySize(),
                        page.getEncoding());
        dictionary.add(header);
        dictionary.add(body);
        dictionaryEncoding = page.getEncoding();
        encodings.add(page.getEncoding());
        uncompressedSize += header.length + (long) uncompressed;
    }

    private void recordDataPage(
            long uncompressed,
            long compressed,
            int values,
            int rows,
            Statistics<?> columnWriterStats,
            Encoding valuesEncoding) {
        Statistics<?> stats =
                flatStatistics != null ? flatStatistics.takePage() : columnWriterStats;
        uncompressedSize += uncompressed;
        valueCount += values;
        dataPageCount++;
        encodings.add(valuesEncoding);
        dataPageEncodings.merge(valuesEncoding, 1, Integer::sum);
        if (statistics == null) {
            statistics = stats.copy();
        } else {
            statistics.mergeStatistics(stats);
        }
        columnIndex.add(stats);
        offsetIndex.add(Math.toIntExact(compressed), rows);
    }

    @Override
    public void writePage(
            BytesInput bytes,
            int valueCount,
            int rowCount,
            Statistics<?> stats,
            SizeStatistics sizeStats,
            Encoding rl,
            Encoding dl,
            Encoding values)
            throws IOException {
        writePage(bytes, valueCount, rowCount, stats, sizeStats, null, rl, dl, values);
    }

    @Override
    public void writePage(
            BytesInput bytes,
            int valueCount,
            int rowCount,
            Statistics<?> stats,
            Encoding rl,
            Encoding dl,
            Encoding values)
            throws IOException {
        writePage(bytes, valueCount, rowCount, stats, null, null, rl, dl, values);
    }

    @Override
    @Deprecated
    public void writePage(
            BytesInput bytes,
            int valueCount,
            Statistics<?> stats,
            Encoding rl,
            Encoding dl,
            Encoding values) {
        // Without a row count there is no offset index: parquet-column never calls this.
        throw new UnsupportedOperationException("Cannot write a page without its row count");
    }

    @Override
    public void writePageV2(
            int rowCount,
            int nullCount,
            int valueCount,
            BytesInput rl,
            BytesInput dl,
            Encoding dataEncoding,
            BytesInput values,
            Statistics<?> stats,
            SizeStatistics sizeStats)
            throws IOException {
        writePageV2(
                rowCount,
                nullCount,
                valueCount,
                rl,
                dl,
                dataEncoding,
                values,
                stats,
                sizeStats,
                null);
    }

    @Override
    public void writePageV2(
            int rowCount,
            int nullCount,
            int valueCount,
            BytesInput rl,
            BytesInput dl,
            Encoding dataEncoding,
            BytesInput values,
            Statistics<?> stats)
            throws IOException {
        writePageV2(
                rowCount, nullCount, valueCount, rl, dl, dataEncoding, values, stats, null, null);
    }

    @Override
    public long getMemSize() {
        return data.size() + dictionary.size();
    }

    @Override
    public long allocatedSize() {
        return getMemSize();
    }

    @Override
    public String memUsageString(String prefix) {
        return prefix + " ChunkPageWriter " + column + ": " + getMemSize() + " bytes";
    }

    // ---- the stores of this single column ----

    @Override
    public PageWriter getPageWriter(ColumnDescriptor path) {
        return forThisColumn(path);
    }

    @Override
    public BloomFilterWriter getBloomFilterWriter(ColumnDescriptor path) {
        return forThisColumn(path);
    }

    /** Nothing to release: the pages stay in memory until the chunk is placed. */
    @Override
    public void close() {}

    @Override
    public void writeBloomFilter(BloomFilter filter) {
        this.bloomFilter = filter;
    }

    private ChunkPageWriter forThisColumn(ColumnDescriptor path) {
        if (!column.equals(path)) {
            throw new IllegalArgumentException(
                    "Cannot write column " + path + " through the page writer of " + column);
        }
        return this;
    }

    // ---- compression ----

    private byte[] compress(BytesInput bytes) throws IOException {
        PageScratch scratch = SCRATCH.get();
        scratch.reset();
        try {
            bytes.writeAllTo(scratch);
            return settings.codec().compress(scratch.array(), 0, scratch.size());
        } finally {
            if (scratch.array().length > MAX_KEPT_SCRATCH_BYTES) {
                // An unusually large page: do not keep its buffer for the thread's lifetime.
                SCRATCH.remove();
            }
        }
    }

    private long checksum(byte[] body) {
        crc.reset();
        crc.update(body);
        return crc.getValue();
    }

    private int pageSize(long size) throws IOException {
        if (size > Integer.MAX_VALUE) {
            throw new IOException(
                    "Cannot write column "
                            + column
                            + ": a page of "
                            + size
                            + " bytes is over 2 GiB");
        }
        return (int) size;
    }

    // ---- results, read by the column chunk encoder once the column writer is flushed ----

    /** The dictionary page (header and body), empty when the chunk has none. */
    public EncodedPages dictionaryPage() {
        return dictionary;
    }

    public EncodedPages dataPages() {
        return data;
    }

    public boolean hasDictionaryPage() {
        return dictionaryEncoding != null;
    }

    @Nullable
    public Encoding dictionaryEncoding() {
        return dictionaryEncoding;
    }

    /** Sum of page headers and uncompressed page bodies, as {@code total_uncompressed_size}. */
    public long totalUncompressedSize() {
        return uncompressedSize;
    }

    /** Every byte of the chunk, as {@code total_compressed_size}. */
    public long totalCompressedSize() {
        return dictionary.size() + data.size();
    }

    /** Values including nulls, as {@code num_values}. */
    public long valueCount() {
        return valueCount;
    }

    public int dataPageCount() {
        return dataPageCount;
    }

    /** Every encoding the chunk uses: values, dictionary, and levels where the column has any. */
    public Set<Encoding> encodings() {
        return EnumSet.copyOf(encodings.isEmpty() ? EnumSet.of(Encoding.PLAIN) : encodings);
    }

    /** Data page count per value encoding. */
    public Map<Encoding, Integer> dataPageEncodings() {
        return new EnumMap<>(dataPageEncodings);
    }

    /** The merge of all page statistics; null if no page was written. */
    @Nullable
    public Statistics<?> statistics() {
        return statistics;
    }

    /** The column index, or null when not collected or not valid (e.g. no statistics). */
    @Nullable
    public ColumnIndex columnIndex() {
        return settings.columnIndex() ? columnIndex.build() : null;
    }

    /** The offset index with offsets relative to the first data page, or null if not collected. */
    @Nullable
    public OffsetIndex offsetIndex() {
        return settings.offsetIndex() ? offsetIndex.build() : null;
    }

    @Nullable
    public BloomFilter bloomFilter() {
        return bloomFilter;
    }
}
