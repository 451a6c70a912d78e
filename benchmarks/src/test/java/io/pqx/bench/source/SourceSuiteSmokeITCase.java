package io.pqx.bench.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code source} suite on a few thousand rows, on a real MiniCluster: every job of every
 * contender returns the query's rows with the right {@code l_orderkey} sum and every reader the
 * right aggregates of every returned column (the suite reports a failure otherwise), and each
 * measurement's {@code RESULT} lines come out, with pqx's bytes read and rows decoded. Nothing here
 * is timed.
 */
class SourceSuiteSmokeITCase {
    @TempDir Path dir;

    @Test
    void everyContenderReadsTheWholeTableAndEachMeasurementReports() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        new SourceSuite()
                .run(
                        BenchmarkArgs.parse(
                                "source",
                                "--rows",
                                "3000",
                                "--rounds",
                                "1",
                                "--warmups",
                                "0",
                                "--dir",
                                dir.toString()),
                        report);

        assertThat(report.failures()).isEmpty();
        assertThat(report.comparisons())
                .extracting(Comparison::name)
                .containsExactly(
                        "source_scan",
                        "source_scan_vs_duckdb",
                        "source_scan_vs_duckdb_cpu",
                        "source_scan_reader_vs_flink_reader",
                        "source_scan_vs_parquetjava",
                        "source_scan_nocrc_vs_duckdb",
                        "source_range_1pct",
                        "source_range_1pct_vs_duckdb",
                        "source_range_1pct_vs_duckdb_cpu",
                        "source_range_1pct_reader_vs_flink_reader",
                        "source_range_1pct_vs_parquetjava",
                        "source_unsorted_1pct",
                        "source_unsorted_1pct_vs_duckdb",
                        "source_unsorted_1pct_vs_duckdb_cpu",
                        "source_unsorted_1pct_reader_vs_flink_reader",
                        "source_unsorted_1pct_vs_parquetjava",
                        "source_unsorted_1pct_late",
                        "source_unsorted_1pct_late_reader",
                        "source_runtime_filter_1pct",
                        "source_runtime_filter_1pct_filter",
                        "objectstore_scan_vs_local",
                        "objectstore_scan",
                        "objectstore_scan_readahead",
                        "objectstore_range_1pct_vs_local",
                        "objectstore_range_1pct",
                        "objectstore_range_1pct_readahead");
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("INFO decode_ahead source_scan ")
                .containsPattern("INFO floor source_scan zstd_only=[0-9.]+s .* pqx_reader_nocrc=")
                .contains("INFO cpu source_range_1pct ")
                .containsPattern(
                        "INFO read source_unsorted_1pct pqx bytes=[1-9][0-9]* .* rows_decoded=[1-9]")
                .containsPattern("INFO read source_range_1pct pqx_reader bytes=[1-9][0-9]* ")
                .containsPattern("INFO target source_runtime_filter_1pct rows_decoded=");
    }
}
