package io.pqx.bench.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code source} suite on a few thousand rows, on a real MiniCluster: every job of every
 * contender returns the query's rows with the right {@code l_orderkey} sum and every reader the
 * right aggregates of every returned column (the suite reports a failure otherwise), also over the
 * files of DuckDB, Arrow C++ and parquet-java (case {@code writers}) and pqx's uncompressed and
 * LZ4_RAW copies (case {@code codecs}), and each measurement's {@code RESULT} lines come out, with
 * pqx's bytes read and rows decoded and the files' layouts. Nothing here is timed.
 */
class SourceSuiteSmokeITCase {
    @TempDir Path dir;

    @Test
    void everyContenderReadsTheWholeTableAndEachMeasurementReports() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report = run(out);

        assertThat(report.failures()).isEmpty();
        assertThat(report.comparisons())
                .extracting(Comparison::name)
                .containsExactly(
                        "variant_write_unshredded",
                        "variant_write_unshredded_thread_cpu",
                        "variant_write_shredded",
                        "variant_write_shredded_thread_cpu",
                        "variant_filter_1pct_shredded_pruned",
                        "variant_filter_1pct_shredded_pruned_thread_cpu",
                        "variant_filter_1pct_shredded",
                        "variant_filter_1pct_shredded_thread_cpu",
                        "variant_filter_1pct_unshredded",
                        "variant_filter_1pct_unshredded_thread_cpu",
                        "variant_filter_1pct_pruning_thread_cpu",
                        "backfill",
                        "backfill_cpu",
                        "source_scan",
                        "source_scan_vs_duckdb",
                        "source_scan_vs_duckdb_cpu",
                        "source_scan_vs_duckdb_thread_cpu",
                        "source_scan_reader_vs_flink_reader",
                        "source_scan_vs_parquetjava",
                        "source_scan_nocrc_vs_duckdb",
                        "source_scan_crc_vs_duckdb_thread_cpu",
                        "source_scan_nocrc_vs_duckdb_thread_cpu",
                        "source_range_1pct",
                        "source_range_1pct_vs_duckdb",
                        "source_range_1pct_vs_duckdb_cpu",
                        "source_range_1pct_vs_duckdb_thread_cpu",
                        "source_range_1pct_reader_vs_flink_reader",
                        "source_range_1pct_vs_parquetjava",
                        "source_unsorted_1pct",
                        "source_unsorted_1pct_vs_duckdb",
                        "source_unsorted_1pct_vs_duckdb_cpu",
                        "source_unsorted_1pct_vs_duckdb_thread_cpu",
                        "source_unsorted_1pct_reader_vs_flink_reader",
                        "source_unsorted_1pct_vs_parquetjava",
                        "source_unsorted_1pct_late",
                        "source_unsorted_1pct_late_reader",
                        "source_unsorted_1pct_late_reader_thread_cpu",
                        "source_runtime_filter_1pct",
                        "source_runtime_filter_1pct_filter",
                        "source_scan_duckdb_vs_duckdb_thread_cpu",
                        "source_scan_duckdb_vs_duckdb",
                        "source_scan_arrow_vs_duckdb_thread_cpu",
                        "source_scan_arrow_vs_duckdb",
                        "source_scan_parquetjava_v2_delta_vs_duckdb_thread_cpu",
                        "source_scan_parquetjava_v2_delta_vs_duckdb",
                        "source_unsorted_1pct_uncompressed_vs_duckdb_thread_cpu",
                        "source_unsorted_1pct_uncompressed_late_reader_thread_cpu",
                        "source_unsorted_1pct_lz4raw_vs_duckdb_thread_cpu",
                        "source_unsorted_1pct_lz4raw_late_reader_thread_cpu",
                        "objectstore_scan_vs_local",
                        "objectstore_scan",
                        "objectstore_scan_readahead",
                        "objectstore_range_1pct_vs_local",
                        "objectstore_range_1pct",
                        "objectstore_range_1pct_readahead");

        assertThat(report.comparisons())
                .filteredOn(c -> c.name().endsWith("_thread_cpu"))
                .allSatisfy(
                        c -> {
                            assertThat(c.unit()).isEqualTo("rows/thread-cpu-s");
                            assertThat(c.pqxRowsPerSecond()).isPositive().isFinite();
                            assertThat(c.peerRowsPerSecond()).isPositive().isFinite();
                        });
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("INFO decode_ahead source_scan ")
                .containsPattern(
                        "INFO floor source_scan read=[0-9.]+s read_via=(chunked|channel)"
                                + " zstd_only=[0-9.]+s floor=[0-9.]+s .*"
                                + " pqx_reader_nocrc=[0-9.]+s duckdb=[0-9.]+s .*"
                                + " vs_duckdb_at_most=[0-9.]+")
                .containsPattern(
                        "INFO floor source_unsorted_1pct_uncompressed read=[0-9.]+s read_via=\\w+"
                                + " uncompressed_only=0.000s .* late_reader_ratio_at_most=[0-9.]+")
                .containsPattern(
                        "INFO floor source_unsorted_1pct_lz4raw read=[0-9.]+s read_via=\\w+"
                                + " lz4_raw_only=")
                // a filtered query's floor goes on with the walk late materialization cannot skip
                .containsPattern(
                        "INFO floor source_unsorted_1pct_uncompressed .* walk=[0-9.]+s"
                                + " with_walk=[0-9.]+s vs_duckdb_with_walk_at_most=[0-9.]+"
                                + " late_reader_ratio_with_walk_at_most=[0-9.]+")
                .containsPattern("INFO floor source_unsorted_1pct read=.* walk=[0-9.]+s ")
                // pqx's pages carry CRCs: the bounds of a reader that checks them close the line
                .containsPattern(
                        "INFO floor source_unsorted_1pct_uncompressed .* with_walk=[0-9.]+s .*"
                                + " crc=[0-9.]+s with_crc=[0-9.]+s"
                                + " vs_duckdb_with_crc_at_most=[0-9.]+"
                                + " late_reader_ratio_with_crc_at_most=[0-9.]+")
                .containsPattern(
                        "INFO floor source_scan read=.* crc=[0-9.]+s with_crc=[0-9.]+s"
                                + " vs_duckdb_with_crc_at_most=[0-9.]+")
                .doesNotContainPattern("INFO floor source_scan .* walk=")
                .containsPattern(
                        "INFO floor source_scan_parquetjava_v2_delta read=[0-9.]+s"
                                + " read_via=\\w+ zstd_only=")
                .contains("INFO cpu source_range_1pct ")
                .containsPattern(
                        "INFO store_floor objectstore_range_1pct pqx_local=[0-9.]+s round_trips=3"
                                + " latency=0.020s transfer=[0-9.]+s startup_overlap=[0-9.]+s"
                                + " floor=[0-9.]+s pqx=[0-9.]+s flink=[0-9.]+s waves=[1-9][0-9]*"
                                + " ratio=[0-9.]+ ratio_at_most=[0-9.]+ ")
                .containsPattern(
                        "INFO read source_unsorted_1pct pqx bytes=[1-9][0-9]* .* rows_decoded=[1-9]")
                .containsPattern("INFO read source_range_1pct pqx_reader bytes=[1-9][0-9]* ")
                .containsPattern("INFO target source_runtime_filter_1pct rows_decoded=")
                .containsPattern("INFO thread_cpu source_scan pqx_reader=[1-9][0-9]* .*duckdb=")
                .containsPattern("INFO cores source_scan pqx_reader=[0-9.]+ ")
                .containsPattern(
                        "INFO paired_thread_cpu source_scan .*vs_duckdb=[0-9.]+\\(q1 [0-9.]+, q3"
                                + " [0-9.]+\\) .*rounds=1 ")
                .containsPattern(
                        "INFO paired_floor source_scan floor=[0-9.]+s rounds=1"
                                + " vs_duckdb_at_most=[0-9.]+\\(q1 [0-9.]+, q3 [0-9.]+\\)"
                                + " pqx_reader_over_floor=[0-9.]+")
                .containsPattern(
                        "INFO paired_floor source_unsorted_1pct_lz4raw floor=[0-9.]+s rounds=1"
                                + " vs_duckdb_at_most=[0-9.]+\\(q1 [0-9.]+, q3 [0-9.]+\\)"
                                + " late_reader_ratio_at_most=[0-9.]+\\(q1 [0-9.]+, q3 [0-9.]+\\)"
                                + " pqx_reader_over_floor=[0-9.]+")
                .doesNotContainPattern("INFO paired_floor source_range_1pct ")
                .containsPattern(
                        "INFO file source_scan_duckdb .* created_by='DuckDB .* codecs=ZSTD ")
                .containsPattern(
                        "INFO file source_scan_arrow .* created_by='parquet-cpp-arrow .*"
                                + " codecs=UNCOMPRESSED ")
                .containsPattern(
                        "INFO file source_scan_parquetjava_v2_delta .* codecs=ZSTD .*"
                                + " l_orderkey=DELTA_BINARY_PACKED .* l_comment=DELTA_BYTE_ARRAY")
                .containsPattern(
                        "INFO file source_unsorted_1pct_lz4raw .* codecs=LZ4_RAW .* crc=([0-9]+)/\\1 ");
    }

    @Test
    void oneCaseRunsAlone() throws Exception {
        BenchmarkReport report = run(new ByteArrayOutputStream(), "--case", "codecs");

        assertThat(report.failures()).isEmpty();
        assertThat(report.comparisons())
                .extracting(Comparison::name)
                .containsExactly(
                        "source_unsorted_1pct_uncompressed_vs_duckdb_thread_cpu",
                        "source_unsorted_1pct_uncompressed_late_reader_thread_cpu",
                        "source_unsorted_1pct_lz4raw_vs_duckdb_thread_cpu",
                        "source_unsorted_1pct_lz4raw_late_reader_thread_cpu");
    }

    @Test
    void theVariantCaseRunsAloneChecksEveryFilterAnswerAndCountsWhatCouldBePruned()
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report = run(out, "--case", "variant", "--rows", "250000");

        // every contender's matches, user_id sum and amount sum equal the generator's
        assertThat(report.failures()).isEmpty();
        String printed = out.toString(StandardCharsets.UTF_8);
        List<String> names = report.comparisons().stream().map(Comparison::name).toList();
        assertThat(names)
                .startsWith(
                        "variant_write_unshredded",
                        "variant_write_unshredded_thread_cpu",
                        "variant_write_shredded",
                        "variant_write_shredded_thread_cpu");
        assertThat(printed).doesNotContain("variant_shredded_pruned: not measured");
        // a build with predicates on VARIANT fields: the pruned read skips what the
        // statistics exclude
        assertThat(names)
                .contains(
                        "variant_filter_1pct_shredded_pruned",
                        "variant_filter_1pct_pruning_thread_cpu");
        assertThat(printed)
                .containsPattern(
                        "INFO read variant_filter_1pct variant_shredded_pruned .*"
                                + " row_groups_skipped=[1-9][0-9]*/3 ");
        assertThat(report.textResults())
                .anySatisfy(
                        t ->
                                assertThat(t)
                                        .matches(
                                                "variant_file_bytes variant_unshredded=[1-9][0-9]*"
                                                        + " variant_shredded=[1-9][0-9]*"
                                                        + " json_string=[1-9][0-9]* .*"));
        // 250,000 rows in 100,000-row row groups; the middle 1 % lies in row group 1
        assertThat(printed)
                .contains(
                        "INFO prunable variant_filter_1pct variant_shredded"
                                + " leaf=e.typed_value.user_id.typed_value row_groups=2/3 ")
                .containsPattern(
                        "INFO read variant_filter_1pct json_string bytes=[1-9][0-9]* .*"
                                + " rows_decoded=250000 ")
                .contains("INFO file variant variant_shredded ")
                .contains("e.typed_value.user_id.typed_value=");
    }

    @Test
    void theBackfillCaseRunsAloneCountsEveryRowAndReportsWindowsAndLateRows() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report = run(out, "--case", "backfill", "--rows", "20000");

        // every fired window count summed to the rows written, no row dropped as late
        assertThat(report.failures()).isEmpty();
        assertThat(report.comparisons())
                .extracting(Comparison::name)
                .containsExactly("backfill", "backfill_cpu");
        assertThat(report.textResults())
                .anySatisfy(
                        t ->
                                assertThat(t)
                                        .matches(
                                                "backfill_open_windows pqx=[1-9][0-9]*"
                                                        + " flink=[1-9][0-9]* unit=windows"))
                .contains("backfill_late_rows pqx=0 flink=0 unit=rows");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .containsPattern("INFO round 1/1 backfill .*pqx=[0-9.]+s\\(cpu ")
                .containsPattern("flink's out-of-orderness bound [1-9][0-9]* ms");
    }

    @Test
    void anUnknownCaseIsRefusedWithTheCases() {
        assertThatThrownBy(() -> run(new ByteArrayOutputStream(), "--case", "nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown case 'nope'")
                .hasMessageContaining(
                        "local, writers, codecs, objectstore, planning, variant, backfill");
    }

    private BenchmarkReport run(ByteArrayOutputStream out, String... more) throws Exception {
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        List<String> argv =
                new ArrayList<>(
                        List.of(
                                "source",
                                "--rows",
                                "3000",
                                "--rounds",
                                "1",
                                "--warmups",
                                "0",
                                "--dir",
                                dir.toString()));
        argv.addAll(List.of(more));
        new SourceSuite().run(BenchmarkArgs.parse(argv.toArray(String[]::new)), report);
        return report;
    }
}
