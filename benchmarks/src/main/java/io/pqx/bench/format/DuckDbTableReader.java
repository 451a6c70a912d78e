package io.pqx.bench.format;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * DuckDB's side of the {@code format_read*} measurements: a {@link DuckDbAggregateQuery} over a
 * file, through {@code read_parquet}, single-threaded (its {@link DuckDbSession}). DuckDB returns
 * aggregates, not every value, so its result is checked against {@link
 * DuckDbAggregateQuery#expected} rather than a {@link TableChecksum}. One read at a time.
 */
public final class DuckDbTableReader {

    /** The column of the one-column read, {@code format_read_column}: TPC-H's summed price. */
    public static final String ONE_COLUMN = "l_extendedprice";

    private final DuckDbSession session;

    public DuckDbTableReader(DuckDbSession session) {
        this.session = session;
    }

    public String name() {
        return FormatContenders.DUCKDB;
    }

    /** Runs {@code query} over {@code file}. */
    public DuckDbAggregates read(Path file, DuckDbAggregateQuery query) throws IOException {
        try {
            return session.aggregate(query, file);
        } catch (SQLException e) {
            throw new IOException("Cannot read " + file + " with DuckDB: " + e.getMessage(), e);
        }
    }
}
