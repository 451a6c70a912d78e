package io.pqx.bench.source;

import io.pqx.bench.BenchmarkArgs;
import io.pqx.bench.BenchmarkReport;
import io.pqx.bench.format.DuckDbSession;

/**
 * One case of suite {@code source} ({@code --case <name>} runs it alone): first it writes what it
 * reads while the generated table is in memory (not timed), then, once the table is dropped, it
 * measures. A new case is one class implementing this and one entry in {@link SourceSuite}'s list
 * of cases. A case keeps no reference to the table after {@link #prepare}.
 */
interface SourceCase {

    /** The case's name for {@code --case}. */
    String name();

    /** Writes the files the case reads; not timed. */
    void prepare(SourceData data) throws Exception;

    /**
     * Measures and reports.
     *
     * @param duckdb the suite's DuckDB peer, one thread (the caller's)
     */
    void measure(DuckDbSession duckdb, BenchmarkArgs args, BenchmarkReport report) throws Exception;
}
