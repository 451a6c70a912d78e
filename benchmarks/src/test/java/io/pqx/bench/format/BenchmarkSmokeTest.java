package io.pqx.bench.format;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import io.pqx.bench.lookup.LookupSuite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both sides of the {@code format} suite on a few thousand rows: every writer's file, read by every
 * scanner, gives the generator's row count and checksums, and row groups follow the settings; and
 * suite {@code lookup} whole on a 4,000-row table (every contender's every answer checked). Nothing
 * here is timed.
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

    @Test
    void lookupSuiteAnswersEveryProbeRightOnASmallTable() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BenchmarkReport report = new BenchmarkReport(new PrintStream(bytes, true, UTF_8));
        String before = System.getProperty(LookupSuite.TURN_SECONDS);
        System.setProperty(LookupSuite.TURN_SECONDS, "5");
        try {
            new LookupSuite()
                    .run(
                            BenchmarkArgs.parse(
                                    "lookup",
                                    "--rows",
                                    "4000",
                                    "--rounds",
                                    "1",
                                    "--warmups",
                                    "0",
                                    "--dir",
                                    dir.toString()),
                            report);
        } finally {
            if (before == null) {
                System.clearProperty(LookupSuite.TURN_SECONDS);
            } else {
                System.setProperty(LookupSuite.TURN_SECONDS, before);
            }
        }
        String out = bytes.toString(UTF_8);

        assertThat(report.failures()).as(out).isEmpty();
        assertThat(report.comparisons())
                .extracting(Comparison::name)
                .contains(
                        "lookup_nocache_vs_scan",
                        "lookup_nocache_vs_fullcache",
                        "lookup_partialcache_vs_nocache",
                        "lookup_heap_nocache_vs_fullcache",
                        "lookup_heap_partialcache_vs_fullcache");
        assertThat(report.comparisons())
                .allSatisfy(
                        c -> {
                            assertThat(c.pqxRowsPerSecond()).as(c.name()).isPositive();
                            assertThat(c.peerRowsPerSecond()).as(c.name()).isPositive();
                        });
        // 2,000 probes, half present; every contender answered some, with latencies
        assertThat(out)
                .contains("probes: 2000 keys, 1000 present")
                .contains("INFO latency lookup pqx p50=")
                .contains("INFO latency lookup scan p50=")
                .contains("INFO latency lookup fullcache p50=")
                .contains("INFO target lookup_heap_nocache_vs_fullcache");
        // the partial cache saw repeated keys: some hits
        assertThat(out).containsPattern("facts lookup pqx_partial .*cache_hits=[1-9]");
        // pqx prunes: on average at most one row group read per lookup
        assertThat(out)
                .containsPattern("facts lookup pqx pqxLookups=\\d+ row_groups_read/lookup=0\\.");
    }

    private void assertScansMatch(TableScanner scanner, Path file) throws Exception {
        assertThat(scanner.scan(file, ScanDepth.LENGTHS))
                .isEqualTo(TableChecksum.of(table, ScanDepth.LENGTHS));
        assertThat(scanner.scan(file, ScanDepth.CONTENT))
                .isEqualTo(TableChecksum.of(table, ScanDepth.CONTENT));
    }
}
