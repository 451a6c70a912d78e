package io.pqx.bench;

import java.util.Optional;

/**
 * Entry point of {@code benchmarks/run <suite> [options]}: parses the line, prints the JVM facts,
 * runs the suite and exits non-zero on a usage error (2), an unknown suite (2) or a failed check
 * (1). Runs everything on the main thread.
 */
public final class BenchmarkMain {

    private BenchmarkMain() {}

    public static void main(String[] argv) throws Exception {
        System.exit(run(argv, new BenchmarkReport(System.out)));
    }

    /** Runs one suite; returns the process exit code. */
    static int run(String[] argv, BenchmarkReport report) throws Exception {
        BenchmarkArgs args;
        try {
            args = BenchmarkArgs.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(usage());
            return 2;
        }
        Optional<BenchmarkSuite> suite = BenchmarkSuites.find(args.suite());
        if (suite.isEmpty()) {
            System.err.println("Cannot run benchmark: unknown suite '" + args.suite() + "'");
            System.err.println(usage());
            return 2;
        }
        JvmReport.print(report);
        suite.get().run(args, report);
        return report.failures().isEmpty() ? 0 : 1;
    }

    private static String usage() {
        return "Usage: benchmarks/run <suite> "
                + BenchmarkArgs.OPTIONS
                + System.lineSeparator()
                + "Suites:"
                + System.lineSeparator()
                + BenchmarkSuites.listing();
    }
}
