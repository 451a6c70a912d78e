package io.pqx.bench.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

/**
 * Both sides of the {@code format} suite on a few thousand rows: every writer's file, read by every
 * scanner, gives the generator's row count and checksums, and row groups follow the settings.
 * Nothing here is timed.
 */
class BenchmarkSmokeTest {

    private static final int ROWS = 5_000;
    private static final FormatSettings SMALL_GROUPS =
            new FormatSettings("ZSTD", 3, 1_000, 1 << 20, 1 << 20, 20_000);

    @TempDir Path dir;

    private final List<RowData> table = new LineitemGenerator(7).generate(ROWS);

    @Test
    void parquetJavaRoundTripsTheTable() throws Exception {
        Path file = dir.resolve("parquetjava.parquet");
        new ParquetJavaTableWriter(SMALL_GROUPS).write(table, file);

        assertScansMatch(new ParquetJavaTableScanner(), file);
        FileFacts facts = FileFacts.of(file);
        assertThat(facts.rows()).isEqualTo(ROWS);
        assertThat(facts.rowGroups()).isEqualTo(5);
        assertThat(facts.columns()).hasSize(LineitemTable.COLUMNS.size());
        assertThat(facts.createdBy()).startsWith("parquet-mr");
    }

    @Test
    void pqxReadsParquetJavasFileLikeParquetJava() throws Exception {
        Path file = dir.resolve("parquetjava.parquet");
        new ParquetJavaTableWriter(SMALL_GROUPS).write(table, file);

        assertScansMatch(new PqxTableScanner(), file);
    }

    @Test
    void pqxWritesWhatBothScannersReadBack() throws Exception {
        Path file = dir.resolve("pqx.parquet");
        new PqxTableWriter(SMALL_GROUPS).write(table, file);

        assertScansMatch(new PqxTableScanner(), file);
        assertScansMatch(new ParquetJavaTableScanner(), file);
        FileFacts facts = FileFacts.of(file);
        assertThat(facts.rows()).isEqualTo(ROWS);
        assertThat(facts.rowGroups()).isEqualTo(5);
        assertThat(facts.createdBy()).startsWith("pqx");
    }

    @Test
    void oneColumnScansGiveThatColumnsChecksumOnly() throws Exception {
        Path file = dir.resolve("pqx.parquet");
        new PqxTableWriter(SMALL_GROUPS).write(table, file);
        TableChecksum want = TableChecksum.ofColumn(table, DuckDbTableReader.ONE_COLUMN);

        for (TableScanner scanner : List.of(new PqxTableScanner(), new ParquetJavaTableScanner())) {
            TableChecksum read = scanner.scanColumn(file, DuckDbTableReader.ONE_COLUMN);
            assertThat(read).as(scanner.name()).isEqualTo(want);
            assertThat(read).isNotEqualTo(TableChecksum.of(table, ScanDepth.LENGTHS));
            assertThat(scanner.scanColumn(file, "l_orderkey")).isNotEqualTo(want);
        }
    }

    @Test
    void checksumCatchesAChangedValue() throws Exception {
        Path file = dir.resolve("parquetjava.parquet");
        new ParquetJavaTableWriter(FormatSettings.standard()).write(table.subList(1, ROWS), file);

        TableChecksum read = new ParquetJavaTableScanner().scan(file, ScanDepth.LENGTHS);

        assertThat(read.rows()).isEqualTo(ROWS - 1);
        assertThat(read).isNotEqualTo(TableChecksum.of(table, ScanDepth.LENGTHS));
        assertThat(read).isEqualTo(TableChecksum.of(table.subList(1, ROWS), ScanDepth.LENGTHS));
    }

    private void assertScansMatch(TableScanner scanner, Path file) throws Exception {
        assertThat(scanner.scan(file, ScanDepth.LENGTHS))
                .isEqualTo(TableChecksum.of(table, ScanDepth.LENGTHS));
        assertThat(scanner.scan(file, ScanDepth.CONTENT))
                .isEqualTo(TableChecksum.of(table, ScanDepth.CONTENT));
    }
}
