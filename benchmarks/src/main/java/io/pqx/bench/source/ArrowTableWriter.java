package io.pqx.bench.source;

import io.pqx.bench.format.DuckDbSession;
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
 * Writes the lineitem-like table with Arrow C++'s Parquet writer, through Arrow Java's dataset
 * writer ({@link DatasetFileWriter}, JNI; the library is bundled in arrow-dataset's jar): the rows
 * come from the table a {@link DuckDbSession} holds, handed over as Arrow record batches through
 * the Arrow C data interface ({@code arrowExportStream}).
 *
 * <p>Arrow Java's dataset writer exposes no Parquet writer property and no row-group size, so the
 * file has Arrow C++'s defaults: no compression (a codec cannot be chosen), row groups of at most
 * 32,768 rows (its scanner re-batches the stream into batches of that size, whatever the exported
 * batches hold, and each batch becomes a row group), dictionary encoding on, data pages v1 of up to
 * 1 MiB, page index on, no page CRC; columns OPTIONAL (DuckDB exports nullable fields) and
 * DECIMAL(15,2) as FIXED_LEN_BYTE_ARRAY. One write at a time.
 */
final class ArrowTableWriter {

    /**
     * One allocator for every write, never closed: Arrow's dataset writer releases the exported
     * stream's last batch on one of its own threads after {@code write} returns.
     */
    private static final BufferAllocator ALLOCATOR = new RootAllocator();

    private ArrowTableWriter() {}

    /**
     * Writes {@code SELECT * FROM t} of {@code session} into the new directory {@code dir},
     * exported in batches of {@code batchRows} (row groups are smaller: see above), and returns the
     * file.
     */
    static Path write(DuckDbSession session, Path dir, int batchRows) throws IOException {
        try (Statement statement = session.connection().createStatement();
                ResultSet rows = statement.executeQuery(session.selectAll())) {
            // The dataset writer takes the reader over: it closes it when the stream ends.
            ArrowReader batches =
                    (ArrowReader)
                            rows.unwrap(DuckDBResultSet.class)
                                    .arrowExportStream(ALLOCATOR, batchRows);
            DatasetFileWriter.write(
                    ALLOCATOR,
                    batches,
                    FileFormat.PARQUET,
                    dir.toUri().toString(),
                    new String[0],
                    1,
                    "data-{i}.parquet");
        } catch (SQLException | RuntimeException e) {
            // The JNI layer reports Arrow C++'s errors as bare RuntimeExceptions.
            throw new IOException("Arrow C++ cannot write " + dir + ": " + e.getMessage(), e);
        }
        Path file = dir.resolve("data-0.parquet");
        if (!Files.isRegularFile(file)) {
            throw new IOException("Arrow C++ wrote no " + file);
        }
        return file;
    }
}
