package io.pqx.format;

import io.pqx.format.encode.FileAssembler;
import io.pqx.format.encode.RowGroupEncoder;
import io.pqx.format.encode.StreamingRowGroupWriter;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.metadata.FileMetadataView;
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
import java.nio.file.FileAlreadyExistsException;
import java.util.Objects;
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
 * <p>Opening: {@link #create(Path, RowType, WriteOptions)} on any Flink file system (refusing an
 * existing file; overloads take a {@link WriteMode} to replace it and an {@link Executor} to encode
 * columns in parallel), or {@link #open(OutputStream, RowType, WriteOptions, String)} onto a stream
 * of your own.
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
    @Nullable private FileMetadataView finished;
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
     * A writer onto {@code out}, encoding on the calling thread. The file starts at the stream's
     * current position, which the footer's offsets count from 0 (a {@link PositionOutputStream}
     * keeps its own position). {@link #close()} closes {@code out}; {@link #finish()} does not.
     *
     * @param location the file's name in error messages and in the returned metadata
     * @throws IllegalArgumentException if the row type has a type Parquet cannot hold, or an
     *     option names a column that is not a leaf of the schema
     */
    public static ParquetWriter open(OutputStream out, RowType rowType,
            WriteOptions options, String location) throws IOException {
        return open(out, rowType, options, location, RowGroupEncoder.CALLER_RUNS);
    }

    /**
     * As {@link #open(OutputStream, RowType, WriteOptions, String)}, encoding the columns of each
     * row group on {@code encodingExecutor}; the bytes written are the same as with the calling
     * thread. The executor is not shut down by the writer.
     */
    public static ParquetWriter open(OutputStream out, RowType rowType,
            WriteOptions options, String location, Executor encodingExecutor) throws IOException {
        ParquetSchema schema = FlinkSchemaConverter.toParquetSchema(rowType);
        PositionOutputStream positioned = out instanceof PositionOutputStream p
                ? p
                : new PositionOutputStream(out);
        return new ParquetWriter(positioned, schema, options, location,
                Objects.requireNonNull(encodingExecutor, "encodingExecutor"));
    }

    /**
     * Creates {@code path} on its Flink file system and opens a writer on it, encoding on the
     * calling thread.
     *
     * @throws FileAlreadyExistsException if {@code path} exists (see {@link #create(Path, RowType,
     *     WriteOptions, WriteMode)} to replace it); the message names the file
     * @throws IllegalArgumentException as {@link #open(OutputStream, RowType, WriteOptions,
     *     String)}; no file is left behind
     */
    public static ParquetWriter create(Path path, RowType rowType, WriteOptions options)
            throws IOException {
        return create(path, rowType, options, WriteMode.NO_OVERWRITE, RowGroupEncoder.CALLER_RUNS);
    }

    /**
     * As {@link #create(Path, RowType, WriteOptions)}; with {@link WriteMode#OVERWRITE} an
     * existing file at {@code path} is replaced.
     */
    public static ParquetWriter create(Path path, RowType rowType, WriteOptions options,
            WriteMode mode) throws IOException {
        return create(path, rowType, options, mode, RowGroupEncoder.CALLER_RUNS);
    }

    /**
     * As {@link #create(Path, RowType, WriteOptions)} (refusing an existing file), encoding the
     * columns of each row group on {@code encodingExecutor}; the file's bytes are the same as with
     * the calling thread. The executor is not shut down by the writer.
     */
    public static ParquetWriter create(Path path, RowType rowType, WriteOptions options,
            Executor encodingExecutor) throws IOException {
        return create(path, rowType, options, WriteMode.NO_OVERWRITE, encodingExecutor);
    }

    /** The most general {@code create}: write mode and encoding executor both given. */
    public static ParquetWriter create(Path path, RowType rowType, WriteOptions options,
            WriteMode mode, Executor encodingExecutor) throws IOException {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(encodingExecutor, "encodingExecutor");
        ParquetSchema schema = FlinkSchemaConverter.toParquetSchema(rowType);
        FileSystem fs = path.getFileSystem();
        OutputStream stream;
        try {
            stream = fs.create(path, mode);
        } catch (FileAlreadyExistsException e) {
            FileAlreadyExistsException named = new FileAlreadyExistsException(path.toString(), null,
                    "Cannot create " + path + ": the file exists (WriteMode.OVERWRITE replaces it)");
            named.initCause(e);
            throw named;
        }
        try {
            PositionOutputStream out =
                    new PositionOutputStream(new BufferedOutputStream(stream, BUFFER_BYTES));
            return new ParquetWriter(out, schema, options, path.toString(), encodingExecutor);
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
     * Writes the buffered rows, the page indexes and the footer, and returns the file's metadata as
     * a reader of the file sees it ({@link io.pqx.format.ParquetReader#metadata()}). Does not close
     * the stream. Calling it again returns the same metadata.
     */
    public FileMetadataView finish() throws IOException {
        if (finished != null) {
            return finished;
        }
        checkOpen();
        try {
            flushRowGroup();
            finished = MetadataViews.file(assembler.finish());
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
