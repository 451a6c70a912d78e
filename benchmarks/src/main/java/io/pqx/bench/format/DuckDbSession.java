package io.pqx.bench.format;

import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.Nullable;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * One in-memory DuckDB database, single-threaded ({@code SET threads=1}), holding the {@code
 * format} suite's table as table {@value #TABLE} (every column NOT NULL, so DuckDB writes REQUIRED
 * columns as pqx and parquet-java do). Shared by DuckDB's writer ({@link DuckDbTableWriter}) and
 * reader ({@link DuckDbTableReader}); closed by the suite. With one thread, DuckDB runs each query
 * on the JDBC caller's thread. Not thread-safe.
 */
public final class DuckDbSession implements AutoCloseable {

    /** The in-memory table {@link #load} fills. */
    static final String TABLE = "t";

    private final DuckDBConnection connection;
    @Nullable private List<RowData> loaded;

    private DuckDbSession(DuckDBConnection connection) {
        this.connection = connection;
    }

    /** Opens a new in-memory database limited to one thread. */
    public static DuckDbSession open() throws SQLException {
        DuckDBConnection connection =
                (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
        DuckDbSession session = new DuckDbSession(connection);
        try {
            session.execute("SET threads=1");
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return session;
    }

    /** DuckDB's version, e.g. {@code v2.0.0}. */
    public String version() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT version()")) {
            result.next();
            return result.getString(1);
        }
    }

    /** Creates table {@value #TABLE} and appends {@code rows} to it; once per session. */
    public void load(List<RowData> rows) throws SQLException {
        if (loaded != null) {
            throw new IllegalStateException("DuckDB table " + TABLE + " is already loaded");
        }
        execute(createTable());
        List<LineitemTable.Column> columns = LineitemTable.COLUMNS;
        try (DuckDBAppender appender = connection.createAppender("main", TABLE)) {
            for (RowData row : rows) {
                appender.beginRow();
                for (int c = 0; c < columns.size(); c++) {
                    append(appender, row, c, columns.get(c));
                }
                appender.endRow();
            }
        }
        loaded = rows;
    }

    /**
     * The session's connection, for a writer that takes DuckDB's results in another form (Arrow
     * record batches); statements on it run on the session's one thread.
     */
    public DuckDBConnection connection() {
        return connection;
    }

    /** The query that returns the loaded table, in load order (one thread keeps the order). */
    public String selectAll() {
        return "SELECT * FROM " + TABLE;
    }

    /** Whether {@link #load} was given exactly this table. */
    boolean holds(List<RowData> rows) {
        return loaded == rows;
    }

    /** Runs a statement that returns no rows. */
    void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** Runs {@code query} over {@code file} and returns its one row of aggregates. */
    public DuckDbAggregates aggregate(DuckDbAggregateQuery query, Path file) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query.sql(file))) {
            return query.read(result);
        }
    }

    /** DuckDB's SQL type for a lineitem column. */
    static String sqlType(LineitemTable.Column column) {
        return switch (column.kind()) {
            case INT -> isDate(column) ? "DATE" : "INTEGER";
            case LONG -> "BIGINT";
            case DECIMAL ->
                    "DECIMAL("
                            + LineitemTable.DECIMAL_PRECISION
                            + ","
                            + LineitemTable.DECIMAL_SCALE
                            + ")";
            case DOUBLE -> "DOUBLE";
            case STRING -> "VARCHAR";
        };
    }

    static boolean isDate(LineitemTable.Column column) {
        return column.type().getTypeRoot() == LogicalTypeRoot.DATE;
    }

    /** Quotes {@code path} as a SQL string literal. */
    static String literal(Path path) {
        return "'" + path.toAbsolutePath().toString().replace("'", "''") + "'";
    }

    private static String createTable() {
        return LineitemTable.COLUMNS.stream()
                .map(c -> c.name() + " " + sqlType(c) + " NOT NULL")
                .collect(Collectors.joining(", ", "CREATE TABLE " + TABLE + " (", ")"));
    }

    private static void append(
            DuckDBAppender appender, RowData row, int pos, LineitemTable.Column column)
            throws SQLException {
        switch (column.kind()) {
            case INT -> {
                if (isDate(column)) {
                    appender.appendEpochDays(row.getInt(pos));
                } else {
                    appender.append(row.getInt(pos));
                }
            }
            case LONG -> appender.append(row.getLong(pos));
            case DECIMAL ->
                    appender.appendDecimal(
                            row.getDecimal(
                                            pos,
                                            LineitemTable.DECIMAL_PRECISION,
                                            LineitemTable.DECIMAL_SCALE)
                                    .toUnscaledLong());
            case DOUBLE -> appender.append(row.getDouble(pos));
            case STRING -> appender.append(row.getString(pos).toString());
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
