package io.pqx.format;

import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.FileSystem.WriteMode;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.types.logical.RowType;

/**
 * How a {@link ParquetWriter} is opened ({@link ParquetWriter#builder}): options, write mode and
 * encoding threads, then a new file, a stream or a file to resume. Not thread-safe; each opening
 * method may be called once or more.
 */
@PublicEvolving
public final class ParquetWriterBuilder {
    private final RowType rowType;
    private WriteOptions options = WriteOptions.defaults();
    private WriteMode mode = WriteMode.NO_OVERWRITE;
    private EncodingPool pool = EncodingPool.callerRuns();

    ParquetWriterBuilder(RowType rowType) {
        this.rowType = Objects.requireNonNull(rowType, "rowType");
    }

    /** The file's layout and encodings (default {@link WriteOptions#defaults()}). */
    public ParquetWriterBuilder options(WriteOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * For {@link #create}: {@link WriteMode#OVERWRITE} replaces an existing file; by default
     * ({@link WriteMode#NO_OVERWRITE}) one is refused.
     */
    public ParquetWriterBuilder mode(WriteMode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
        return this;
    }

    /**
     * Encodes the columns of each row group on {@code executor} (by default on the calling thread);
     * the bytes written are the same. The executor is not shut down by the writer.
     */
    public ParquetWriterBuilder encodingOn(Executor executor) {
        this.pool = ParquetWriter.ownPool(executor);
        return this;
    }

    /**
     * Encodes and writes row groups on {@code pool}, which many writers may share; the bytes
     * written are the same as with the calling thread. The pool is not closed by the writer.
     */
    public ParquetWriterBuilder encodingOn(EncodingPool pool) {
        this.pool = Objects.requireNonNull(pool, "pool");
        return this;
    }

    /**
     * Creates {@code path} on its Flink file system and opens a writer on it.
     *
     * @throws FileAlreadyExistsException if {@code path} exists and the mode does not replace it;
     *     the message names the file
     * @throws IllegalArgumentException as {@link ParquetWriter#builder}; no file is left behind
     */
    public ParquetWriter create(Path path) throws IOException {
        return ParquetWriter.create(path, rowType, options, mode, pool);
    }

    /**
     * A writer onto {@code out}. The file starts at the stream's current position, which the
     * footer's offsets count from 0 (a {@link PositionOutputStream} keeps its own position). {@link
     * ParquetWriter#close()} closes {@code out}; {@link ParquetWriter#finish()} does not.
     *
     * @param location the file's name in error messages and in the returned metadata
     */
    public ParquetWriter open(OutputStream out, String location) throws IOException {
        return ParquetWriter.open(out, rowType, options, location, pool);
    }

    /**
     * A writer that continues a file written up to {@code point} by an earlier writer of the same
     * row type and options: {@code out} must be positioned at {@link ResumePoint#length()} (a
     * recovered {@code RecoverableFsDataOutputStream}); nothing before it is written again. The
     * next row starts a new row group; {@link ParquetWriter#finish()} writes a footer naming the
     * persisted row groups and the new ones.
     *
     * @throws IllegalArgumentException if the row type is not the schema the point was written
     *     with, naming the file
     */
    public ParquetWriter resume(OutputStream out, String location, ResumePoint point)
            throws IOException {
        return ParquetWriter.resume(out, rowType, options, location, pool, point);
    }
}
