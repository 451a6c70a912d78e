package io.pqx.bench.format;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import org.apache.flink.table.data.RowData;

/**
 * DuckDB's side of {@code format_write}: {@code COPY t TO '<file>' (FORMAT PARQUET, COMPRESSION
 * ZSTD, COMPRESSION_LEVEL <level>, ROW_GROUP_SIZE <rows>)} from the in-memory table a {@link
 * DuckDbSession} was loaded with (the load is not timed; only the {@code COPY} is). DuckDB picks
 * its own page sizes and dictionary limits (the {@code COPY} options above are the ones the
 * settings map to) and rounds a row group up to a multiple of its 2,048-row vectors. One write at a
 * time.
 */
public final class DuckDbTableWriter implements TableWriter {

    private final DuckDbSession session;
    private final FormatSettings settings;

    public DuckDbTableWriter(DuckDbSession session, FormatSettings settings) {
        this.session = session;
        this.settings = settings;
    }

    @Override
    public String name() {
        return FormatContenders.DUCKDB;
    }

    /** The {@code COPY} statement that writes {@code file}. */
    String copyStatement(Path file) {
        return String.format(
                Locale.ROOT,
                "COPY %s TO %s (FORMAT PARQUET, COMPRESSION %s, COMPRESSION_LEVEL %d,"
                        + " ROW_GROUP_SIZE %d)",
                DuckDbSession.TABLE,
                DuckDbSession.literal(file),
                settings.codec(),
                settings.zstdLevel(),
                settings.rowGroupRows());
    }

    /**
     * Writes the session's table to {@code file}.
     *
     * @throws IllegalStateException when the session was not loaded with {@code rows}
     */
    @Override
    public void write(List<RowData> rows, Path file) throws IOException {
        if (!session.holds(rows)) {
            throw new IllegalStateException(
                    "Cannot write with DuckDB: its session holds another table than the one given");
        }
        try {
            session.execute(copyStatement(file));
        } catch (SQLException e) {
            throw new IOException("Cannot write " + file + " with DuckDB: " + e.getMessage(), e);
        }
    }
}
