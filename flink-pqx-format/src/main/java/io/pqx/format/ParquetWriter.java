package io.pqx.format;

import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.KeyCheck;
import io.pqx.format.encode.ByteCheckSchedule;
import io.pqx.format.encode.EncodingContext;
import io.pqx.format.encode.FileAssembler;
import io.pqx.format.encode.ResumeState;
import io.pqx.format.encode.StreamingRowGroupWriter;
import io.pqx.format.error.FileContext;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.LongSupplier;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystem.WriteMode;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Writes Flink {@link RowData} of one {@link RowType} as a Parquet file, without Hadoop.
 *
 * <p>Rows are shredded and encoded as they come, a few thousand at a time, each column on the
 * {@link EncodingPool} (by default the calling thread), so only compressed pages of the open row
 * group and a few raw slices are held. A row group ends at {@link WriteOptions#rowGroupRows()}
 * rows, when its estimated encoded size reaches {@link WriteOptions#rowGroupBytes()}, or where the
 * caller says ({@link #cutRowGroup()}); {@link #openRowGroupRows()}, {@link #openRowGroupBytes()}
 * and {@link #estimatedFileBytes()} tell a caller that cuts or rolls files itself where it stands.
 * pqx's sink sizes files and budgets memory further through {@link WriterSizing}, which is not part
 * of this API. The size estimates, and so the cuts, depend on the rows only: the bytes written do
 * not depend on the pool, its threads or their timing.
 *
 * <p>{@link #finish()} writes the last row group, the page indexes and the footer and returns the
 * file's metadata, leaving the stream open (for a stream the caller owns and closes, such as a
 * Flink {@code RecoverableFsDataOutputStream}); {@link #close()} finishes and closes the stream;
 * {@link #abort()} gives up the file without a footer.
 *
 * <p>Opening: {@link #create(Path, RowType, WriteOptions)} on any Flink file system (refusing an
 * existing file; overloads take a {@link WriteMode} to replace it and an {@link Executor} or {@link
 * EncodingPool} to encode columns in parallel), or {@link #open(OutputStream, RowType,
 * WriteOptions, String)} onto a stream of your own.
 *
 * <p>Resumable: {@link #writtenPrefix()} writes out the row groups cut so far and returns a {@link
 * ResumePoint} for the caller to persist with those bytes; {@link #resume} continues the file from
 * it after a failure, the finished file the same bytes as one writer would have written.
 *
 * <p>A row that cannot be written (a null in a NOT NULL column, a decimal that does not fit) is
 * rejected with an {@link IllegalArgumentException} naming the row, the column and the file; it is
 * not written and the writer stays usable. After any other failure the writer is broken: further
 * calls fail, and {@link #close()} closes the stream without writing a footer. A call that waits
 * for the pool (a slot for a slice or a row group) and is interrupted throws an {@link
 * InterruptedIOException} and breaks the writer.
 *
 * <p>Not thread-safe: one thread calls it.
 */
@PublicEvolving
public final class ParquetWriter implements Closeable {
    private static final int BUFFER_BYTES = 1 << 16;

    private final PositionOutputStream out;
    private final String location;
    private final FileAssembler assembler;
    private final StreamingRowGroupWriter rowGroups;
    private final long maxGroupRows;
    private final long maxGroupBytes;
    private final ByteCheckSchedule groupBytesCheck = new ByteCheckSchedule();

    /** One supplier for every check, rather than a new one per row. */
    private final LongSupplier openBytes;

    /** This writer's one sizing view, for pqx's sink. */
    private final WriterSizing sizing;

    private long rowsWritten;
    private final String rowType;
    @Nullable private final FileEncryptionProperties encryption;
    @Nullable private FileMetadataView finished;
    private boolean broken;
    private boolean aborted;
    private boolean closed;

    ParquetWriter(
            PositionOutputStream out,
            ParquetSchema schema,
            WriteOptions options,
            String location,
            EncodingContext context,
            int sliceRows) {
        this(
                out,
                schema,
                options,
                location,
                new FileAssembler(out, schema, options, location),
                assembler ->
                        new StreamingRowGroupWriter(
                                schema, options, location, out, assembler, context, sliceRows),
                0);
    }

    private ParquetWriter(
            PositionOutputStream out,
            ParquetSchema schema,
            WriteOptions options,
            String location,
            FileAssembler assembler,
            Function<FileAssembler, StreamingRowGroupWriter> rowGroupWriter,
            long rowsBefore) {
        this.out = out;
        this.location = location;
        this.encryption = options.encryption();
        this.assembler = assembler;
        this.rowGroups = rowGroupWriter.apply(assembler);
        this.maxGroupRows = options.rowGroupRows();
        this.maxGroupBytes = options.rowGroupBytes();
        this.openBytes = rowGroups::openEncodedBytes;
        this.sizing = new WriterSizing(this, rowGroups);
        this.rowType = schema.rowType().asSerializableString();
        this.rowsWritten = rowsBefore;
    }

    /**
     * The one way to open a writer: {@code ParquetWriter.builder(rowType)}, then the options, write
     * mode and encoding threads, then {@link ParquetWriterBuilder#create(Path)} (a new file on a
     * Flink file system), {@link ParquetWriterBuilder#open(OutputStream, String)} (onto any stream)
     * or {@link Builder#resume(OutputStream, String, ResumePoint)} (continuing a file an earlier
     * writer left).
     *
     * @throws IllegalArgumentException (from the opening method) if the row type has a type Parquet
     *     cannot hold, or an option names a column that is not a leaf of the schema
     */
    public static ParquetWriterBuilder builder(RowType rowType) {
        return new ParquetWriterBuilder(rowType);
    }

    static ParquetWriter open(
            OutputStream out,
            RowType rowType,
            WriteOptions options,
            String location,
            EncodingPool pool)
            throws IOException {
        ParquetSchema schema =
                FlinkToParquetSchema.toParquetSchema(rowType, options.variantShredding());
        PositionOutputStream positioned =
                out instanceof PositionOutputStream p ? p : new PositionOutputStream(out);
        return new ParquetWriter(
                positioned,
                schema,
                options,
                location,
                Objects.requireNonNull(pool, "pool").context(),
                StreamingRowGroupWriter.SLICE_ROWS);
    }

    static ParquetWriter create(
            Path path, RowType rowType, WriteOptions options, WriteMode mode, EncodingPool pool)
            throws IOException {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(pool, "pool");
        ParquetSchema schema =
                FlinkToParquetSchema.toParquetSchema(rowType, options.variantShredding());
        FileSystem fs = path.getFileSystem();
        OutputStream stream;
        try {
            stream = fs.create(path, mode);
        } catch (FileAlreadyExistsException e) {
            FileAlreadyExistsException named =
                    new FileAlreadyExistsException(
                            path.toString(),
                            null,
                            "Cannot create "
                                    + path
                                    + ": the file exists (WriteMode.OVERWRITE replaces it)");
            named.initCause(e);
            throw named;
        }
        try {
            PositionOutputStream out =
                    new PositionOutputStream(new BufferedOutputStream(stream, BUFFER_BYTES));
            return new ParquetWriter(
                    out,
                    schema,
                    options,
                    path.toString(),
                    pool.context(),
                    StreamingRowGroupWriter.SLICE_ROWS);
        } catch (RuntimeException e) {
            // An option naming an unknown column: leave no empty file behind.
            stream.close();
            fs.delete(path, false);
            throw e;
        }
    }

    static ParquetWriter resume(
            OutputStream out,
            RowType rowType,
            WriteOptions options,
            String location,
            EncodingPool pool,
            ResumePoint point)
            throws IOException {
        Objects.requireNonNull(pool, "pool");
        ResumeState state = point.state(location);
        ParquetSchema schema =
                FlinkToParquetSchema.toParquetSchema(rowType, options.variantShredding());
        String type = schema.rowType().asSerializableString();
        if (!type.equals(state.rowType())) {
            throw new IllegalArgumentException(
                    "Cannot resume writing "
                            + location
                            + ": the row type "
                            + type
                            + " is not the one it was written with, "
                            + state.rowType());
        }
        if (state.estimates().leafFinishedRaw().length != schema.leaves().size()) {
            throw FileContext.of(location)
                    .corrupt(
                            "Cannot read resume point",
                            state.estimates().leafFinishedRaw().length
                                    + " columns, but the row type has "
                                    + schema.leaves().size());
        }
        checkKeys(state, options, location);
        long at =
                out instanceof PositionOutputStream p
                        ? p.position()
                        : out instanceof FSDataOutputStream f ? f.getPos() : point.length();
        if (at != point.length()) {
            throw new IllegalArgumentException(
                    "Cannot resume writing "
                            + location
                            + ": the stream is at byte "
                            + at
                            + ", the resume point at "
                            + point.length());
        }
        PositionOutputStream positioned =
                out instanceof PositionOutputStream p
                        ? p
                        : new PositionOutputStream(out, point.length());
        FileAssembler assembler =
                FileAssembler.resumed(
                        positioned,
                        schema,
                        options,
                        location,
                        state.rowGroups(),
                        state.columnIndexes(),
                        state.offsetIndexes(),
                        state.aadFileUnique());
        EncodingContext context = pool.context();
        return new ParquetWriter(
                positioned,
                schema,
                options,
                location,
                assembler,
                a ->
                        StreamingRowGroupWriter.resumed(
                                schema,
                                options,
                                location,
                                positioned,
                                a,
                                context,
                                StreamingRowGroupWriter.SLICE_ROWS,
                                point.length(),
                                state.estimates()),
                state.rowCount());
    }

    /**
     * The dotted paths of the leaf columns a file of {@code rowType} has, in file order: the names
     * {@link WriteOptions.Builder#bloomFilter} and sorting columns take.
     *
     * @throws IllegalArgumentException if the row type has a type Parquet cannot hold
     */
    public static List<String> leafPaths(RowType rowType) {
        return leafPaths(rowType, Map.of());
    }

    /**
     * As {@link #leafPaths(RowType)}, with VARIANT columns shredded as {@link
     * WriteOptions#variantShredding()} says (their typed columns are leaves too).
     *
     * @throws IllegalArgumentException if the row type has a type Parquet cannot hold, or a
     *     shredding type is refused or names no VARIANT column
     */
    public static List<String> leafPaths(RowType rowType, Map<String, LogicalType> shredding) {
        return FlinkToParquetSchema.toParquetSchema(rowType, shredding).leaves().stream()
                .map(leaf -> leaf.path())
                .toList();
    }

    /** A writer's own pool on an executor: as many slices in flight as one file takes. */
    static EncodingPool ownPool(Executor executor) {
        return EncodingPool.using(
                Objects.requireNonNull(executor, "encodingExecutor"), Integer.MAX_VALUE);
    }

    /**
     * Appends one row; may encode and write a row group, and wait for the pool.
     *
     * @throws IllegalArgumentException if a value of the row cannot be written; the row is skipped
     */
    public void write(RowData row) throws IOException {
        IllegalArgumentException rejected = guarded(APPEND, row);
        if (rejected != null) {
            throw rejected;
        }
    }

    /**
     * Appends {@code row}, cutting the row group at its limits; returns, rather than throws, the
     * {@link IllegalArgumentException} of a row that cannot be written, so that {@link #guarded}
     * does not break the writer for it.
     */
    @Nullable
    private IllegalArgumentException append(RowData row) throws IOException, InterruptedException {
        try {
            rowGroups.append(row, rowsWritten);
            rowsWritten++;
            long rows = rowGroups.openRowCount();
            if (rows >= maxGroupRows || groupBytesCheck.reached(rows, maxGroupBytes, openBytes)) {
                cut();
            }
            return null;
        } catch (IllegalArgumentException e) {
            return e;
        }
    }

    /**
     * Ends the open row group here, if it has rows, whatever the row-group limits: the next row
     * starts a new one. May wait for the pool.
     */
    public void cutRowGroup() throws IOException {
        guarded(CUT, null);
    }

    private Void cut() throws IOException, InterruptedException {
        rowGroups.cut();
        groupBytesCheck.reset();
        return null;
    }

    /** {@link WriterSizing#giveUpUnpayingDictionaries()}, guarded as every call here. */
    int giveUpUnpayingDictionaries() throws IOException {
        return guarded(GIVE_UP_DICTIONARIES, null);
    }

    /** Rows accepted so far. */
    public long rowsWritten() {
        return rowsWritten;
    }

    /** Rows of the open row group: accepted since the last cut. */
    public long openRowGroupRows() {
        return rowGroups.openRowCount();
    }

    /**
     * The open row group's estimated encoded (compressed) bytes, as {@link
     * WriteOptions#rowGroupBytes()} counts them. Measures every column: ask on a {@link
     * ByteLimitCheck} schedule rather than after every row.
     */
    public long openRowGroupBytes() {
        return rowGroups.openEncodedBytes();
    }

    /**
     * Estimated bytes of the file if it were finished now, without its page indexes and footer: the
     * row groups cut (their real size once known) plus the open one's estimate. Measures every
     * column, as {@link #openRowGroupBytes()}.
     */
    public long estimatedFileBytes() {
        return rowGroups.fileBytes();
    }

    /**
     * Writes out every row group cut so far (waiting for the pool), flushes the stream and returns
     * the point a later writer can {@linkplain #resume resume} from: the caller makes those bytes
     * durable (for instance {@code RecoverableFsDataOutputStream.persist()}). The open row group is
     * not part of it: its rows stay in this writer, which goes on as before (a writer resumed from
     * the point takes them again from the caller). May be called any number of times; each point
     * covers every group cut before the call.
     */
    public ResumePoint writtenPrefix() throws IOException {
        return guarded(WRITTEN_PREFIX, null);
    }

    private ResumePoint prefix() throws IOException, InterruptedException {
        ResumeState.Estimates estimates = rowGroups.awaitWritten();
        // Every cut group is on the stream now, and nothing else writes to it until the next cut,
        // which only this thread makes.
        assembler.startFile();
        out.flush();
        return ResumePoint.of(
                new ResumeState(
                        out.position(),
                        assembler.rowCount(),
                        rowType,
                        assembler.rowGroups(),
                        assembler.columnIndexes(),
                        assembler.offsetIndexes(),
                        estimates,
                        assembler.aadFileUnique(),
                        keyCheck(assembler.aadFileUnique())));
    }

    /** The key check a resume point of this file keeps, null for a plaintext file. */
    @Nullable
    private byte[] keyCheck(@Nullable byte[] aadFileUnique) {
        return aadFileUnique == null || encryption == null
                ? null
                : KeyCheck.of(encryption, aadFileUnique);
    }

    /**
     * Refuses to continue an encrypted file with other keys or settings than its prefix's (the
     * finished file would hold row groups no single set of keys reads). A resume point written
     * before resume points kept a key check is taken on trust, as it was then.
     */
    private static void checkKeys(ResumeState state, WriteOptions options, String location) {
        if (state.keyCheck() == null
                || state.aadFileUnique() == null
                || options.encryption() == null) {
            return; // encrypted against plaintext is refused by the assembler, by name
        }
        if (!KeyCheck.matches(state.keyCheck(), options.encryption(), state.aadFileUnique())) {
            throw new IllegalArgumentException(
                    "Cannot resume writing "
                            + location
                            + ": its encryption (footer or column keys, algorithm, footer mode, AAD"
                            + " prefix or encrypted columns) is not the one its first row groups"
                            + " were written with");
        }
    }

    /** {@link WriterSizing#heldBytes()}. */
    long heldBytes() {
        if (finished != null || aborted || closed) {
            return 0;
        }
        try {
            return Math.max(0, rowGroups.heldBytes());
        } catch (RuntimeException e) {
            // An estimate must not fail the caller; a broken writer is reported by its next write.
            return 0;
        }
    }

    /** Bytes written to the stream so far; after {@link #finish()}, the file's length. */
    public long bytesWritten() {
        return finished != null ? out.position() : rowGroups.writtenBytes();
    }

    /**
     * Writes the buffered rows, the page indexes and the footer, and returns the file's metadata as
     * a reader of the file sees it ({@link ParquetReader#metadata()}). Does not close the stream.
     * Calling it again returns the same metadata.
     */
    public FileMetadataView finish() throws IOException {
        if (finished != null) {
            return finished;
        }
        finished = guarded(FINISH, null);
        return finished;
    }

    private FileMetadataView finishFile() throws IOException, InterruptedException {
        rowGroups.finish();
        return MetadataViews.file(assembler.finish());
    }

    /**
     * Gives up the file: waits until none of its work runs on the pool any more, then leaves the
     * stream as it is, without a footer, for the caller to close or discard. The writer takes no
     * more calls; {@link #close()} then only closes the stream.
     */
    public void abort() {
        if (finished == null && !closed) {
            broken = true;
            aborted = true;
            rowGroups.abort();
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
            } else if (finished == null) {
                rowGroups.abort();
            }
        } finally {
            closed = true;
            out.close();
        }
    }

    /** A call {@link #guarded} runs: {@code writer}'s step on {@code arg}. */
    @FunctionalInterface
    private interface Step<A, R> {
        R run(ParquetWriter writer, A arg) throws IOException, InterruptedException;
    }

    // The steps take the writer as an argument rather than capturing it, and are held here, so
    // that a guarded call allocates nothing: write(row) runs once per row.
    private static final Step<RowData, IllegalArgumentException> APPEND = ParquetWriter::append;
    private static final Step<Void, Void> CUT = (writer, none) -> writer.cut();
    private static final Step<Void, Integer> GIVE_UP_DICTIONARIES =
            (writer, none) -> writer.rowGroups.giveUpUnpayingDictionaries();
    private static final Step<Void, ResumePoint> WRITTEN_PREFIX = (writer, none) -> writer.prefix();
    private static final Step<Void, FileMetadataView> FINISH =
            (writer, none) -> writer.finishFile();

    /**
     * The one place a failure breaks the writer: runs {@code step} on an open writer, and if it
     * does not return (whatever it throws) marks the writer broken, so that further calls fail and
     * {@link #close()} writes no footer. What the step throws propagates as it is, except an
     * interrupt while waiting for the pool, which becomes an {@link InterruptedIOException} with
     * the thread's interrupt flag set again.
     *
     * @throws IllegalStateException if the writer failed before or is finished (not breaking it)
     */
    private <A, R> R guarded(Step<A, R> step, @Nullable A arg) throws IOException {
        checkOpen();
        boolean returned = false;
        try {
            R result = step.run(this, arg);
            returned = true;
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(
                    "Cannot write " + location + ": interrupted while waiting for encoding");
        } finally {
            if (!returned) {
                broken = true;
            }
        }
    }

    /** {@link WriterSizing#of}. */
    WriterSizing sizing() {
        return sizing;
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
