package io.pqx.format;

import io.pqx.format.encode.FileAssembler;
import io.pqx.format.encode.RowGroupEncoder;
import io.pqx.format.encode.StreamingRowGroupWriter;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkSchemaConverter;
import io.pqx.format.schema.ParquetSchema;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystem.WriteMode;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.Executor;

/**
 * Writes Flink {@link RowData} of one {@link RowType} as a Parquet file, without Hadoop.
 *
 * <p>Rows are shredded and encoded as they come, a few thousand at a time ({@link
 * StreamingRowGroupWriter}: each column on the encode executor, by default the calling thread), so
 * only compressed pages of the open row group are held; a row group ends at {@link
 * WriteOptions#rowGroupRows()} rows or {@link WriteOptions#rowGroupBytes()} estimated raw bytes and
 * is written. {@link
 * #finish()} writes the last row group, the page indexes and the footer and returns the file's
 * metadata; {@link #close()} also closes the stream. The bytes written do not depend on the encode
 * executor.
 *
 * <p>A row that cannot be written (a null in a NOT NULL column, a decimal that does not fit) is
 * rejected with an {@link IllegalArgumentException} naming the row, the column and the file; it is
 * not written and the writer stays usable. After any other failure the writer is broken: further
 * calls fail, and {@link #close()} closes the stream without writing a footer.
 *
 * <p>Not thread-safe: one thread calls it.
 */
public final class ParquetWriter implements Closeable {
    private static final int BUFFER_BYTES = 1 << 16;

    private final PositionOutputStream out;
    private final String location;
    private final FileAssembler assembler;
    private final StreamingRowGroupWriter rowGroups;
    private long rowsWritten;
    @Nullable private FileMetadata finished;
    private boolean broken;
    private boolean closed;

    private ParquetWriter(PositionOutputStream out, ParquetSchema schema, WriteOptions options,
            String location, Executor encodeExecutor) {
        this.out = out;
        this.location = location;
        this.assembler = new FileAssembler(out, schema, options, location);
        this.rowGroups =
                new StreamingRowGroupWriter(schema, options, location, assembler, encodeExecutor);
    }

    /**
     * A writer onto {@code out}, encoding on the calling thread.
     *
     * @param location the file's name in error messages and in the returned metadata
     * @throws IllegalArgumentException if the row type has a type Parquet cannot hold, or an
     *     option names a column that is not a leaf of the schema
     */
    public static ParquetWriter open(PositionOutputStream out, RowType rowType,
            WriteOptions options, String location) throws IOException {
        return open(out, rowType, options, location, RowGroupEncoder.CALLER_RUNS);
    }

    /** As {@link #open(PositionOutputStream, RowType, WriteOptions, String)}, encoding columns on {@code encodeExecutor}. */
    public static ParquetWriter open(PositionOutputStream out, RowType rowType,
            WriteOptions options, String location, Executor encodeExecutor) throws IOException {
        ParquetSchema schema = FlinkSchemaConverter.toParquetSchema(rowType);
        return new ParquetWriter(out, schema, options, location, encodeExecutor);
    }

    /**
     * Creates {@code path} (failing if it exists) on its Flink file system and opens a writer on it.
     */
    public static ParquetWriter create(Path path, RowType rowType, WriteOptions options)
            throws IOException {
        ParquetSchema schema = FlinkSchemaConverter.toParquetSchema(rowType);
        FileSystem fs = path.getFileSystem();
        OutputStream stream = fs.create(path, WriteMode.NO_OVERWRITE);
        try {
            PositionOutputStream out =
                    new PositionOutputStream(new BufferedOutputStream(stream, BUFFER_BYTES));
            return new ParquetWriter(out, schema, options, path.toString(),
                    RowGroupEncoder.CALLER_RUNS);
        } catch (RuntimeException e) {
            // An option naming an unknown column: leave no empty file behind.
            stream.close();
            fs.delete(path, false);
            throw e;
        }
    }

    /**
     * Appends one row; may encode and write a row group.
     *
     * @throws IllegalArgumentException if a value of the row cannot be written; the row is skipped
     */
    public void write(RowData row) throws IOException {
        checkOpen();
        try {
            rowGroups.append(row, rowsWritten);
        } catch (IOException | RuntimeException | Error e) {
            if (!(e instanceof IllegalArgumentException)) {
                broken = true;
            }
            throw e;
        }
        rowsWritten++;
    }

    /** Rows accepted so far. */
    public long rowsWritten() {
        return rowsWritten;
    }

    /**
     * Writes the buffered rows, the page indexes and the footer, and returns the file's metadata.
     * Does not close the stream. Calling it again returns the same metadata.
     */
    public FileMetadata finish() throws IOException {
        if (finished != null) {
            return finished;
        }
        checkOpen();
        try {
            flushRowGroup();
            finished = assembler.finish();
            return finished;
        } catch (IOException | RuntimeException | Error e) {
            broken = true;
            throw e;
        }
    }

    /** Finishes the file unless it failed or was finished, then closes the stream. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            if (finished == null && !broken) {
                finish();
            }
        } finally {
            closed = true;
            out.close();
        }
    }

    private void flushRowGroup() throws IOException {
        try {
            rowGroups.flush();
        } catch (IOException | RuntimeException | Error e) {
            broken = true;
            throw e;
        }
    }

    private void checkOpen() {
        if (broken) {
            throw new IllegalStateException(
                    "Cannot write " + location + ": the writer failed before");
        }
        if (finished != null || closed) {
            throw new IllegalStateException("Cannot write " + location + ": it is finished");
        }
    }
}
