package io.pqx.bench;

import io.pqx.bench.results.GitState;
import io.pqx.bench.results.MachineFacts;
import io.pqx.bench.results.ResultsFile;
import io.pqx.bench.results.RunRecord;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Entry point of {@code benchmarks/run <suite> [options]}: parses the line, prints the JVM facts,
 * runs the suite, writes the run's results file ({@link ResultsFile}) and exits non-zero on a usage
 * error (2), an unknown suite (2) or a failed check (1). Runs everything on the main thread.
 *
 * <p>The results file goes to {@code -Dpqx.bench.resultsDir}, else to {@code benchmarks/results/}
 * of the repository above the working folder, whoever starts the JVM. It is written for a failed
 * run too (with its failures listed, so that the charts leave it out), not for a usage error.
 */
public final class BenchmarkMain {

    /** System property naming the folder results files go to. */
    public static final String RESULTS_DIR_PROPERTY = "pqx.bench.resultsDir";

    private BenchmarkMain() {}

    public static void main(String[] argv) throws Exception {
        Path root = ResultsFile.repositoryRoot(Path.of(""));
        String configured = System.getProperty(RESULTS_DIR_PROPERTY);
        Path resultsDir =
                configured == null || configured.isBlank()
                        ? root.resolve(ResultsFile.DEFAULT_DIR)
                        : Path.of(configured);
        System.exit(
                run(
                        argv,
                        new BenchmarkReport(System.out),
                        BenchmarkSuites::find,
                        Optional.of(resultsDir),
                        root));
    }

    /** Runs one suite without writing a results file; returns the process exit code. */
    static int run(String[] argv, BenchmarkReport report) throws Exception {
        return run(argv, report, BenchmarkSuites::find, Optional.empty(), Path.of(""));
    }

    /**
     * Runs one suite found by {@code suites}; when {@code resultsDir} is given, writes the run's
     * results file there, with the commit read from the repository at {@code repositoryRoot}.
     * Returns the process exit code.
     */
    static int run(
            String[] argv,
            BenchmarkReport report,
            Function<String, Optional<BenchmarkSuite>> suites,
            Optional<Path> resultsDir,
            Path repositoryRoot)
            throws Exception {
        BenchmarkArgs args;
        try {
            args = BenchmarkArgs.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(usage());
            return 2;
        }
        Optional<BenchmarkSuite> suite = suites.apply(args.suite());
        if (suite.isEmpty()) {
            System.err.println("Cannot run benchmark: unknown suite '" + args.suite() + "'");
            System.err.println(usage());
            return 2;
        }
        // Taken before the suite adds its own load, and before anyone can change the files.
        MachineFacts machine = MachineFacts.current();
        GitState git = resultsDir.isPresent() ? GitState.of(repositoryRoot) : GitState.UNKNOWN;
        Instant started = Instant.now();
        JvmReport.print(report);
        suite.get().run(args, report);
        if (resultsDir.isPresent()) {
            RunRecord record =
                    RunRecord.of(
                            args.suite(),
                            started,
                            Instant.now(),
                            git,
                            machine,
                            List.of(argv),
                            report);
            Path file = ResultsFile.write(resultsDir.get(), record);
            report.info("results file %s", file);
        }
        return report.failures().isEmpty() ? 0 : 1;
    }

    private static String usage() {
        return "Usage: benchmarks/run <suite> "
                + BenchmarkArgs.OPTIONS
                + System.lineSeparator()
                + "       benchmarks/run report [--results D] [--out D]"
                + System.lineSeparator()
                + "Suites:"
                + System.lineSeparator()
                + BenchmarkSuites.listing()
                + String.format(
                        "  %-8s %s%n",
                        "report",
                        "charts of the newest results file per suite, from benchmarks/results"
                                + " into docs/benchmarks (runs no suite)");
    }
}
