package io.pqx.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a suite prints what it measured: {@code RESULT} lines (see {@link Comparison}), {@code
 * INFO} lines for everything else, and {@code FAIL} lines for a failed check (a wrong checksum or
 * row count makes the run's figures meaningless, and {@link BenchmarkMain} then exits non-zero).
 *
 * <p>Lines go out as soon as they are known, so a long run shows progress. It also keeps what a
 * results file needs ({@link io.pqx.bench.results.RunRecord}): the comparisons, the other {@code
 * RESULT} lines as printed, the floor lines and the settings a suite resolved (such as its table
 * size). Not thread-safe.
 */
public final class BenchmarkReport {

    private final PrintStream out;
    private final List<Comparison> comparisons = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final List<String> textResults = new ArrayList<>();
    private final List<String> floors = new ArrayList<>();
    private final Map<String, String> settings = new LinkedHashMap<>();

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
        String text = String.format(Locale.ROOT, format, args);
        textResults.add(text);
        out.println("RESULT " + text);
        out.flush();
    }

    /**
     * Prints {@code INFO <formatted>} for a floor: what no contender can beat (zstd alone over the
     * pages a query reads, a job that does nothing), so that it bounds the ratios. The text starts
     * with the floor's kind and the measurement it belongs to, then {@code key=value} figures, e.g.
     * {@code floor source_scan zstd_only=0.412s ...}.
     */
    public void floor(String format, Object... args) {
        String text = String.format(Locale.ROOT, format, args);
        floors.add(text);
        out.println("INFO " + text);
        out.flush();
    }

    /**
     * Prints {@code INFO setting <key>=<value>} and remembers it: a setting the suite resolved
     * itself, e.g. its default table size when {@code --rows} was not given.
     */
    public void setting(String key, Object value) {
        settings.put(key, String.valueOf(value));
        out.println("INFO setting " + key + "=" + value);
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

    /**
     * The {@code RESULT} lines that are no {@link Comparison}, without {@code RESULT }, in order.
     */
    public List<String> textResults() {
        return List.copyOf(textResults);
    }

    /** The floor lines reported so far, without {@code INFO }, in order. */
    public List<String> floors() {
        return List.copyOf(floors);
    }

    /** The settings the suite resolved, in the order reported (a copy). */
    public Map<String, String> settings() {
        return new LinkedHashMap<>(settings);
    }

    /** The failures reported so far, in order. */
    public List<String> failures() {
        return List.copyOf(failures);
    }
}
