package io.pqx.bench.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.Comparison;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The {@code source} suite on a few thousand rows, on a real MiniCluster: every job of every
 * contender reads every row with the right {@code l_orderkey} sum (the suite reports a failure
 * otherwise), and one {@code RESULT} per measurement comes out. Nothing here is timed.
 */
class SourceSuiteSmokeITCase {
    @TempDir Path dir;

    @Test
    void everyContenderReadsTheWholeTableAndEachMeasurementReports() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        new SourceSuite().run(BenchmarkArgs.parse("source", "--rows", "3000", "--rounds", "1",
                "--warmups", "0", "--dir", dir.toString()), report);

        assertThat(report.failures()).isEmpty();
        assertThat(report.comparisons()).extracting(Comparison::name)
                .containsExactly("source_scan", "source_scan_2cols", "source_range_1pct");
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("INFO decode_ahead source_scan ")
                .contains("INFO cpu source_scan_2cols ");
    }
}
