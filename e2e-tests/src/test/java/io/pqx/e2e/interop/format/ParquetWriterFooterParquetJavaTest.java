package io.pqx.e2e.interop.format;

import static io.pqx.format.TestingCityRows.SORTED;
import static io.pqx.format.TestingCityRows.TYPE;
import static io.pqx.format.TestingCityRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingCityRows;
import io.pqx.format.TestingWriters;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.parquet.VersionParser;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What pqx writes into the footer, checked with parquet-java's footer reader: encodings,
 * statistics, key-value metadata, sorting columns, created_by, row group cuts (rows and type from
 * {@link TestingCityRows}, as in flink-pqx-format's {@code ParquetWriterFooterTest}).
 */
class ParquetWriterFooterParquetJavaTest {
    @TempDir Path dir;

    private int files;

    private ParquetMetadata write(WriteOptions options, List<RowData> rows) throws Exception {
        Path file = dir.resolve("f" + files++ + ".parquet");
        TestingWriters.write(file, TYPE, options, rows);
        return TestingParquetJavaReader.footer(file);
    }

    @Test
    void dictionaryEncodingIsRecordedWhenEnabled() throws Exception {
        ParquetMetadata v1 = write(WriteOptions.defaults(), rows(1000));
        ColumnChunkMetaData city = v1.getBlocks().get(0).getColumns().get(1);
        assertThat(city.hasDictionaryPage()).isTrue();
        assertThat(city.getEncodings()).contains(Encoding.PLAIN_DICTIONARY, Encoding.RLE);
        assertThat(city.getEncodingStats().hasNonDictionaryEncodedPages()).isFalse();

        ParquetMetadata v2 =
                write(WriteOptions.builder().pageVersion(PageVersion.V2).build(), rows(1000));
        assertThat(v2.getBlocks().get(0).getColumns().get(1).getEncodings())
                .contains(Encoding.RLE_DICTIONARY);
    }

    @Test
    void dictionaryEncodingIsAbsentWhenDisabled() throws Exception {
        ParquetMetadata footer =
                write(WriteOptions.builder().dictionaryEnabled(false).build(), rows(1000));
        for (ColumnChunkMetaData column : footer.getBlocks().get(0).getColumns()) {
            assertThat(column.hasDictionaryPage()).isFalse();
            assertThat(column.getEncodings())
                    .doesNotContain(Encoding.PLAIN_DICTIONARY, Encoding.RLE_DICTIONARY)
                    .contains(Encoding.PLAIN);
        }
    }

    @Test
    void dictionaryFallsBackToPlainWhenItOutgrowsItsPage() throws Exception {
        // Few distinct notes first (dictionary pays off on the first page), then only new ones.
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            String note = i < 1000 ? "repeated-" + (i % 5) : "unique-" + i;
            rows.add(GenericRowData.of((long) i, null, StringData.fromString(note)));
        }
        ParquetMetadata footer =
                write(
                        WriteOptions.builder()
                                .dictionaryPageSizeBytes(2048)
                                .pageRowLimit(500)
                                .build(),
                        rows);
        ColumnChunkMetaData note = footer.getBlocks().get(0).getColumns().get(2);
        assertThat(note.getEncodingStats().hasDictionaryEncodedPages()).isTrue();
        assertThat(note.getEncodingStats().hasNonDictionaryEncodedPages()).isTrue();
        assertThat(note.getEncodings()).contains(Encoding.PLAIN_DICTIONARY, Encoding.PLAIN);
    }

    @Test
    void chunkStatisticsHoldMinMaxAndNullCount() throws Exception {
        ParquetMetadata footer = write(WriteOptions.defaults(), rows(1000));
        List<ColumnChunkMetaData> columns = footer.getBlocks().get(0).getColumns();
        Statistics<?> id = columns.get(0).getStatistics();
        assertThat(id.genericGetMin()).isEqualTo(0L);
        assertThat(id.genericGetMax()).isEqualTo(999L);
        assertThat(id.getNumNulls()).isZero();
        Statistics<?> city = columns.get(1).getStatistics();
        assertThat(city.minAsString()).isEqualTo("Berlin");
        assertThat(city.maxAsString()).isEqualTo("Quito");
        assertThat(city.getNumNulls()).isEqualTo(100);
    }

    @Test
    void statisticsAreAbsentWhenDisabled() throws Exception {
        ParquetMetadata footer =
                write(WriteOptions.builder().statisticsEnabled(false).build(), rows(100));
        for (ColumnChunkMetaData column : footer.getBlocks().get(0).getColumns()) {
            assertThat(column.getStatistics().isEmpty()).isTrue();
            assertThat(column.getColumnIndexReference()).isNull();
        }
    }

    @Test
    void keyValueMetadataHoldsTheUserPairsAndTheFlinkRowType() throws Exception {
        ParquetMetadata footer =
                write(
                        WriteOptions.builder()
                                .keyValue("owner", "team-a")
                                .keyValue("zone", "eu")
                                .build(),
                        rows(10));
        assertThat(footer.getFileMetaData().getKeyValueMetaData())
                .containsEntry("owner", "team-a")
                .containsEntry("zone", "eu")
                .containsEntry(WriteOptions.FLINK_SCHEMA_KEY, TYPE.asSerializableString());
    }

    @Test
    void createdByIsParsedByParquetJava() throws Exception {
        ParquetMetadata footer = write(WriteOptions.defaults(), rows(1));
        String createdBy = footer.getFileMetaData().getCreatedBy();
        assertThat(createdBy).isEqualTo(WriteOptions.DEFAULT_CREATED_BY);
        VersionParser.ParsedVersion parsed = VersionParser.parse(createdBy);
        assertThat(parsed.application).isEqualTo("pqx");
        assertThat(parsed.version).isEqualTo("0.1.0");
    }

    @Test
    void rowGroupsAreCutByRowCount() throws Exception {
        ParquetMetadata footer =
                write(WriteOptions.builder().rowGroupRows(1000).build(), rows(2500));
        assertThat(footer.getBlocks())
                .extracting(BlockMetaData::getRowCount)
                .containsExactly(1000L, 1000L, 500L);
        assertThat(footer.getBlocks())
                .extracting(BlockMetaData::getOrdinal)
                .containsExactly(0, 1, 2);
    }

    @Test
    void rowGroupsAreCutByEstimatedBytes() throws Exception {
        // A row buffers about 50 bytes (8 id; levels, offset and ~6 bytes of city; levels,
        // offset and ~24 bytes of note), so 100 KB hold about 2,000 rows.
        ParquetMetadata footer =
                write(WriteOptions.builder().rowGroupBytes(100_000).build(), rows(10_000));
        List<BlockMetaData> blocks = footer.getBlocks();
        assertThat(blocks.size()).isBetween(3, 10);
        long total = 0;
        for (int i = 0; i < blocks.size(); i++) {
            total += blocks.get(i).getRowCount();
            if (i < blocks.size() - 1) {
                assertThat(blocks.get(i).getRowCount()).isBetween(1000L, 4000L);
            }
        }
        assertThat(total).isEqualTo(10_000);
    }

    @Test
    void parquetJavaReadsEveryRowGroupOfASortedFile() throws Exception {
        ParquetMetadata footer = write(SORTED, rows(100));
        assertThat(footer.getBlocks()).hasSize(3);
    }
}
