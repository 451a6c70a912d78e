package io.pqx.format.metadata;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.options.Compression;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.flink.annotation.PublicEvolving;

/**
 * One column chunk of a row group, as the footer describes it (validated by pqx): which leaf it
 * holds, its codec and encodings, its sizes and where its pages, page index and bloom filter lie,
 * and what its statistics prove. Immutable.
 *
 * <p>Guarantees: {@code [startOffset(), startOffset() + totalCompressedSize())} lies between the
 * file's head magic and its footer; a recorded page index or bloom filter range that is impossible
 * is reported as absent. A dictionary page offset of 0, or one not before the first data page, is
 * not a dictionary offset (some writers record 0 when there is none).
 *
 * @param rowGroup the ordinal of the row group holding the chunk
 * @param leafIndex the chunk's leaf among the schema's leaves (and the row group's chunks)
 * @param path the leaf's dotted path, e.g. {@code tags.list.element}
 * @param physicalType how the values are stored
 * @param codecName the codec as the format names it ({@code ZSTD}, {@code SNAPPY}, {@code LZ4},
 *     {@code BROTLI}, ...; {@code UNKNOWN} for a codec id the format version pqx uses does not
 *     know)
 * @param encodings the encodings the footer declares for the chunk's pages, as the format names
 *     them ({@code PLAIN}, {@code RLE_DICTIONARY}, {@code RLE}, ...; {@code UNKNOWN} for an unknown
 *     id), in footer order
 * @param totalCompressedSize bytes of the chunk in the file, page headers included
 * @param totalUncompressedSize bytes of the chunk after decompression, page headers included
 * @param numValues values in the chunk, nulls included (for repeated leaves more than rows)
 * @param dataPageOffset offset of the first data page
 * @param dictionaryPageOffset offset of the dictionary page, when the footer records a plausible
 *     one
 * @param columnIndex where the chunk's column index lies, if it has one ({@code
 *     ParquetReader.readColumnIndex} reads it)
 * @param offsetIndex where the chunk's offset index lies, if it has one ({@code
 *     ParquetReader.readOffsetIndex} reads it)
 * @param bloomFilter where the chunk's bloom filter lies, if it has one ({@code
 *     ParquetReader.readBloomFilter} reads it)
 * @param statistics what the chunk's statistics prove
 */
@PublicEvolving
public record ColumnChunkView(
        int rowGroup,
        int leafIndex,
        String path,
        PhysicalType physicalType,
        String codecName,
        List<String> encodings,
        long totalCompressedSize,
        long totalUncompressedSize,
        long numValues,
        long dataPageOffset,
        OptionalLong dictionaryPageOffset,
        Optional<ByteRange> columnIndex,
        Optional<ByteRange> offsetIndex,
        Optional<ByteRange> bloomFilter,
        ChunkStatisticsView statistics) {

    public ColumnChunkView {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(physicalType, "physicalType");
        Objects.requireNonNull(codecName, "codecName");
        encodings = List.copyOf(encodings);
        Objects.requireNonNull(dictionaryPageOffset, "dictionaryPageOffset");
        Objects.requireNonNull(columnIndex, "columnIndex");
        Objects.requireNonNull(offsetIndex, "offsetIndex");
        Objects.requireNonNull(bloomFilter, "bloomFilter");
        Objects.requireNonNull(statistics, "statistics");
    }

    /**
     * The codec as pqx's writer option, when it is one pqx writes (LZ4, BROTLI and LZO are not).
     */
    public Optional<Compression> compression() {
        for (Compression c : Compression.values()) {
            if (c.name().equals(codecName)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Whether the chunk has a column index. */
    public boolean hasColumnIndex() {
        return columnIndex.isPresent();
    }

    /** Whether the chunk has an offset index. */
    public boolean hasOffsetIndex() {
        return offsetIndex.isPresent();
    }

    /** Whether the chunk has a bloom filter (of any kind: the reader reads only the format's). */
    public boolean hasBloomFilter() {
        return bloomFilter.isPresent();
    }

    /**
     * Where the chunk's first page starts: the dictionary page if any, else the first data page.
     */
    public long startOffset() {
        return dictionaryPageOffset.orElse(dataPageOffset);
    }

    /**
     * Whether the chunk's pages start with a dictionary page, as the footer says: a dictionary page
     * offset, or a dictionary encoding ({@code PLAIN_DICTIONARY}, {@code RLE_DICTIONARY}) declared.
     */
    public boolean hasDictionary() {
        return dictionaryPageOffset.isPresent()
                || encodings.contains("PLAIN_DICTIONARY")
                || encodings.contains("RLE_DICTIONARY");
    }
}
