package io.pqx.bench.source;

import io.pqx.format.ParquetInspector;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.PageChecksumCount;
import io.pqx.format.metadata.Repetition;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.flink.core.fs.Path;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;

/**
 * The layout of a file another writer wrote, as suite {@code source} reports it before reading it:
 * size, writer, row groups, codecs, data pages per column chunk (median and max, the dictionary
 * page not counted) and their mean uncompressed size, the encodings per column, how many chunks
 * carry a page index (column and offset index) and a dictionary page, how many pages carry a CRC,
 * how many columns are OPTIONAL, and the data page versions of the first row group. Read from the
 * footer and the page headers with pqx's {@link ParquetInspector} (no page body read); the page
 * versions with parquet-java, which reads the first row group's pages. Immutable.
 */
record FileLayout(
        long bytes,
        String createdBy,
        int rowGroups,
        Set<String> codecs,
        int medianDataPages,
        int maxDataPages,
        long largestMeanPageBytes,
        Map<String, String> encodings,
        String pageIndexChunks,
        String dictionaryChunks,
        String pageCrcs,
        String optionalColumns,
        Set<String> pageVersions) {

    /** Reads the layout of {@code file}. */
    static FileLayout of(File file) throws IOException {
        try (InputFile input = FlinkInputFile.open(new Path(file.toURI()))) {
            ParquetInspector inspector = ParquetInspector.read(input, ReadOptions.defaults());
            FileMetadataView metadata = inspector.metadata();
            Set<String> codecs = new LinkedHashSet<>();
            Map<String, Set<String>> encodings = new LinkedHashMap<>();
            List<Integer> dataPages = new ArrayList<>();
            long largestMeanPage = 0;
            int chunks = 0;
            int withPageIndex = 0;
            int withDictionary = 0;
            int pages = 0;
            int withCrc = 0;
            for (RowGroupView rowGroup : metadata.rowGroups()) {
                for (ColumnChunkView chunk : rowGroup.columns()) {
                    chunks++;
                    codecs.add(chunk.codecName());
                    encodings
                            .computeIfAbsent(chunk.path(), p -> new LinkedHashSet<>())
                            .addAll(chunk.encodings());
                    if (chunk.hasColumnIndex() && chunk.hasOffsetIndex()) {
                        withPageIndex++;
                    }
                    int dictionary = chunk.hasDictionary() ? 1 : 0;
                    withDictionary += dictionary;
                    PageChecksumCount crcs =
                            inspector.readPageChecksums(chunk.rowGroup(), chunk.leafIndex());
                    pages += crcs.pages();
                    withCrc += crcs.withCrc();
                    int data = Math.max(1, crcs.pages() - dictionary);
                    dataPages.add(data);
                    largestMeanPage =
                            Math.max(largestMeanPage, chunk.totalUncompressedSize() / data);
                }
            }
            int[] sorted = dataPages.stream().mapToInt(Integer::intValue).sorted().toArray();
            long optional =
                    metadata.schema().leaves().stream()
                            .map(LeafColumnView::repetition)
                            .filter(r -> r == Repetition.OPTIONAL)
                            .count();
            Map<String, String> perColumn = new LinkedHashMap<>();
            encodings.forEach((path, e) -> perColumn.put(path, String.join("+", e)));
            return new FileLayout(
                    metadata.fileLength(),
                    metadata.createdBy().orElse("?"),
                    metadata.rowGroups().size(),
                    codecs,
                    sorted.length == 0 ? 0 : sorted[sorted.length / 2],
                    sorted.length == 0 ? 0 : sorted[sorted.length - 1],
                    largestMeanPage,
                    perColumn,
                    withPageIndex + "/" + chunks,
                    withDictionary + "/" + chunks,
                    withCrc + "/" + pages,
                    optional + "/" + metadata.schema().leaves().size(),
                    pageVersions(file));
        }
    }

    /** The data page versions ({@code v1}, {@code v2}) of the first row group's pages. */
    private static Set<String> pageVersions(File file) throws IOException {
        Set<String> versions = new TreeSet<>();
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file.toPath()))) {
            PageReadStore rowGroup = reader.readNextRowGroup();
            if (rowGroup == null) {
                return versions;
            }
            for (ColumnDescriptor column : reader.getFileMetaData().getSchema().getColumns()) {
                PageReader pages = rowGroup.getPageReader(column);
                for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
                    versions.add(page instanceof DataPageV2 ? "v2" : "v1");
                }
            }
        }
        return versions;
    }

    /** One line for the report. */
    String describe() {
        String columns =
                encodings.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(" "));
        return String.format(
                "bytes=%d created_by='%s' row_groups=%d codecs=%s data_pages_per_chunk"
                        + " median=%d max=%d largest_mean_page=%d B page_index=%s chunks"
                        + " dictionary=%s chunks crc=%s pages optional=%s columns data_pages=%s"
                        + " encodings: %s",
                bytes,
                createdBy,
                rowGroups,
                String.join(",", codecs),
                medianDataPages,
                maxDataPages,
                largestMeanPageBytes,
                pageIndexChunks,
                dictionaryChunks,
                pageCrcs,
                optionalColumns,
                String.join(",", pageVersions),
                columns);
    }
}
