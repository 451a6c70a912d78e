package io.pqx.format.encode;

import io.pqx.format.page.EncodedPages;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * One column chunk, encoded and compressed in memory, not yet placed in a file: its bytes
 * (dictionary page first, then data pages) and everything the footer and indexes say about it.
 * Produced by {@link ColumnChunkEncoder}; {@link FileAssembler} writes the bytes and turns the rest
 * into Thrift metadata with absolute offsets. Immutable once produced.
 *
 * @param dictionaryPage header and body of the dictionary page; empty when there is none
 * @param totalUncompressedSize page headers plus uncompressed page bodies
 * @param valueCount values including nulls
 * @param encodings every encoding used (values, dictionary, levels where the column has any)
 * @param dataPageEncodings data page count per value encoding
 * @param dictionaryEncoding encoding of the dictionary page, null when there is none
 * @param statistics merged page statistics; null when statistics are disabled
 * @param offsetIndex page locations relative to the chunk's first byte; null when disabled
 */
@Internal
public record EncodedColumnChunk(
        int leafIndex,
        ColumnDescriptor column,
        EncodedPages dictionaryPage,
        EncodedPages dataPages,
        long totalUncompressedSize,
        long valueCount,
        Set<Encoding> encodings,
        Map<Encoding, Integer> dataPageEncodings,
        @Nullable Encoding dictionaryEncoding,
        @Nullable Statistics<?> statistics,
        @Nullable ColumnIndex columnIndex,
        @Nullable OffsetIndex offsetIndex,
        @Nullable BloomFilter bloomFilter) {

    /** Every byte of the chunk. */
    public long totalCompressedSize() {
        return dictionaryPage.size() + dataPages.size();
    }

    /** Bytes the chunk holds in memory until it is written: its pages and its bloom filter. */
    public long heldBytes() {
        return totalCompressedSize() + (bloomFilter == null ? 0 : bloomFilter.getBitsetSize());
    }
}
