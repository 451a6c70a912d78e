package io.pqx.format.encode;

import io.pqx.format.codec.Codec;
import io.pqx.format.codec.Codecs;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.page.ChunkPageSettings;
import io.pqx.format.page.ChunkPageWriter;
import io.pqx.format.page.FlatPageStatistics;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import java.io.IOException;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.column.impl.ColumnWriteStoreV1;
import org.apache.parquet.column.impl.ColumnWriteStoreV2;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;
import org.apache.parquet.io.ParquetEncodingException;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Encodes one leaf's {@link LeafBuffer} into an {@link EncodedColumnChunk}. Flat NOT NULL leaves of
 * INT32, INT64, FLOAT, DOUBLE and BINARY in v1 pages without a bloom filter take pqx's own {@link
 * FlatChunkWriter}; every other leaf takes parquet-column's column writer, a {@code
 * ColumnWriteStoreV1}/{@code V2} over a schema holding only this leaf's path (so its levels are the
 * file's), writing pages into a {@link ChunkPageWriter}. Page cuts, dictionary fallback, statistics
 * and bloom filter are parquet-column's (reproduced by the flat writer, byte for byte); they depend
 * on this column's values only, so a chunk's bytes do not depend on which thread encodes it or on
 * the other columns.
 *
 * <p>Built once per leaf per file by {@link IncrementalRowGroupEncoder}; immutable and thread-safe:
 * {@link #encode} and {@link #open} create their own state per call.
 */
final class ColumnChunkEncoder {
    private static final int MAX_BLOOM_FILTER_BYTES = 1 << 20;

    private final PrimitiveNode leaf;
    private final MessageType leafSchema;
    private final ColumnDescriptor column;
    private final ParquetProperties properties;
    private final ChunkPageSettings pageSettings;
    private final PageVersion pageVersion;
    private final boolean statisticsEnabled;

    /** Whether the feeder computes the page statistics (see {@link FlatPageStatistics}). */
    private final boolean feederStatistics;

    /** Whether chunks are written by pqx's {@link FlatChunkWriter}. */
    private final boolean flatWriter;

    /** The bloom filter bitset each open chunk of this leaf holds; 0 without a filter. */
    private final long bloomFilterBytes;

    ColumnChunkEncoder(
            PrimitiveNode leaf, MessageType fileSchema, WriteOptions options, Codec codec) {
        this.leaf = leaf;
        this.leafSchema = leafSchema(fileSchema, leaf.column().getPath());
        this.column = leafSchema.getColumns().get(0);
        this.feederStatistics =
                options.statisticsEnabled() && FlatPageStatistics.forColumn(column) != null;
        this.properties =
                properties(
                        options,
                        options.bloomFilters().get(leaf.path()),
                        options.statisticsEnabled() && !feederStatistics);
        this.pageSettings =
                new ChunkPageSettings(
                        codec,
                        options.pageChecksums(),
                        options.pageIndexEnabled() && options.statisticsEnabled(),
                        options.pageIndexEnabled(),
                        options.columnIndexTruncateLength());
        this.pageVersion = options.pageVersion();
        this.statisticsEnabled = options.statisticsEnabled();
        BloomFilterSpec bloom = options.bloomFilters().get(leaf.path());
        this.bloomFilterBytes = bloom == null ? 0 : bloomFilterBytes(bloom);
        this.flatWriter =
                pageVersion == PageVersion.V1
                        && FlatChunkWriter.supports(
                                column,
                                properties,
                                options.bloomFilters().get(leaf.path()) != null);
    }

    /**
     * One encoder per leaf of {@code schema}, in leaf order, sharing one codec.
     *
     * @throws IllegalArgumentException if {@code options.bloomFilters()} names a path that is not a
     *     leaf of {@code schema}
     */
    static ColumnChunkEncoder[] forLeaves(ParquetSchema schema, WriteOptions options) {
        LeafPaths.checkBloomFilterPaths(schema, options.bloomFilters().keySet());
        Codec codec = Codecs.forWriting(options.codec(), options.compressionLevel());
        List<PrimitiveNode> leaves = schema.leaves();
        ColumnChunkEncoder[] encoders = new ColumnChunkEncoder[leaves.size()];
        for (int i = 0; i < encoders.length; i++) {
            encoders[i] =
                    new ColumnChunkEncoder(leaves.get(i), schema.messageType(), options, codec);
        }
        return encoders;
    }

    /** Encodes and compresses the buffered values of one row group. */
    EncodedColumnChunk encode(LeafBuffer buffer) throws IOException {
        OpenChunk chunk = open();
        chunk.feed(buffer);
        return chunk.finish();
    }

    /**
     * Starts a chunk that takes the row group's values in several slices, in order: pqx's own
     * {@link FlatChunkWriter} where it applies, parquet-column's column store otherwise. Both write
     * the same bytes.
     */
    OpenChunk open() {
        return flatWriter ? openFlat() : openStore();
    }

    /** A chunk written by parquet-column's column store, whatever the column. */
    OpenChunk openStore() {
        return new StoreChunk();
    }

    /** A chunk written by {@link FlatChunkWriter}; only where {@link #usesFlatWriter()}. */
    OpenChunk openFlat() {
        if (!flatWriter) {
            throw new IllegalStateException(
                    "Cannot write column " + leaf.path() + " with the flat writer");
        }
        FlatPageStatistics flatStatistics =
                feederStatistics ? FlatPageStatistics.forColumn(column) : null;
        return new FlatChunkWriter(
                this,
                column,
                new ChunkPageWriter(column, pageSettings, flatStatistics),
                flatStatistics,
                statisticsEnabled,
                properties);
    }

    /** Whether {@link #open()} gives a {@link FlatChunkWriter}. */
    boolean usesFlatWriter() {
        return flatWriter;
    }

    /**
     * One column chunk being encoded. Feeding the slices of a row group one after the other gives
     * the same bytes as feeding them as one buffer (slices end at row boundaries). Not thread-safe:
     * one thread at a time, with happens-before between calls (the caller chains them).
     */
    interface OpenChunk {
        /** Encodes the next rows of the chunk; the buffer may be reused once this returns. */
        void feed(LeafBuffer buffer) throws IOException;

        /**
         * The chunk's estimated size in the file so far: the compressed pages written, plus the
         * open page's buffered values scaled by the compression seen on this chunk's pages (1:1
         * before its first page). The dictionary page, written at {@link #finish()}, is not in it.
         * Depends on the values fed only, not on timing or threads.
         */
        long estimatedBytes();

        /**
         * Bytes the chunk holds in memory now: its compressed pages, the open page's buffered
         * values and levels, its dictionary and its bloom filter bitset. Asked after each slice.
         */
        long heldBytes();

        /**
         * Frees the chunk's dictionary if no page has used it and it shows it will not pay (see
         * {@code FlatValues.giveUpUnpayingDictionary}); the rest of the chunk is PLAIN. Chunks on
         * parquet-column's writers (nested or nullable leaves) cannot be made to fall back: they
         * keep theirs. Called under memory pressure only.
         *
         * @return whether a dictionary was given up
         */
        boolean giveUpUnpayingDictionary();

        /** Flushes the last page and returns the chunk; the chunk takes no more values. */
        EncodedColumnChunk finish() throws IOException;
    }

    /** A chunk on a parquet-column store over a {@link ChunkPageWriter}. */
    private final class StoreChunk implements OpenChunk {
        @Nullable
        private final FlatPageStatistics pageStatistics =
                feederStatistics ? FlatPageStatistics.forColumn(column) : null;

        private final ChunkPageWriter pages =
                new ChunkPageWriter(column, pageSettings, pageStatistics);
        private final ColumnWriteStore store =
                pageVersion == PageVersion.V1
                        ? new ColumnWriteStoreV1(leafSchema, pages, pages, properties)
                        : new ColumnWriteStoreV2(leafSchema, pages, pages, properties);
        private final ColumnWriter writer = store.getColumnWriter(column);

        @Override
        public void feed(LeafBuffer buffer) throws IOException {
            try {
                LeafFeeder.feed(buffer, writer, store, pageStatistics);
            } catch (ParquetEncodingException e) {
                writer.close();
                throw failure(e);
            }
        }

        @Override
        public long estimatedBytes() {
            long written = pages.getMemSize();
            return ColumnChunkEncoder.estimatedBytes(
                    pages, Math.max(0, store.getBufferedSize() - written));
        }

        /** parquet-column's dictionary writers fall back only by their own size rule. */
        @Override
        public boolean giveUpUnpayingDictionary() {
            return false;
        }

        @Override
        public long heldBytes() {
            // The store's allocated size counts the levels' and values' buffers, the dictionary
            // and the page writer's compressed pages; the bloom filter bitset is held beside it.
            return store.getAllocatedSize() + bloomFilterBytes;
        }

        @Override
        public EncodedColumnChunk finish() throws IOException {
            try {
                store.flush();
            } catch (ParquetEncodingException e) {
                throw failure(e);
            } finally {
                // Not store.close(): it would flush (and finalize the dictionary) a second time.
                writer.close();
            }
            return chunkOf(pages);
        }

        private IOException failure(ParquetEncodingException e) {
            return new IOException(
                    "Cannot encode column " + leaf.path() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The chunk's estimated size: the compressed pages written plus {@code openPage} buffered bytes
     * scaled by the compression seen on its pages (1:1 before its first page).
     */
    static long estimatedBytes(ChunkPageWriter pages, long openPage) {
        long written = pages.getMemSize();
        long uncompressed = pages.totalUncompressedSize();
        if (uncompressed <= 0) {
            return written + openPage;
        }
        return written + (long) ((double) openPage * pages.totalCompressedSize() / uncompressed);
    }

    /** The finished chunk whose pages {@code pages} holds. */
    EncodedColumnChunk chunkOf(ChunkPageWriter pages) {
        return new EncodedColumnChunk(
                leaf.leafIndex(),
                column,
                pages.dictionaryPage(),
                pages.dataPages(),
                pages.totalUncompressedSize(),
                pages.valueCount(),
                pages.encodings(),
                pages.dataPageEncodings(),
                pages.dictionaryEncoding(),
                statisticsEnabled ? pages.statistics() : null,
                pages.columnIndex(),
                relativeToChunk(pages),
                pages.bloomFilter());
    }

    /** The offset index shifted past the dictionary page: relative to the chunk's first byte. */
    @Nullable
    private static OffsetIndex relativeToChunk(ChunkPageWriter pages) {
        OffsetIndex index = pages.offsetIndex();
        if (index == null) {
            return null;
        }
        return OffsetIndexBuilder.getBuilder()
                .fromOffsetIndex(index)
                .build(pages.dictionaryPage().size());
    }

    /**
     * The column writer's properties; {@code columnWriterStatistics} is false when statistics are
     * off or the feeder computes them.
     */
    private static ParquetProperties properties(
            WriteOptions options, @Nullable BloomFilterSpec bloom, boolean columnWriterStatistics) {
        int pageRows = options.pageRowLimit();
        ParquetProperties.Builder b =
                ParquetProperties.builder()
                        .withWriterVersion(
                                options.pageVersion() == PageVersion.V1
                                        ? WriterVersion.PARQUET_1_0
                                        : WriterVersion.PARQUET_2_0)
                        .withPageSize(options.pageSizeBytes())
                        .withPageRowCountLimit(pageRows)
                        // The first size check must come no later than the row limit, or the first
                        // page
                        // of a column with a small limit would hold the default 100 rows.
                        .withMinRowCountForPageSizeCheck(Math.min(100, pageRows))
                        .withDictionaryEncoding(options.dictionaryEnabled())
                        .withDictionaryPageSize(options.dictionaryPageSizeBytes())
                        .withStatisticsEnabled(columnWriterStatistics)
                        .withStatisticsTruncateLength(options.statisticsTruncateLength())
                        .withColumnIndexTruncateLength(options.columnIndexTruncateLength())
                        .withSizeStatisticsEnabled(false)
                        .withPageWriteChecksumEnabled(options.pageChecksums())
                        .withBloomFilterEnabled(bloom != null);
        if (bloom != null) {
            // The store holds this one column, so the global maximum is this column's size:
            // that avoids ParquetProperties' per-column keys, which split names on dots.
            b.withMaxBloomFilterBytes(bloomFilterBytes(bloom));
        }
        return b.build();
    }

    /** The bitset size parquet-java would choose for (ndv, fpp): a power of two, 32 B to 1 MiB. */
    static int bloomFilterBytes(BloomFilterSpec spec) {
        int bytes = BlockSplitBloomFilter.optimalNumOfBits(spec.ndv(), spec.fpp()) / 8;
        bytes = Math.max(32, Math.min(MAX_BLOOM_FILTER_BYTES, bytes));
        if (Integer.bitCount(bytes) != 1) {
            bytes = Math.min(MAX_BLOOM_FILTER_BYTES, Integer.highestOneBit(bytes) << 1);
        }
        return bytes;
    }

    /** The file schema cut down to the groups on {@code path} and its leaf; levels unchanged. */
    static MessageType leafSchema(MessageType file, String[] path) {
        Type[] chain = new Type[path.length];
        GroupType group = file;
        for (int i = 0; i < path.length; i++) {
            chain[i] = group.getType(path[i]);
            if (i + 1 < path.length) {
                group = chain[i].asGroupType();
            }
        }
        Type current = chain[path.length - 1];
        for (int i = path.length - 2; i >= 0; i--) {
            current = new GroupType(chain[i].getRepetition(), chain[i].getName(), current);
        }
        return new MessageType(file.getName(), current);
    }
}
