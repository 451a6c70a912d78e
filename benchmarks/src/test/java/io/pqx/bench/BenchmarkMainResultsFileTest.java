package io.pqx.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.results.Json;
import io.pqx.bench.results.ResultsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fake suite run through {@link BenchmarkMain}: the results file it leaves, field by field. */
class BenchmarkMainResultsFileTest {

    @TempDir Path dir;

    /** Reports what a real suite reports, with known figures. */
    private static final class FakeSuite implements BenchmarkSuite {
        private final boolean fail;

        FakeSuite(boolean fail) {
            this.fail = fail;
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public String summary() {
            return "a suite for tests";
        }

        @Override
        public void run(BenchmarkArgs args, BenchmarkReport report) {
            report.setting("rows", args.rowsOr(5_000_000));
            report.info("fake warm-up done");
            report.result(new Comparison("fake_read", "flink", 3_000_000, 1_500_000));
            report.result(
                    new Comparison("fake_read_cpu", "duckdb", 900_000, 1_000_000, "rows/cpu-s"));
            report.resultText("fake files pqx=%d filesink=%d ratio=%.1fx", 4, 100, 25.0);
            report.floor("floor fake_read zstd_only=%.3fs (best of 5) pqx_reader=%.3fs", 0.25, 0.5);
            report.floor("job_floor fake_read empty_job=%.3fs ratio_at_most=%.2f", 0.1, 7.5);
            if (fail) {
                report.failure("fake_read: checksum differs");
            }
        }
    }

    @Test
    void aRunWritesOneResultsFileWithItsFactsAndEveryResult() throws Exception {
        Instant before = Instant.now();
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code = run(false, "fake", "--rows", "2000", "--rounds", "2");

        assertThat(code).isZero();
        Path file = onlyFile();
        assertThat(file.getFileName().toString()).matches("fake-\\d{8}T\\d{6}Z\\.json");
        Map<String, Object> json = parse(file);
        assertThat(json)
                .containsEntry("format_version", 1.0)
                .containsEntry("suite", "fake")
                .containsEntry("arguments", List.of("fake", "--rows", "2000", "--rounds", "2"))
                .containsEntry("settings", Map.of("rows", "2000"))
                .containsEntry("failures", List.of())
                .containsEntry(
                        "other_results", List.of("fake files pqx=4 filesink=100 ratio=25.0x"));
        Instant started = Instant.parse((String) json.get("started_at"));
        assertThat(started).isBetween(before.minusSeconds(1), Instant.now());
        assertThat(Instant.parse((String) json.get("finished_at"))).isAfterOrEqualTo(started);
        assertThat(json.get("git_commit")).isEqualTo(gitHead());
        assertThat(json.get("git_dirty")).isInstanceOf(Boolean.class);

        @SuppressWarnings("unchecked")
        Map<String, Object> machine = (Map<String, Object>) json.get("machine");
        assertThat(machine)
                .containsEntry("cores", (double) Runtime.getRuntime().availableProcessors())
                .containsEntry("max_heap_bytes", (double) Runtime.getRuntime().maxMemory())
                .containsEntry("java_version", System.getProperty("java.runtime.version"))
                .containsKeys("java_vm", "load_average_at_start", "jvm_arguments");
        assertThat((String) machine.get("os")).startsWith(System.getProperty("os.name"));

        assertThat(json.get("results"))
                .isEqualTo(
                        List.of(
                                Map.of(
                                        "name",
                                        "fake_read",
                                        "pqx",
                                        3_000_000.0,
                                        "peer",
                                        "flink",
                                        "peer_value",
                                        1_500_000.0,
                                        "ratio",
                                        2.0,
                                        "unit",
                                        "rows/s"),
                                Map.of(
                                        "name",
                                        "fake_read_cpu",
                                        "pqx",
                                        900_000.0,
                                        "peer",
                                        "duckdb",
                                        "peer_value",
                                        1_000_000.0,
                                        "ratio",
                                        0.9,
                                        "unit",
                                        "rows/cpu-s")));
        assertThat(json.get("floors"))
                .isEqualTo(
                        List.of(
                                Map.of(
                                        "kind",
                                        "floor",
                                        "measurement",
                                        "fake_read",
                                        "figures",
                                        Map.of("zstd_only", "0.250s", "pqx_reader", "0.500s"),
                                        "line",
                                        "floor fake_read zstd_only=0.250s (best of 5)"
                                                + " pqx_reader=0.500s"),
                                Map.of(
                                        "kind",
                                        "job_floor",
                                        "measurement",
                                        "fake_read",
                                        "figures",
                                        Map.of("empty_job", "0.100s", "ratio_at_most", "7.50"),
                                        "line",
                                        "job_floor fake_read empty_job=0.100s"
                                                + " ratio_at_most=7.50")));
        assertThat(ResultsFile.read(file).results())
                .containsExactly(
                        new Comparison("fake_read", "flink", 3_000_000, 1_500_000),
                        new Comparison(
                                "fake_read_cpu", "duckdb", 900_000, 1_000_000, "rows/cpu-s"));
    }

    @Test
    void aFailedRunWritesItsFailuresSoThatChartsLeaveItOut() throws Exception {
        int code = run(true, "fake");

        assertThat(code).isEqualTo(1);
        Map<String, Object> json = parse(onlyFile());
        assertThat(json).containsEntry("failures", List.of("fake_read: checksum differs"));
        assertThat(json).containsEntry("settings", Map.of("rows", "5000000"));
        assertThat(ResultsFile.newestPerSuite(ResultsFile.readAll(dir))).isEmpty();
    }

    @Test
    void twoRunsInOneSecondKeepBothFiles() throws Exception {
        run(false, "fake");
        run(false, "fake");

        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .hasSize(2)
                    .allMatch(n -> n.matches("fake-\\d{8}T\\d{6}Z(-2)?\\.json"));
        }
    }

    @Test
    void aUsageErrorWritesNoFile() throws Exception {
        int code = run(false, "fake", "--rounds", "0");

        assertThat(code).isEqualTo(2);
        assertThat(dir).isEmptyDirectory();
    }

    private int run(boolean fail, String... argv) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BenchmarkReport report =
                new BenchmarkReport(new PrintStream(out, true, StandardCharsets.UTF_8));
        return BenchmarkMain.run(
                argv,
                report,
                name -> name.equals("fake") ? Optional.of(new FakeSuite(fail)) : Optional.empty(),
                Optional.of(dir),
                ResultsFile.repositoryRoot(Path.of("")));
    }

    private Path onlyFile() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.toList();
            assertThat(all).hasSize(1);
            return all.get(0);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parse(Path file) throws Exception {
        return (Map<String, Object>) Json.parse(Files.readString(file));
    }

    private static String gitHead() throws Exception {
        Process git =
                new ProcessBuilder("git", "rev-parse", "HEAD")
                        .directory(ResultsFile.repositoryRoot(Path.of("")).toFile())
                        .start();
        String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor()).isZero();
        return head.trim();
    }
}
