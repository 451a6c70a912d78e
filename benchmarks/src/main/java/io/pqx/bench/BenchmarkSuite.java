package io.pqx.bench;

/**
 * One named comparison that {@code benchmarks/run <suite>} can start, e.g. {@code format}.
 *
 * <p>{@link BenchmarkMain} finds suites in {@link BenchmarkSuites}; a suite owns its data set, its
 * contenders and its rounds, and reports through the {@link BenchmarkReport} it is given. Suites
 * run on the main thread, one at a time.
 */
public interface BenchmarkSuite {

    /** The name typed on the command line, lower case. */
    String name();

    /** One line shown in the list of suites. */
    String summary();

    /**
     * Runs every measurement of the suite; a failed check is reported, not thrown, where possible.
     */
    void run(BenchmarkArgs args, BenchmarkReport report) throws Exception;
}
