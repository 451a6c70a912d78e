package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingPageSpots.PageSpot;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.metadata.PageChecksumCount;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Page CRC-32s as pqx writes and checks them by default: every page (dictionary and data, v1 and
 * v2) carries one; a damaged page is a {@link CorruptFileException} naming file, row group, column
 * and page, unless verification is off, when the damaged values come back silently (as from
 * parquet-java and DuckDB). What parquet-java makes of pqx's CRCs, and pqx of parquet-java's, is
 * checked in e2e-tests' {@code PageChecksumParquetJavaTest}.
 */
class PageChecksumReaderTest {

    private static final String FILE = "crc.parquet";
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("a", DataTypes.INT().notNull()))
                            .getLogicalType();
    private static final ReadOptions UNCHECKED =
            ReadOptions.builder().verifyChecksums(false).build();

    /** 1,000 rows in two row groups of five 100-row pages; {@code a} takes 7 distinct values. */
    private static List<RowData> rows() {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            rows.add(GenericRowData.of((long) i, i % 7 * 1000));
        }
        return rows;
    }

    /** Uncompressed, so a flipped body byte decodes to a different value rather than an error. */
    private static byte[] write(PageVersion version, boolean dictionary, boolean checksums)
            throws Exception {
        return TestingWriters.bytes(
                TYPE,
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageVersion(version)
                        .dictionaryEnabled(dictionary)
                        .rowGroupRows(500)
                        .pageRowLimit(100)
                        .pageChecksums(checksums)
                        .build(),
                rows(),
                Runnable::run);
    }

    private static List<String> read(byte[] file, ReadOptions options) throws Exception {
        List<String> values = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new ByteArrayInputFile(FILE, file), options);
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            while (it.hasNext()) {
                RowData row = it.next();
                values.add(row.getLong(0) + ":" + row.getInt(1));
            }
        }
        return values;
    }

    private static List<String> expected() {
        return rows().stream().map(r -> r.getLong(0) + ":" + r.getInt(1)).toList();
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void everyPageCarriesTheCrcOfItsStoredBytesByDefault(PageVersion version) throws Exception {
        byte[] file =
                TestingWriters.bytes(
                        TYPE,
                        WriteOptions.builder().pageVersion(version).pageRowLimit(100).build(),
                        rows(),
                        Runnable::run);
        List<PageSpot> pages = TestingPageSpots.allPages(file);
        assertThat(pages).filteredOn(PageSpot::isDictionary).isNotEmpty();
        assertThat(pages).hasSizeGreaterThan(10).allMatch(p -> p.crcMatches(file));
        assertThat(read(file, ReadOptions.defaults())).isEqualTo(expected());
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void damagedDataPageFailsNamingFileRowGroupColumnAndPage(PageVersion version) throws Exception {
        byte[] file = write(version, false, true);
        PageSpot page = TestingPageSpots.pages(file, 1, 1).get(2);
        assertThat(page.dataOrdinal()).isEqualTo(2);
        byte[] damaged = TestingPageSpots.damageMiddleByte(file, page);

        assertThatThrownBy(() -> read(damaged, ReadOptions.defaults()))
                .hasCauseInstanceOf(CorruptFileException.class)
                .cause()
                .hasMessageMatching(
                        "Cannot verify page 2: CRC-32 mismatch: header says [0-9a-f]{8},"
                                + " page bytes give [0-9a-f]{8} \\(crc\\.parquet, row group 1, column a\\)");
        // without verification the damage reads as wrong values in rows 700..799
        List<String> silent = read(damaged, UNCHECKED);
        assertThat(silent).hasSize(1000).isNotEqualTo(expected());
        assertThat(silent.subList(0, 700)).isEqualTo(expected().subList(0, 700));
        assertThat(silent.subList(800, 1000)).isEqualTo(expected().subList(800, 1000));
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void damagedDictionaryPageFailsNamingFileRowGroupAndColumn(PageVersion version)
            throws Exception {
        byte[] file = write(version, true, true);
        PageSpot page = TestingPageSpots.pages(file, 1, 1).get(0);
        assertThat(page.isDictionary()).isTrue();
        byte[] damaged = TestingPageSpots.damageMiddleByte(file, page);

        assertThatThrownBy(() -> read(damaged, ReadOptions.defaults()))
                .hasCauseInstanceOf(CorruptFileException.class)
                .cause()
                .hasMessageMatching(
                        "Cannot verify dictionary page: CRC-32 mismatch: header says"
                                + " [0-9a-f]{8}, page bytes give [0-9a-f]{8} \\(crc\\.parquet, row group 1,"
                                + " column a\\)");
        List<String> silent = read(damaged, UNCHECKED);
        assertThat(silent).hasSize(1000).isNotEqualTo(expected());
        assertThat(silent.subList(0, 500)).isEqualTo(expected().subList(0, 500));
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void fileWithoutCrcsReadsWithVerificationOn(PageVersion version) throws Exception {
        byte[] file = write(version, true, false);
        assertThat(TestingPageSpots.allPages(file)).noneMatch(p -> p.header().isSetCrc());
        assertThat(ReadOptions.defaults().verifyChecksums()).isTrue();
        assertThat(read(file, ReadOptions.defaults())).isEqualTo(expected());
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void pageChecksumsCountsThePagesThatCarryACrc(PageVersion version) throws Exception {
        for (boolean checksums : new boolean[] {true, false}) {
            byte[] file = write(version, true, checksums);
            try (ParquetReader reader =
                    ParquetReader.open(
                            new ByteArrayInputFile(FILE, file), ReadOptions.defaults())) {
                // a dictionary page and five data pages
                assertThat(
                                ParquetInspector.read(
                                                new ByteArrayInputFile(FILE, file),
                                                ReadOptions.defaults())
                                        .readPageChecksums(1, 1))
                        .isEqualTo(new PageChecksumCount(6, checksums ? 6 : 0));
                assertThat(ParquetInspector.of(reader).readPageChecksums(1, 1))
                        .isEqualTo(new PageChecksumCount(6, checksums ? 6 : 0));
            }
        }
    }
}
