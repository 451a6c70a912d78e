package io.pqx.bench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.format.FormatSettings;
import io.pqx.bench.format.LineitemGenerator;
import io.pqx.bench.format.LineitemTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code sink} suite's jobs on a few thousand rows, on a real MiniCluster: each sink commits
 * the whole table, in order, readable by pqx's reader, with the row groups the settings ask for.
 * Nothing here is timed.
 */
class SinkSuiteSmokeITCase {

    private static final int ROWS = 3_000;
    private static final FormatSettings SMALL_GROUPS =
            new FormatSettings("ZSTD", 3, 1_000, 1 << 20, 1 << 20, 20_000);

    private static final List<RowData> TABLE = new LineitemGenerator(7).generate(ROWS);
    private static String tableId;
    private static MiniClusterJobs jobs;

    @TempDir Path dir;

    @BeforeAll
    static void startCluster() throws Exception {
        tableId = TableRows.register(TABLE);
        jobs = MiniClusterJobs.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        jobs.close();
        TableRows.unregister(tableId);
    }

    @Test
    void flinkFileSinkCommitsTheWholeTableInOrder() throws Exception {
        SinkOutput output =
                runJob(new FlinkFileSinkContender(LineitemTable.ROW_TYPE, SMALL_GROUPS));

        assertThat(output.files()).hasSize(1);
        assertThat(output.hiddenFiles()).isZero();
        assertThat(output.rows()).isEqualTo(ROWS);
        assertThat(output.rowGroups()).isEqualTo(3);
        assertThat(output.facts().get(0).createdBy()).startsWith("parquet-mr");
        assertThat(output.verify(TABLE)).isEmpty();
    }

    @Test
    void pqxSinkCommitsTheWholeTableInOrderWithExactRowGroups() throws Exception {
        for (SinkContender pqx :
                List.of(
                        PqxSinkContender.parallel(LineitemTable.ROW_TYPE, SMALL_GROUPS),
                        PqxSinkContender.singleThreaded(LineitemTable.ROW_TYPE, SMALL_GROUPS))) {
            SinkOutput output = runJob(pqx);

            assertThat(output.files()).as(pqx.name()).hasSize(1);
            assertThat(output.hiddenFiles()).as(pqx.name()).isZero();
            assertThat(output.rows()).as(pqx.name()).isEqualTo(ROWS);
            assertThat(output.rowGroups()).as(pqx.name()).isEqualTo(3);
            assertThat(output.facts().get(0).createdBy()).as(pqx.name()).startsWith("pqx");
            assertThat(output.verify(TABLE)).as(pqx.name()).isEmpty();
        }
    }

    @Test
    void fullRunReportsNoFailureAndBothResultLines() throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(text, true, StandardCharsets.UTF_8));
        BenchmarkArgs args =
                BenchmarkArgs.parse(
                        "sink",
                        "--rows",
                        "2000",
                        "--rounds",
                        "1",
                        "--warmups",
                        "0",
                        "--case",
                        "throughput",
                        "--dir",
                        dir.toString());

        new SinkSuite().run(args, report);

        String out = text.toString(StandardCharsets.UTF_8);
        assertThat(report.failures()).isEmpty();
        assertThat(out)
                .contains(
                        "rows pqx=2000 pqx1=2000 pqx_large_groups=2000 flink=2000"
                                + " flink_large_groups=2000");
        assertThat(out)
                .contains("rowgroups pqx=1 pqx1=1 pqx_large_groups=1 flink=1 flink_large_groups=1");
        assertThat(out).contains("verified pqx reads pqx's 1 committed file(s): 2000 rows");
        assertThat(out).contains("verified pqx reads flink's 1 committed file(s): 2000 rows");
        assertThat(out)
                .containsPattern(
                        "INFO size pqx=\\d+ pqx1=\\d+ pqx_large_groups=\\d+ flink=\\d+"
                                + " flink_large_groups=\\d+");
        for (String who :
                List.of("pqx", "pqx1", "pqx_large_groups", "flink", "flink_large_groups")) {
            assertThat(out)
                    .containsPattern(
                            "INFO sink_activity "
                                    + who
                                    + " round_1/1 files=1 rowgroups=1 spills=\\d+ spilled_rows=\\d+"
                                    + " spilled_bytes=\\d+ .* cpu_s=[0-9.]+ by thread group"
                                    + " \\(s, threads\\):.* non-java=[0-9.]+");
        }
        assertThat(out).contains("INFO size_ratio pqx/flink=");
        for (String who :
                List.of("pqx", "pqx1", "pqx_large_groups", "flink", "flink_large_groups")) {
            assertThat(out)
                    .containsPattern(
                            "INFO heap_measured "
                                    + who
                                    + " live-peak=\\d+ MiB input-only=\\d+ MiB sink=-?\\d+ MiB");
        }
        assertThat(out).containsPattern("INFO heap_bound pqx sink=-?\\d+ MiB \\(measured: ");
        assertThat(report.comparisons())
                .extracting(c -> c.name() + "/" + c.peer())
                .containsExactly(
                        "sink_vs_flink_filesink/flink",
                        "sink_parallel_vs_single/pqx1",
                        "sink_vs_flink_filesink_cpu/flink",
                        "sink_large_groups_vs_flink_filesink/flink_large_groups",
                        "sink_large_groups_vs_flink_filesink_cpu/flink_large_groups");
        assertThat(report.comparisons())
                .filteredOn(c -> c.name().endsWith("_cpu"))
                .allSatisfy(c -> assertThat(c.unit()).isEqualTo("rows/cpu-s"));
    }

    @Test
    void verifyReportsOutputThatIsNotTheTable() throws Exception {
        SinkOutput output =
                runJob(new FlinkFileSinkContender(LineitemTable.ROW_TYPE, SMALL_GROUPS));

        assertThat(output.verify(TABLE.subList(1, ROWS)))
                .hasValueSatisfying(m -> assertThat(m).contains("rows"));
        List<RowData> shuffled = new ArrayList<>(TABLE);
        Collections.swap(shuffled, 0, ROWS - 1);
        assertThat(output.verify(shuffled)).isPresent();
    }

    @Test
    void peerOnlyRunReportsNoFailureAndVerifiesTheFiles() throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(text, true, StandardCharsets.UTF_8));
        BenchmarkArgs args =
                BenchmarkArgs.parse(
                        "sink",
                        "--rows",
                        "2000",
                        "--rounds",
                        "1",
                        "--warmups",
                        "0",
                        "--peer-only",
                        "--case",
                        "throughput",
                        "--dir",
                        dir.toString());

        new SinkSuite().run(args, report);

        String out = text.toString(StandardCharsets.UTF_8);
        assertThat(report.failures()).isEmpty();
        assertThat(out).contains("verified pqx reads flink's 1 committed file(s): 2000 rows");
        assertThat(out).contains("rows flink=2000");
        assertThat(report.comparisons()).isEmpty();
    }

    private SinkOutput runJob(SinkContender contender) throws Exception {
        Path out = dir.resolve(contender.name());
        jobs.run(
                "smoke-" + contender.name(),
                env ->
                        contender.attach(
                                env.fromSource(
                                        TableRows.source(tableId),
                                        WatermarkStrategy.noWatermarks(),
                                        "lineitem"),
                                out));
        return SinkOutput.of(out);
    }
}
