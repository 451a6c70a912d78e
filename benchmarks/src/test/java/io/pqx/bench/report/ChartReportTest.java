package io.pqx.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.bench.results.ResultsFile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code benchmarks/run report} on small hand-written results files. */
class ChartReportTest {

    @TempDir Path root;

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    @Test
    void drawsTheNewestRunOfEachSuiteAsADecodablePng() throws Exception {
        Path results = Files.createDirectories(root.resolve("results"));
        // An older source run with one result: the chart must show the newer one's three bars.
        Files.writeString(
                results.resolve("source-20261201T100000Z.json"),
                resultsFile("source", "2026-12-01T10:00:00Z", row("source_scan", "flink", 2, 1)));
        Files.writeString(
                results.resolve("source-20261203T100000Z.json"),
                resultsFile(
                                "source",
                                "2026-12-03T10:00:00Z",
                                row("source_scan", "flink", 3_000_000, 2_000_000)
                                        + ",\n"
                                        + row("source_scan_vs_duckdb", "duckdb", 900_000, 1_000_000)
                                        + ",\n"
                                        + row("source_range_1pct", "flink", 40_000_000, 2_500_000))
                        .replace("\"floors\": []", "\"floors\": [" + FLOOR + "]"));
        Files.writeString(
                results.resolve("lookup-20261203T110000Z.json"),
                resultsFile(
                        "lookup",
                        "2026-12-03T11:00:00Z",
                        row("lookup_heap_nocache_vs_fullcache", "fullcache", 1e6, 9e8, "bytes")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code =
                ChartReport.run(
                        new String[] {"--results", "results", "--out", "charts"},
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        root);

        assertThat(code).isZero();
        Path charts = root.resolve("charts");
        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .containsExactly(
                        "chart " + charts.resolve("lookup.png"),
                        "chart " + charts.resolve("source.png"),
                        "chart " + charts.resolve(ChartReport.FLINK_CHART));
        BufferedImage source = decode(charts.resolve("source.png"));
        BufferedImage lookup = decode(charts.resolve("lookup.png"));
        BufferedImage flink = decode(charts.resolve(ChartReport.FLINK_CHART));
        assertThat(source.getWidth()).isEqualTo(RatioChart.WIDTH);
        // Height grows by one bar's room per result (three bars, not the old run's one) and by a
        // line for the floor.
        assertThat(source.getHeight() - lookup.getHeight()).isEqualTo(2 * 34 + 22);
        assertThat(source.getHeight()).isBetween(250, 2000);
        // Two of source's three results are against Flink's connector.
        assertThat(flink.getHeight()).isLessThan(source.getHeight());
        // The bars are painted: the first peer's colour is there, and the picture is no blank.
        assertThat(countPixels(source, 0x4e79a7)).isGreaterThan(500);
        assertThat(countPixels(lookup, 0x4e79a7)).isGreaterThan(100);
    }

    @Test
    void leavesOutRunsWithFailuresAndSaysWhenNothingIsLeft() throws Exception {
        Path results = Files.createDirectories(root.resolve("results"));
        Files.writeString(
                results.resolve("format-20261203T100000Z.json"),
                resultsFile("format", "2026-12-03T10:00:00Z", row("format_write", "duckdb", 2, 1))
                        .replace("\"failures\": []", "\"failures\": [\"checksum differs\"]"));

        int code =
                ChartReport.run(
                        new String[] {"--results", "results", "--out", "charts"},
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        root);

        assertThat(code).isEqualTo(2);
        assertThat(root.resolve("charts")).doesNotExist();
    }

    @Test
    void describesTheRunShownWithItsSizeAndDate() throws Exception {
        Path results = Files.createDirectories(root.resolve("results"));
        Files.writeString(
                results.resolve("format-20261203T100000Z.json"),
                resultsFile("format", "2026-12-03T10:00:00Z", row("format_write", "duckdb", 2, 1)));

        String line =
                ChartReport.describe(
                        ResultsFile.read(results.resolve("format-20261203T100000Z.json")));

        assertThat(line)
                .isEqualTo(
                        "format: 200,000 rows (smoke size; the suite's default is 5,000,000), 1"
                                + " measured round after 1 warm-up, 2026-12-03 10:00 UTC, commit"
                                + " 0123456789, 2 cores, load 3.5 at start");
    }

    private static final String FLOOR =
            "{\"kind\": \"job_floor\", \"measurement\": \"source_range_1pct\", \"figures\":"
                    + " {\"empty_job\": \"0.300s\"}, \"line\": \"job_floor source_range_1pct"
                    + " empty_job=0.300s pqx=0.500s flink=2.000s ratio=4.00"
                    + " ratio_above_floor=8.50 ratio_at_most=6.67 (flink / empty_job)\"}";

    private static BufferedImage decode(Path png) throws Exception {
        assertThat(png).isRegularFile();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("%s decodes", png).isNotNull();
        return image;
    }

    private static int countPixels(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }

    private static String row(String name, String peer, double pqx, double other) {
        return row(name, peer, pqx, other, "rows/s");
    }

    private static String row(String name, String peer, double pqx, double other, String unit) {
        return String.format(
                Locale.ROOT,
                "{\"name\": \"%s\", \"pqx\": %s, \"peer\": \"%s\", \"peer_value\": %s,"
                        + " \"ratio\": %s, \"unit\": \"%s\"}",
                name,
                pqx,
                peer,
                other,
                pqx / other,
                unit);
    }

    private static String resultsFile(String suite, String started, String rows) {
        return """
                {
                  "format_version": 1,
                  "suite": "%s",
                  "started_at": "%s",
                  "finished_at": "%s",
                  "git_commit": "0123456789abcdef0123456789abcdef01234567",
                  "git_dirty": false,
                  "machine": {"cores": 2, "max_heap_bytes": 8589934592,
                    "java_version": "17.0.15+6", "java_vm": "OpenJDK 64-Bit Server VM",
                    "os": "Linux 6.1 amd64", "load_average_at_start": 3.5, "jvm_arguments": []},
                  "arguments": ["%s", "--rows", "200000", "--rounds", "1"],
                  "settings": {"rows": "200000", "default_rows": "5000000"},
                  "results": [%s],
                  "other_results": [],
                  "floors": [],
                  "failures": []
                }
                """
                .formatted(suite, started, started, suite, rows);
    }
}
