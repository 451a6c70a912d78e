package io.pqx.bench.source;

import io.pqx.bench.format.DuckDbSession;
import io.pqx.format.options.ReadOptions;
import java.nio.file.Path;

/**
 * A reader of suite {@code source} that answers a query over a file on the calling thread, under
 * its label in the report (e.g. {@code pqx_reader}, {@code duckdb}). Immutable.
 */
record SourceReader(String label, SourceReader.Call call) {

    /** How the reader answers {@code query} over {@code file}. */
    @FunctionalInterface
    interface Call {
        ReadOutcome read(Path file, SourceQuery query) throws Exception;
    }

    /** pqx's reader with its defaults: late materialization on, page CRCs checked. */
    static SourceReader pqx() {
        return new SourceReader(
                "pqx_reader", (file, query) -> PqxQueryReader.read(file, query, true));
    }

    /** pqx's reader with late materialization off. */
    static SourceReader pqxNoLate() {
        return new SourceReader(
                "pqx_reader_nolate", (file, query) -> PqxQueryReader.read(file, query, false));
    }

    /** pqx's reader with page CRC verification off, as DuckDB reads. */
    static SourceReader pqxNoCrc() {
        return new SourceReader(
                "pqx_reader_nocrc",
                (file, query) ->
                        PqxQueryReader.read(
                                file, query, ReadOptions.builder().verifyChecksums(false).build()));
    }

    /** DuckDB's {@code read_parquet} in {@code session} (one thread: the caller's). */
    static SourceReader duckdb(DuckDbSession session) {
        return new SourceReader(
                "duckdb",
                (file, query) -> new ReadOutcome(session.aggregate(query.duckDb(), file), -1, -1));
    }
}
