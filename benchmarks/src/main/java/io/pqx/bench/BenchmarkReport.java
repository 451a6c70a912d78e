package io.pqx.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a suite prints what it measured: {@code RESULT} lines (see {@link Comparison}), {@code
 * INFO} lines for everything else, and {@code FAIL} lines for a failed check (a wrong checksum or
 * row count makes the run's figures meaningless, and {@link BenchmarkMain} then exits non-zero).
 *
 * <p>Lines go out as soon as they are known, so a long run shows progress. Not thread-safe.
 */
public final class BenchmarkReport {

    private final PrintStream out;
    private final List<Comparison> comparisons = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    public BenchmarkReport(PrintStream out) {
        this.out = out;
    }

    /** Prints {@code INFO <formatted>}. */
    public void info(String format, Object... args) {
        out.println("INFO " + String.format(Locale.ROOT, format, args));
        out.flush();
    }

    /** Prints the comparison's {@code RESULT} line and remembers it. */
    public void result(Comparison comparison) {
        comparisons.add(comparison);
        out.println(comparison.resultLine());
        out.flush();
    }

    /**
     * Prints {@code RESULT <formatted>}: a measurement that is no rows/s comparison (file counts,
     * sizes, checkpoint durations), in the words of the suite's README.
     */
    public void resultText(String format, Object... args) {
        out.println("RESULT " + String.format(Locale.ROOT, format, args));
        out.flush();
    }

    /** Prints {@code FAIL <formatted>} and marks the run failed. */
    public void failure(String format, Object... args) {
        String message = String.format(Locale.ROOT, format, args);
        failures.add(message);
        out.println("FAIL " + message);
        out.flush();
    }

    /** The comparisons reported so far, in order. */
    public List<Comparison> comparisons() {
        return List.copyOf(comparisons);
    }

    /** The failures reported so far, in order. */
    public List<String> failures() {
        return List.copyOf(failures);
    }
}
