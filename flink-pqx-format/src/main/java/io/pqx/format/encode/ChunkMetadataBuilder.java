package io.pqx.format.encode;

import io.pqx.format.page.PageHeaderWriter;
import io.pqx.format.stats.StatisticsConverter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Type;

/**
 * Builds the Thrift {@link ColumnChunk} of an {@link EncodedColumnChunk} placed at a known file
 * offset: physical type, encodings and per-page encoding counts, path, codec, value count, sizes,
 * page offsets and chunk statistics (truncated by {@link StatisticsConverter}). Index and bloom
 * filter locations are added later by {@link FileAssembler}, once written. Stateless.
 */
final class ChunkMetadataBuilder {
    private ChunkMetadataBuilder() {}

    static ColumnChunk build(
            EncodedColumnChunk chunk,
            long chunkStart,
            CompressionCodec codec,
            int statisticsTruncateLength) {
        return build(
                chunk,
                chunkStart,
                chunk.dictionaryPage().size(),
                chunk.totalCompressedSize(),
                codec,
                statisticsTruncateLength);
    }

    /**
     * The metadata of a chunk whose pages were written other than as {@code chunk} holds them
     * (encrypted): {@code dictionarySize} and {@code compressedSize} are the bytes written.
     */
    static ColumnChunk build(
            EncodedColumnChunk chunk,
            long chunkStart,
            long dictionarySize,
            long compressedSize,
            CompressionCodec codec,
            int statisticsTruncateLength) {
        ColumnDescriptor column = chunk.column();
        ColumnMetaData meta =
                new ColumnMetaData(
                        physicalType(column),
                        encodings(chunk),
                        new ArrayList<>(Arrays.asList(column.getPath())),
                        codec,
                        chunk.valueCount(),
                        chunk.totalUncompressedSize(),
                        compressedSize,
                        chunkStart + dictionarySize);
        if (chunk.dictionaryEncoding() != null) {
            meta.setDictionary_page_offset(chunkStart);
        }
        if (chunk.statistics() != null) {
            meta.setStatistics(
                    StatisticsConverter.toThrift(chunk.statistics(), statisticsTruncateLength));
        }
        meta.setEncoding_stats(encodingStats(chunk));
        // file_offset is deprecated; like parquet-java, point it at the first data page.
        ColumnChunk thrift = new ColumnChunk(chunkStart + dictionarySize);
        thrift.setMeta_data(meta);
        return thrift;
    }

    private static List<Encoding> encodings(EncodedColumnChunk chunk) {
        List<Encoding> out = new ArrayList<>();
        for (org.apache.parquet.column.Encoding e : chunk.encodings()) {
            out.add(PageHeaderWriter.thrift(e));
        }
        return out;
    }

    /** Like parquet-java, every data page counts as DATA_PAGE, v1 or v2. */
    private static List<PageEncodingStats> encodingStats(EncodedColumnChunk chunk) {
        List<PageEncodingStats> stats = new ArrayList<>();
        if (chunk.dictionaryEncoding() != null) {
            stats.add(
                    new PageEncodingStats(
                            PageType.DICTIONARY_PAGE,
                            PageHeaderWriter.thrift(chunk.dictionaryEncoding()),
                            1));
        }
        for (Map.Entry<org.apache.parquet.column.Encoding, Integer> e :
                chunk.dataPageEncodings().entrySet()) {
            stats.add(
                    new PageEncodingStats(
                            PageType.DATA_PAGE, PageHeaderWriter.thrift(e.getKey()), e.getValue()));
        }
        return stats;
    }

    private static Type physicalType(ColumnDescriptor column) {
        return switch (column.getPrimitiveType().getPrimitiveTypeName()) {
            case BOOLEAN -> Type.BOOLEAN;
            case INT32 -> Type.INT32;
            case INT64 -> Type.INT64;
            case INT96 -> Type.INT96;
            case FLOAT -> Type.FLOAT;
            case DOUBLE -> Type.DOUBLE;
            case BINARY -> Type.BYTE_ARRAY;
            case FIXED_LEN_BYTE_ARRAY -> Type.FIXED_LEN_BYTE_ARRAY;
        };
    }
}
