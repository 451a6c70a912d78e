package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.TestingSinks;
import io.pqx.sink.writer.SinkSettings;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each file-layout option of the sink, written through a part file and read back. */
class OptionsReachTheFileTest {
    @TempDir java.nio.file.Path dir;

    private static SinkSettings settings(Map<String, String> options) {
        return TestingSinks.settings(
                PqxSink.builder()
                        .basePath("/tmp/unused")
                        .rowType(TestingIdNameRows.TYPE)
                        .setAll(options)
                        .build());
    }

    private static List<RowData> rows(int n) {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) (i * 7919 % n),
                            StringData.fromString(
                                    "a-long-string-value-" + "x".repeat(40) + (i % 13))));
        }
        return rows;
    }

    private FileMetadataView write(String name, SinkSettings s) throws Exception {
        RowGroupLimits cut =
                new RowGroupLimits(
                        s.rowGroups().mode(),
                        s.rowGroups().rows(),
                        s.rowGroups().bytes(),
                        s.rowGroups().effectiveMinRows());
        RowSorter sorter =
                s.layout().sortBy().isEmpty()
                        ? null
                        : RowSorter.of(TestingIdNameRows.TYPE, s.layout().sortBy());
        java.nio.file.Path file =
                TestingPartFiles.write(
                        dir,
                        name,
                        TestingIdNameRows.TYPE,
                        rows(1000),
                        cut,
                        s.layout().writeOptions(),
                        sorter,
                        2);
        return TestingSinkFiles.footer(file);
    }

    private static ColumnChunkView column(FileMetadataView footer, int group, String path) {
        return footer.rowGroups().get(group).columns().stream()
                .filter(c -> c.path().equals(path))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void codecDictionaryStatisticsAndBloomFilterReachTheFooter() throws Exception {
        FileMetadataView footer =
                write(
                        "a.parquet",
                        settings(
                                Map.of(
                                        "sink.compression.codec", "GZIP",
                                        "sink.dictionary.enabled", "false",
                                        "sink.statistics.level", "CHUNK",
                                        "sink.statistics.truncate-length", "8",
                                        "sink.bloom-filter.columns", "name")));
        ColumnChunkView name = column(footer, 0, "name");
        assertThat(name.codecName()).isEqualTo("GZIP");
        assertThat(name.encodings()).doesNotContain("PLAIN_DICTIONARY", "RLE_DICTIONARY");
        assertThat(name.statistics().minBytes()).hasSizeLessThanOrEqualTo(8);
        assertThat(name.statistics().maxBytes()).hasSizeLessThanOrEqualTo(8);
        assertThat(name.columnIndex()).isEmpty();
        assertThat(name.offsetIndex()).isEmpty();
        assertThat(name.bloomFilter()).isPresent();
        assertThat(column(footer, 0, "id").bloomFilter()).isEmpty();
    }

    @Test
    void statisticsNoneWritesNoStatistics() throws Exception {
        FileMetadataView footer =
                write("b.parquet", settings(Map.of("sink.statistics.level", "NONE")));
        ColumnChunkView id = column(footer, 0, "id");
        assertThat(id.statistics().untrustedReason()).contains("the chunk has no statistics");
        assertThat(id.columnIndex()).isEmpty();
    }

    @Test
    void pageLevelStatisticsWriteThePageIndexAndPageRowLimitCutsPages() throws Exception {
        FileMetadataView footer =
                write(
                        "c.parquet",
                        settings(
                                Map.of(
                                        "sink.statistics.level", "PAGE",
                                        "sink.page.row-limit", "100",
                                        "sink.dictionary.enabled", "true")));
        ColumnChunkView id = column(footer, 0, "id");
        assertThat(id.columnIndex()).isPresent();
        assertThat(id.offsetIndex()).isPresent();
        assertThat(id.statistics().hasMinMax()).isTrue();
        assertThat(column(footer, 0, "name").encodings())
                .containsAnyOf("PLAIN_DICTIONARY", "RLE_DICTIONARY");
        try (var reader = ParquetReader.open(new Path(dir.resolve("c.parquet").toUri()))) {
            assertThat(ParquetInspector.of(reader).readOffsetIndex(0, 0).orElseThrow().pageCount())
                    .isEqualTo(10);
        }
    }

    @Test
    void pageSizeCutsPages() throws Exception {
        // name values are ~62 bytes; 1000 of them plain-encoded in pages of at most 4 KiB.
        write(
                "p.parquet",
                settings(
                        Map.of(
                                "sink.page.size", "4 kb",
                                "sink.dictionary.enabled", "false")));
        write("q.parquet", settings(Map.of("sink.dictionary.enabled", "false")));
        try (var small = ParquetReader.open(new Path(dir.resolve("p.parquet").toUri()));
                var large = ParquetReader.open(new Path(dir.resolve("q.parquet").toUri()))) {
            int nameLeaf = 1;
            assertThat(
                            ParquetInspector.of(large)
                                    .readOffsetIndex(0, nameLeaf)
                                    .orElseThrow()
                                    .pageCount())
                    .isEqualTo(1);
            assertThat(
                            ParquetInspector.of(small)
                                    .readOffsetIndex(0, nameLeaf)
                                    .orElseThrow()
                                    .pageCount())
                    .isGreaterThanOrEqualTo(10);
        }
    }

    @Test
    void bloomFilterNdvAndFppSizeTheFilter() throws Exception {
        FileMetadataView few =
                write(
                        "bf1.parquet",
                        settings(
                                Map.of(
                                        "sink.bloom-filter.columns", "name",
                                        "sink.bloom-filter.ndv", "100",
                                        "sink.bloom-filter.fpp", "0.1")));
        FileMetadataView many =
                write(
                        "bf2.parquet",
                        settings(
                                Map.of(
                                        "sink.bloom-filter.columns", "name",
                                        "sink.bloom-filter.ndv", "100000",
                                        "sink.bloom-filter.fpp", "0.001")));
        long fewBytes = Files.size(dir.resolve("bf1.parquet"));
        long manyBytes = Files.size(dir.resolve("bf2.parquet"));
        assertThat(column(few, 0, "name").bloomFilter()).isPresent();
        assertThat(column(many, 0, "name").bloomFilter()).isPresent();
        // The same rows with a filter sized for 1000x the values at a lower false-positive rate.
        assertThat(manyBytes - fewBytes).isGreaterThan(100_000);
        try (var reader = ParquetReader.open(new Path(dir.resolve("bf1.parquet").toUri()))) {
            var filter = ParquetInspector.of(reader).readBloomFilter(0, 1).orElseThrow();
            assertThat(filter.mightContain("a-long-string-value-" + "x".repeat(40) + 3)).isTrue();
        }
    }

    @Test
    void compressionLevelChangesTheBytes() throws Exception {
        write("z1.parquet", settings(Map.of("sink.compression.level", "1")));
        write("z19.parquet", settings(Map.of("sink.compression.level", "19")));
        assertThat(Files.readAllBytes(dir.resolve("z1.parquet")))
                .isNotEqualTo(Files.readAllBytes(dir.resolve("z19.parquet")));
        assertThat(WriteOptions.defaults().compressionLevel()).isEqualTo(3);
    }

    @Test
    void sortByOrdersRowGroupsAndRecordsSortingColumns() throws Exception {
        SinkSettings s =
                settings(
                        Map.of(
                                PqxSinkOptions.SORT_BY.key(), "id DESC",
                                PqxSinkOptions.ROW_GROUP_ROWS.key(), "300"));
        FileMetadataView footer = write("d.parquet", s);
        assertThat(footer.rowGroups()).hasSize(4);
        assertThat(footer.rowGroups().get(0).sortingColumns().get(0).descending()).isTrue();
        List<Long> ids = TestingSinkFiles.read(dir.resolve("d.parquet"), r -> r.getLong(0));
        for (int g = 0; g < 4; g++) {
            List<Long> group = ids.subList(g * 300, Math.min(1000, (g + 1) * 300));
            assertThat(group).isSortedAccordingTo((a, b) -> Long.compare(b, a));
        }
    }

    /** The headers of every page of every column chunk, each checked against its body's CRC. */
    private List<PageHeader> pagesCheckingCrcs(String name, FileMetadataView footer)
            throws Exception {
        byte[] file = Files.readAllBytes(dir.resolve(name));
        List<PageHeader> headers = new ArrayList<>();
        for (var group : footer.rowGroups()) {
            for (ColumnChunkView chunk : group.columns()) {
                int start = (int) chunk.startOffset();
                int end = (int) (start + chunk.totalCompressedSize());
                int at = start;
                while (at < end) {
                    ByteArrayInputStream in = new ByteArrayInputStream(file, at, end - at);
                    PageHeader header = Util.readPageHeader(in);
                    int body = end - in.available();
                    if (header.isSetCrc()) {
                        CRC32 crc = new CRC32();
                        crc.update(file, body, header.getCompressed_page_size());
                        assertThat(header.getCrc())
                                .as(chunk.path())
                                .isEqualTo((int) crc.getValue());
                    }
                    headers.add(header);
                    at = body + header.getCompressed_page_size();
                }
            }
        }
        return headers;
    }

    @Test
    void pageChecksumsAreWrittenByDefaultAndCanBeTurnedOff() throws Exception {
        SinkSettings defaults = settings(Map.of("sink.page.row-limit", "100"));
        assertThat(defaults.layout().pageChecksums()).isTrue();
        List<PageHeader> on =
                pagesCheckingCrcs("crc-default.parquet", write("crc-default.parquet", defaults));
        List<PageHeader> explicit =
                pagesCheckingCrcs(
                        "crc-on.parquet",
                        write(
                                "crc-on.parquet",
                                settings(
                                        Map.of(
                                                "sink.page.row-limit", "100",
                                                "sink.page.checksums", "true"))));
        List<PageHeader> off =
                pagesCheckingCrcs(
                        "crc-off.parquet",
                        write(
                                "crc-off.parquet",
                                settings(
                                        Map.of(
                                                "sink.page.row-limit", "100",
                                                "sink.page.checksums", "false"))));
        assertThat(on).hasSizeGreaterThan(10).allSatisfy(h -> assertThat(h.isSetCrc()).isTrue());
        assertThat(explicit).allSatisfy(h -> assertThat(h.isSetCrc()).isTrue());
        assertThat(off).hasSameSizeAs(on).allSatisfy(h -> assertThat(h.isSetCrc()).isFalse());
    }
}
