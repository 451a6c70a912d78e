package io.pqx.bench.format;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.PageChecksumCount;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;

/**
 * What the report says about a written file: size, row groups, rows, writer, and per column the
 * compressed bytes and encodings, read from the footer with parquet-java (the same footer reader
 * for both files, so the facts are comparable). Immutable.
 *
 * @param bytes file length
 * @param rowGroups number of row groups
 * @param rows rows in the footer
 * @param createdBy the footer's {@code created_by}
 * @param columns per column path: compressed bytes over all row groups and encodings of the first
 * @param pageCrcs pages whose header carries a CRC over all pages, {@code k/n}, read from the page
 *     headers with pqx's {@link ParquetInspector#readPageChecksums}
 */
public record FileFacts(
        long bytes,
        int rowGroups,
        long rows,
        String createdBy,
        Map<String, String> columns,
        String pageCrcs) {

    /** Reads the facts of {@code file}. */
    public static FileFacts of(Path file) throws IOException {
        ParquetMetadata footer;
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
            footer = reader.getFooter();
        }
        Map<String, Long> compressed = new LinkedHashMap<>();
        Map<String, String> encodings = new LinkedHashMap<>();
        long rows = 0;
        for (BlockMetaData block : footer.getBlocks()) {
            rows += block.getRowCount();
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                String path = chunk.getPath().toDotString();
                compressed.merge(path, chunk.getTotalSize(), Long::sum);
                encodings.putIfAbsent(path, chunk.getEncodings().toString());
            }
        }
        Map<String, String> columns = new LinkedHashMap<>();
        compressed.forEach(
                (path, size) ->
                        columns.put(path, size + "B" + encodings.get(path).replace(" ", "")));
        return new FileFacts(
                Files.size(file),
                footer.getBlocks().size(),
                rows,
                footer.getFileMetaData().getCreatedBy(),
                columns,
                pageCrcs(file));
    }

    private static String pageCrcs(Path file) throws IOException {
        int pages = 0;
        int withCrc = 0;
        try (InputFile input =
                FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            ParquetInspector inspector = ParquetInspector.read(input, ReadOptions.defaults());
            for (RowGroupView rowGroup : inspector.metadata().rowGroups()) {
                for (ColumnChunkView chunk : rowGroup.columns()) {
                    PageChecksumCount crcs =
                            inspector.readPageChecksums(chunk.rowGroup(), chunk.leafIndex());
                    pages += crcs.pages();
                    withCrc += crcs.withCrc();
                }
            }
        }
        return withCrc + "/" + pages;
    }
}
