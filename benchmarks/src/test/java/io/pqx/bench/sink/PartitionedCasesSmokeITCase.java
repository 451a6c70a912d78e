package io.pqx.bench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code sink} suite's partitioned cases on a few thousand rows: each runs alone with {@code
 * --case}, both sinks' files are read back and found exact, and the RESULT lines carry the figures
 * (checkpoint durations read from the cluster). Nothing here is timed.
 */
class PartitionedCasesSmokeITCase {

    @TempDir Path dir;

    @AfterEach
    void clearProperties() {
        System.clearProperty(StreamingCase.ROWS);
        System.clearProperty(StreamingCase.RATE);
        System.clearProperty(WideCase.ROWS);
    }

    @Test
    void streamingCaseVerifiesBothSinksAndReportsFilesAndCheckpoints() throws Exception {
        System.setProperty(StreamingCase.ROWS, "6000");
        System.setProperty(StreamingCase.RATE, "2000");

        String out = run("streaming");

        assertThat(out).contains("verified pqx reads pqx's", "verified pqx reads filesink's");
        assertThat(out)
                .containsPattern("RESULT sink_streaming files pqx=\\d+ filesink=\\d+ ratio=");
        assertThat(out)
                .containsPattern(
                        "RESULT sink_streaming checkpoint_ms p50/p99 pqx=\\d+/\\d+ filesink=\\d+/\\d+");
        assertThat(out)
                .containsPattern("INFO sink_streaming pqx files=\\d+ .* checkpoint_ms n=[1-9]");
        assertThat(out).contains("INFO target sink_streaming files ratio=");
        assertThat(out).doesNotContain("sink_wide", "sink_vs_flink_filesink");
    }

    @Test
    void wideCaseVerifiesBothSinksAndReportsTheLiveHeap() throws Exception {
        System.setProperty(WideCase.ROWS, "5000");

        String out = run("wide");

        // at least one file per partition (a checkpoint during the job rolls more)
        assertThat(out)
                .containsPattern(
                        "verified pqx reads pqx's [1-9]\\d\\d+ committed files: ids 0..4999");
        assertThat(out)
                .containsPattern(
                        "verified pqx reads filesink's [1-9]\\d\\d+ committed files: ids 0..4999");
        assertThat(out).containsPattern("RESULT sink_wide pqx=\\d+ filesink=\\d+ ratio=");
        assertThat(out)
                .containsPattern("RESULT sink_wide peak_live_heap_mib pqx=\\d+ filesink=\\d+");
        assertThat(out).doesNotContain("sink_streaming", "sink_vs_flink_filesink");
    }

    @Test
    void anUnknownCaseFails() throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(text, true, StandardCharsets.UTF_8));
        new SinkSuite().run(BenchmarkArgs.parse("sink", "--case", "narrow"), report);
        assertThat(report.failures())
                .singleElement()
                .asString()
                .contains("unknown case 'narrow'", "throughput, streaming, wide");
    }

    private String run(String which) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(text, true, StandardCharsets.UTF_8));
        new SinkSuite()
                .run(
                        BenchmarkArgs.parse(
                                "sink",
                                "--case",
                                which,
                                "--rounds",
                                "1",
                                "--warmups",
                                "0",
                                "--dir",
                                dir.toString()),
                        report);
        String out = text.toString(StandardCharsets.UTF_8);
        assertThat(report.failures()).as(out).isEmpty();
        return out;
    }
}
