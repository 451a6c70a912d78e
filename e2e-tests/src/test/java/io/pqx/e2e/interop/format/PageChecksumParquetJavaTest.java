package io.pqx.e2e.interop.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingNameRows;
import io.pqx.format.TestingPageSpots;
import io.pqx.format.TestingPageSpots.PageSpot;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.TestingRowValues;
import io.pqx.format.TestingWriters;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Page CRC-32s across implementations: parquet-java, verifying ({@code
 * usePageChecksumVerification}, i.e. {@code parquet.page.verify-checksum.enabled=true}), accepts
 * the CRCs pqx writes by default on dictionary and data pages, v1 and v2, and rejects a damaged
 * page of pqx's; pqx, with its defaults, accepts the CRCs parquet-java writes (by default) and
 * rejects a damaged page of parquet-java's, naming file, row group, column and page.
 */
class PageChecksumParquetJavaTest {
    @TempDir Path dir;

    private static final String PARQUET_JAVA_MISMATCH = "CRC checksum verification failed";

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void parquetJavaVerifiesTheCrcsPqxWritesByDefault(PageVersion version) throws Exception {
        // ten distinct names, so that column keeps its dictionary
        List<RowData> input = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            input.add(GenericRowData.of((long) i, StringData.fromString("name-" + i % 10)));
        }
        Path file = dir.resolve("pqx.parquet");
        TestingWriters.write(
                file,
                TestingNameRows.TYPE,
                WriteOptions.builder().pageVersion(version).pageRowLimit(1000).build(),
                input);
        byte[] bytes = Files.readAllBytes(file);
        List<PageSpot> pages = TestingPageSpots.allPages(bytes);
        assertThat(pages).filteredOn(PageSpot::isDictionary).isNotEmpty();
        assertThat(pages).filteredOn(p -> !p.isDictionary()).hasSize(10);
        assertThat(pages).allMatch(p -> p.crcMatches(bytes));

        List<Map<String, Object>> rows = TestingParquetJavaReader.readRows(file);
        assertThat(rows).hasSize(5000);
        assertThat(rows.get(4321)).containsEntry("id", 4321L).containsEntry("name", "name-1");

        // column name (leaf 1): its dictionary page, then its third data page
        List<PageSpot> name = TestingPageSpots.pages(bytes, 0, 1);
        assertThat(name.get(0).isDictionary()).isTrue();
        Path damagedDictionary =
                TestingWriters.file(dir, TestingPageSpots.damageMiddleByte(bytes, name.get(0)));
        assertThatThrownBy(() -> TestingParquetJavaReader.readRows(damagedDictionary))
                .hasStackTraceContaining(
                        "could not verify dictionary page integrity, " + PARQUET_JAVA_MISMATCH);
        Path damagedData =
                TestingWriters.file(dir, TestingPageSpots.damageMiddleByte(bytes, name.get(3)));
        assertThatThrownBy(() -> TestingParquetJavaReader.readRows(damagedData))
                .hasStackTraceContaining(
                        "could not verify page integrity, " + PARQUET_JAVA_MISMATCH);
    }

    @ParameterizedTest
    @EnumSource(value = WriterVersion.class)
    void pqxVerifiesTheCrcsParquetJavaWritesByDefault(WriterVersion version) throws Exception {
        Path file = dir.resolve("parquet-java.parquet");
        TestingParquetJavaFiles.write(
                file,
                3000,
                7,
                new TestingParquetJavaFiles.Layout(
                        version, CompressionCodecName.SNAPPY, true, 1 << 20, 500));
        byte[] bytes = Files.readAllBytes(file);
        List<PageSpot> pages = TestingPageSpots.allPages(bytes);
        assertThat(pages).filteredOn(PageSpot::isDictionary).isNotEmpty();
        assertThat(pages).allMatch(p -> p.crcMatches(bytes));

        List<List<Object>> verified = TestingRowValues.readAll(file, ReadOptions.defaults());
        assertThat(verified)
                .hasSize(3000)
                .isEqualTo(
                        TestingRowValues.readAll(
                                file, ReadOptions.builder().verifyChecksums(false).build()));

        // column low (leaf 6): a dictionary-encoded string with 7 values
        List<PageSpot> low = TestingPageSpots.pages(bytes, 0, 6);
        assertThat(low.get(0).isDictionary()).isTrue();
        assertThat(pqxFailure(TestingPageSpots.damageMiddleByte(bytes, low.get(0))))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageMatching(
                        "Cannot verify dictionary page: CRC-32 mismatch: header says"
                                + " [0-9a-f]{8}, page bytes give [0-9a-f]{8} \\(file:.*\\.parquet, row group"
                                + " 0, column low\\)");
        assertThat(pqxFailure(TestingPageSpots.damageMiddleByte(bytes, low.get(4))))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageMatching(
                        "Cannot verify page 3: CRC-32 mismatch: header says"
                                + " [0-9a-f]{8}, page bytes give [0-9a-f]{8} \\(file:.*\\.parquet, row group"
                                + " 0, column low\\)");
    }

    /**
     * parquet-testing's damaged files: parquet-java without verification (its default, like
     * DuckDB's) returns values from the damaged page; pqx refuses them by default, and with
     * verification off reads the same values parquet-java does.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "datapage_v1-corrupt-checksum.parquet",
                "rle-dict-uncompressed-corrupt-checksum.parquet"
            })
    void pqxRefusesByDefaultWhatParquetJavaReadsSilently(String name) throws Exception {
        Path file = TestingParquetFiles.data(name);
        Throwable thrown =
                catchThrowable(() -> TestingRowValues.readAll(file, ReadOptions.defaults()));
        assertThat(thrown).isInstanceOf(UncheckedIOException.class);
        assertThat(thrown.getCause())
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("CRC-32 mismatch")
                .hasMessageContaining(name + ", row group 0, column ");
        assertThatThrownBy(() -> TestingParquetJavaReader.readRows(file))
                .hasStackTraceContaining(PARQUET_JAVA_MISMATCH);

        ReadOptions unchecked = ReadOptions.builder().verifyChecksums(false).build();
        List<List<Object>> actual = TestingRowValues.readAll(file, unchecked);
        List<List<Object>> expected;
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        unchecked)) {
            expected = TestingParquetJavaValues.read(file, reader.schema());
        }
        assertThat(actual).isNotEmpty().isEqualTo(expected);
    }

    private Throwable pqxFailure(byte[] damaged) throws Exception {
        Path file = TestingWriters.file(dir, damaged);
        Throwable thrown =
                catchThrowable(() -> TestingRowValues.readAll(file, ReadOptions.defaults()));
        assertThat(thrown).isInstanceOf(UncheckedIOException.class);
        return thrown.getCause();
    }
}
