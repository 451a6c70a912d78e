package io.pqx.e2e.interop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.dataset.file.DatasetFileWriter;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBResultSet;

/**
 * Writes Parquet files with Arrow C++'s Parquet writer, through Arrow Java's dataset writer ({@link
 * DatasetFileWriter}, JNI): the rows are the result of a DuckDB query, handed over as Arrow record
 * batches through the Arrow C data interface ({@code arrowExportStream}), so the same SQL that
 * drives the DuckDB writer gives Arrow C++ its data and the values can be compared with DuckDB's
 * reading of the same query. Each exported batch becomes one row group.
 *
 * <p>Arrow Java's dataset writer ({@code write(allocator, reader, format, uri, partitionColumns,
 * maxPartitions, baseNameTemplate)}) exposes no Parquet writer property: the files always have
 * Arrow C++'s defaults (no compression, dictionary encoding, data pages v1, no stored Arrow
 * schema); what can be chosen is the data, its Arrow types, the row groups (one per batch), the
 * file name and hive partitioning.
 *
 * <p>Used on the test thread with the connection of a {@link DuckDbJsonRenderer}.
 */
final class TestingArrowFiles {

    /**
     * One way to have Arrow C++ write a table: rows per row group, and whether DuckDB hands the
     * rows over with 64-bit offsets (Arrow's {@code large_utf8}, {@code large_binary}, {@code
     * large_list}) instead of 32-bit ones.
     */
    record Layout(int rowGroupRows, boolean largeOffsets) {
        @Override
        public String toString() {
            return "row groups of " + rowGroupRows + (largeOffsets ? ", large offsets" : "");
        }
    }

    /**
     * DuckDB's sample table plus the Arrow types DuckDB's own writer does not produce in Parquet
     * this way: nanosecond and second timestamps, a dictionary-encoded column (a DuckDB ENUM
     * arrives as an Arrow dictionary array), a fixed-size list with null elements and a 38-digit
     * decimal from a HUGEINT.
     */
    static String sample(int rows) {
        return "SELECT *,"
                + " (TIMESTAMP '1900-01-01' + INTERVAL (id::BIGINT * 1234567891) MICROSECOND)::TIMESTAMP_NS"
                + " AS ts_ns,"
                + " (TIMESTAMP '1960-01-01' + INTERVAL (id::BIGINT * 86399) SECOND)::TIMESTAMP_S AS ts_s,"
                + " (['red', 'green', 'blue'])[id % 3 + 1]::ENUM('red', 'green', 'blue') AS color,"
                + " [id, id * 2, NULL]::INTEGER[3] AS triple,"
                + " id::HUGEINT * 1000000000000000000000 - 99999999999999999999999999999999999"
                + " AS huge"
                + " FROM ("
                + TestingDuckDbFiles.sample(rows)
                + ")";
    }

    /**
     * One allocator for all writes, never closed: Arrow's dataset writer releases the exported
     * stream's last batch on one of its own threads after {@code write} returns, so a per-write
     * allocator would be closed under it.
     */
    private static final BufferAllocator ALLOCATOR = new RootAllocator();

    private TestingArrowFiles() {}

    /** Writes the rows of {@code query} to a new file in the new directory {@code dir}. */
    static Path write(DuckDbJsonRenderer duckDb, String query, Layout layout, Path dir)
            throws SQLException, IOException {
        try (Statement statement = duckDb.connection().createStatement()) {
            statement.execute("SET arrow_large_buffer_size = " + layout.largeOffsets());
        }
        try {
            return write(duckDb, query, layout.rowGroupRows(), dir);
        } finally {
            try (Statement statement = duckDb.connection().createStatement()) {
                statement.execute("RESET arrow_large_buffer_size");
            }
        }
    }

    /**
     * Writes the rows of {@code query} to a new file in the new directory {@code dir} (the dataset
     * writer refuses a directory that holds files), {@code rowGroupRows} rows per row group, and
     * returns the file.
     */
    static Path write(DuckDbJsonRenderer duckDb, String query, int rowGroupRows, Path dir)
            throws SQLException, IOException {
        Files.createDirectories(dir.getParent());
        try (Statement statement = duckDb.connection().createStatement();
                ResultSet rs = statement.executeQuery(query)) {
            // The dataset writer takes the reader over (it closes it when the stream ends).
            ArrowReader batches =
                    (ArrowReader)
                            rs.unwrap(DuckDBResultSet.class)
                                    .arrowExportStream(ALLOCATOR, rowGroupRows);
            DatasetFileWriter.write(
                    ALLOCATOR,
                    batches,
                    FileFormat.PARQUET,
                    dir.toUri().toString(),
                    new String[0],
                    1,
                    "data-{i}.parquet");
        } catch (RuntimeException e) {
            // The JNI layer reports Arrow C++ errors as bare RuntimeExceptions.
            throw new IOException("Arrow C++ cannot write " + dir + ": " + e.getMessage(), e);
        }
        Path file = dir.resolve("data-0.parquet");
        if (!Files.isRegularFile(file)) {
            throw new IOException("Arrow C++ wrote no " + file);
        }
        return file;
    }
}
