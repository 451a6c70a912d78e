package io.pqx.bench.report;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.Comparison;
import io.pqx.bench.results.ResultsFile;
import io.pqx.bench.results.RunRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Entry point of {@code benchmarks/run report [--results D] [--out D]}: draws the charts of {@code
 * docs/benchmarks/} from the results files alone; it builds and runs no suite.
 *
 * <p>Per suite it takes the newest results file without failures and with comparisons ({@link
 * ResultsFile#newestPerSuite}) and writes {@code <suite>.png}: every comparison of that run as a
 * {@link RatioChart} bar. It also writes {@value #FLINK_CHART}: the comparisons against Flink's own
 * connector (peers {@code flink}, {@code flink_reader}, {@code filesink}) from those same runs.
 * Titles say which run each chart shows: rows, rounds, date, commit; a suite's floor lines (zstd
 * alone, an empty job) are printed under its chart. Exit code 2 when there is no results file to
 * draw from.
 */
public final class ChartReport {

    /** File name of the chart against Flink's own connector, across suites. */
    public static final String FLINK_CHART = "flink.png";

    /** Peers that are Flink's own connector (source, its reader, or its sink). */
    static final Set<String> FLINK_PEERS = Set.of("flink", "flink_reader", "filesink");

    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private ChartReport() {}

    public static void main(String[] argv) throws Exception {
        System.setProperty("java.awt.headless", "true");
        System.exit(run(argv, System.out, ResultsFile.repositoryRoot(Path.of(""))));
    }

    /**
     * Draws the charts; returns the exit code. Relative {@code --results} and {@code --out} folders
     * are taken from {@code root} (defaults: {@code benchmarks/results}, {@code docs/benchmarks}).
     */
    static int run(String[] argv, PrintStream out, Path root) throws IOException {
        Path results = root.resolve(ResultsFile.DEFAULT_DIR);
        Path charts = root.resolve(Path.of("docs", "benchmarks"));
        for (int i = 0; i < argv.length; i++) {
            if ((argv[i].equals("--results") || argv[i].equals("--out")) && i + 1 < argv.length) {
                Path dir = root.resolve(argv[i + 1]);
                if (argv[i].equals("--results")) {
                    results = dir;
                } else {
                    charts = dir;
                }
                i++;
            } else {
                System.err.println(
                        "Cannot draw charts: unknown or incomplete option '" + argv[i] + "'");
                System.err.println("Usage: benchmarks/run report [--results D] [--out D]");
                return 2;
            }
        }
        List<Path> written = write(results, charts);
        if (written.isEmpty()) {
            System.err.println(
                    "Cannot draw charts: no results file with comparisons and without failures in "
                            + results
                            + " (benchmarks/run <suite> writes one per run)");
            return 2;
        }
        written.forEach(p -> out.println("chart " + p));
        return 0;
    }

    /** Draws every chart from the files in {@code results} into {@code charts}; returns them. */
    public static List<Path> write(Path results, Path charts) throws IOException {
        Map<String, RunRecord> newest = ResultsFile.newestPerSuite(ResultsFile.readAll(results));
        if (newest.isEmpty()) {
            return List.of();
        }
        Files.createDirectories(charts);
        List<Path> written = new ArrayList<>();
        List<Comparison> againstFlink = new ArrayList<>();
        List<String> flinkRuns = new ArrayList<>();
        for (RunRecord run : newest.values()) {
            Path file = charts.resolve(run.suite() + ".png");
            new RatioChart(
                            "pqx against its peers: suite " + run.suite(),
                            List.of(describe(run), RATIO_MEANING),
                            run.floors(),
                            run.results())
                    .writePng(file);
            written.add(file);
            List<Comparison> flink =
                    run.results().stream().filter(c -> FLINK_PEERS.contains(c.peer())).toList();
            if (!flink.isEmpty()) {
                againstFlink.addAll(flink);
                flinkRuns.add(describe(run));
            }
        }
        if (!againstFlink.isEmpty()) {
            List<String> subtitles = new ArrayList<>(flinkRuns);
            subtitles.add(RATIO_MEANING);
            Path file = charts.resolve(FLINK_CHART);
            new RatioChart(
                            "pqx against Flink's own connector (FileSource / FileSink"
                                    + " with flink-parquet)",
                            subtitles,
                            List.of(),
                            againstFlink)
                    .writePng(file);
            written.add(file);
        }
        return written;
    }

    private static final String RATIO_MEANING =
            "ratio = pqx / peer, median of the measured rounds; for throughputs right of 1.0 means"
                    + " pqx is faster";

    /** One line naming the run a chart shows: suite, size, rounds, date, commit, machine. */
    static String describe(RunRecord run) {
        StringBuilder line = new StringBuilder(run.suite()).append(": ");
        String rows = run.settings().get("rows");
        if (rows != null) {
            line.append(grouped(rows)).append(" rows");
            String fullSize = run.settings().get("default_rows");
            if (fullSize != null && !fullSize.equals(rows)) {
                line.append(" (smoke size; the suite's default is ")
                        .append(grouped(fullSize))
                        .append(")");
            }
            line.append(", ");
        }
        try {
            BenchmarkArgs args = BenchmarkArgs.parse(run.arguments().toArray(String[]::new));
            line.append(
                    String.format(
                            Locale.ROOT,
                            "%d measured round%s after %d warm-up%s, ",
                            args.rounds(),
                            args.rounds() == 1 ? "" : "s",
                            args.warmups(),
                            args.warmups() == 1 ? "" : "s"));
            args.onlyCase().ifPresent(c -> line.append("case ").append(c).append(" only, "));
        } catch (IllegalArgumentException e) {
            line.append("arguments ").append(String.join(" ", run.arguments())).append(", ");
        }
        String commit = run.git().commit();
        line.append(DATE.format(run.startedAt()))
                .append(", commit ")
                .append(commit.length() > 10 ? commit.substring(0, 10) : commit)
                .append(run.git().dirty() ? " with local changes" : "")
                .append(
                        String.format(
                                Locale.ROOT,
                                ", %d cores, load %.1f at start",
                                run.machine().cores(),
                                run.machine().loadAverage()));
        return line.toString();
    }

    private static String grouped(String number) {
        try {
            return String.format(Locale.ROOT, "%,d", Long.parseLong(number));
        } catch (NumberFormatException e) {
            return number;
        }
    }
}
