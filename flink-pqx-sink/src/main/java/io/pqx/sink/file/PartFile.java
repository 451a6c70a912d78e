package io.pqx.sink.file;

import io.pqx.format.ByteLimitCheck;
import io.pqx.format.EncodingPool;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ResumePoint;
import io.pqx.format.ShreddedRows;
import io.pqx.format.WriterSizing;
import io.pqx.format.options.WriteOptions;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * One Parquet part file being written by a sink subtask: a hidden in-progress file of Flink's
 * {@link RecoverableWriter} (on the local file system {@code .<name>.inprogress.<uuid>}), the
 * format's {@link ParquetWriter} on that stream (encoding on the subtask's shared {@link
 * EncodingPool}), and the {@link RowGroupCutter} that says where its row groups end. {@link
 * #closeForCommit()} writes the footer and turns it into a {@link PendingFile}; {@link #discard()}
 * abandons it, leaving at most a hidden in-progress file that is never published.
 *
 * <p>A file may stay open across checkpoints: {@link #snapshot} makes its row groups written so far
 * durable ({@link RecoverableFsDataOutputStream#persist()}), logs the rows of its open row group
 * that arrived since the last checkpoint ({@link RowLog}) and returns both as an {@link
 * OpenFileState}; {@link #resume} continues it from that state after a restore, on the stream
 * {@link RecoverableWriter#recover} truncated back to the persisted bytes, re-feeding the logged
 * rows. No footer is written before {@link #closeForCommit()}.
 *
 * <p>Errors name the file as it exists while written, the hidden in-progress file, and the part
 * file it would be published as ({@link #where()}); the final name never exists after a failure.
 *
 * <p>Called by the sink's task thread only.
 */
@Internal
public final class PartFile {
    private static final int BUFFER_BYTES = 1 << 16;

    private final RecoverableWriter recoverableWriter;
    private final RecoverableFsDataOutputStream stream;
    private final ParquetWriter writer;
    private final RowGroupCutter cutter;
    private final PartFileSpec spec;
    private final ByteLimitCheck size;
    private final LongSupplier sizeEstimate = this::sizeEstimate;
    private final long openedAt;

    /**
     * The open row group's rows a checkpoint carries; a log no row is ever given to when
     * checkpoints flush or roll the file instead (it still counts a restored file's segments).
     */
    private final RowLog log;

    /** Whether the open row group's rows are logged for checkpoints to carry. */
    private final boolean carry;

    /**
     * Resumables of this file that the next checkpoint supersedes (the last one persisted, or the
     * one it was resumed from): their state is discarded once that checkpoint completes.
     */
    private final List<RecoverableWriter.ResumeRecoverable> superseded = new ArrayList<>();

    private long lastWriteAt;
    private long maxTimestamp = Long.MIN_VALUE;
    private long lastStateBytes;

    private PartFile(
            RecoverableWriter recoverableWriter,
            RecoverableFsDataOutputStream stream,
            ParquetWriter writer,
            RowGroupCutter cutter,
            PartFileSpec spec,
            long rollingBytes,
            RowLog log,
            boolean carry) {
        this.log = log;
        this.carry = carry;
        this.recoverableWriter = recoverableWriter;
        this.stream = stream;
        this.writer = writer;
        this.cutter = cutter;
        this.spec = spec;
        this.size = new ByteLimitCheck(rollingBytes);
        this.openedAt = spec.now();
        this.lastWriteAt = spec.now();
    }

    /**
     * Opens an in-progress file for {@code spec.target()}, with what {@code files} says every part
     * file of the subtask is written with.
     *
     * @throws IOException naming the path if the file system refuses it
     */
    public static PartFile open(PartFiles files, PartFileSpec spec) throws IOException {
        RecoverableWriter recoverableWriter = files.recoverableWriter();
        RowType rowType = files.rowType();
        WriteOptions options = files.options();
        boolean carry = files.carry();
        Path target = spec.target();
        RecoverableFsDataOutputStream stream;
        try {
            stream = recoverableWriter.open(target);
        } catch (IOException e) {
            throw new IOException("Cannot open part file " + target + ": " + e.getMessage(), e);
        }
        String location = target.toString();
        try {
            ParquetWriter writer =
                    ParquetWriter.builder(rowType)
                            .options(options)
                            .encodingOn(files.pool())
                            .open(writerOutput(stream, target), location);
            RowLog log = new RowLog(target, files.rowLogCipher());
            return new PartFile(
                    recoverableWriter,
                    stream,
                    writer,
                    cutter(files, writer, location, carry ? log : null),
                    spec,
                    files.rollingBytes(),
                    log,
                    carry);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /**
     * Continues a file a checkpoint left open: recovers its stream (the file system truncates
     * whatever a failed attempt wrote after the persisted bytes), resumes the format writer after
     * the persisted row groups and re-feeds the carried rows of the open row group, which are cut
     * as they would have been.
     *
     * @param now processing time, as the file's last write
     * @throws IOException naming the file if its stream cannot be recovered or the state does not
     *     fit it
     */
    public static PartFile resume(PartFiles files, OpenFileState state, long now)
            throws IOException {
        RecoverableWriter recoverableWriter = files.recoverableWriter();
        RowType rowType = files.rowType();
        boolean carry = files.carry();
        PartFileSpec spec =
                new PartFileSpec(
                        new Path(state.basePath()),
                        state.partition(),
                        state.fileName(),
                        state.openedAt());
        String location = spec.target().toString();
        ResumePoint point = ResumePoint.fromBytes(state.resumePoint(), location);
        RecoverableFsDataOutputStream stream;
        RecoverableWriter.ResumeRecoverable resumable;
        try {
            resumable =
                    recoverableWriter
                            .getResumeRecoverableSerializer()
                            .deserialize(state.resumableVersion(), state.resumable());
            stream = recoverableWriter.recover(resumable);
        } catch (IOException | RuntimeException e) {
            if (publishedAlready(spec.target())) {
                throw new PublishedAfterCheckpointException(spec.target(), e);
            }
            throw new IOException(
                    "Cannot resume part file "
                            + location
                            + " after a restore: its in-progress file cannot be recovered ("
                            + e.getMessage()
                            + ")",
                    e);
        }
        try {
            if (stream.getPos() != point.length()) {
                throw new IOException(
                        "Cannot resume part file "
                                + location
                                + ": the recovered"
                                + " in-progress file has "
                                + stream.getPos()
                                + " bytes, the checkpoint "
                                + point.length());
            }
            RowLogCipher cipher = files.rowLogCipher();
            List<RowData> carried =
                    RowLog.read(spec.target(), state.rowLog(), state.rowLogSkip(), rowType, cipher);
            ParquetWriter writer =
                    ParquetWriter.builder(rowType)
                            .options(files.options())
                            .encodingOn(files.pool())
                            .resume(writerOutput(stream, spec.target()), location, point);
            RowLog log =
                    new RowLog(
                            spec.target(),
                            state.rowLog(),
                            state.rowLogSkip(),
                            state.rowLogNext(),
                            cipher);
            PartFile file =
                    new PartFile(
                            recoverableWriter,
                            stream,
                            writer,
                            cutter(files, writer, location, carry ? log : null),
                            spec,
                            files.rollingBytes(),
                            log,
                            carry);
            file.maxTimestamp = state.maxTimestamp();
            file.lastStateBytes = stateBytes(state.resumePoint(), state.rowLog());
            file.lastWriteAt = now;
            file.superseded.add(resumable);
            for (RowData row : carried) {
                file.cutter.addLogged(row);
            }
            return file;
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /**
     * Whether {@code target} exists under its final name: only a commit creates it (final names
     * carry the writer id, and a writer never reuses the name of a file that exists).
     */
    private static boolean publishedAlready(Path target) {
        try {
            return target.getFileSystem().exists(target);
        } catch (IOException | RuntimeException e) {
            return false; // unknown: the recover failure is reported as it is
        }
    }

    /** What the format writer writes to: the part file's stream, buffered, synced on flush. */
    private static OutputStream writerOutput(RecoverableFsDataOutputStream stream, Path target)
            throws IOException {
        return new BufferedOutputStream(SyncOnFlushStream.of(stream, target), BUFFER_BYTES);
    }

    private static RowGroupCutter cutter(
            PartFiles files, ParquetWriter writer, String location, @Nullable RowLog log) {
        RowType rowType = files.rowType();
        return RowGroupCutter.holdsRows(files.limits(), files.sorter() != null)
                ? new HoldingCutter(
                        files.limits(),
                        writer,
                        files.sorter(),
                        ShreddedRows.of(rowType, files.options().variantShredding(), location),
                        new CarriedRows(rowType),
                        log)
                : new StreamingCutter(
                        files.limits(), writer, log == null ? null : new CarriedRows(rowType), log);
    }

    /**
     * Appends a row; {@code now} is the processing time, for the inactivity policy, and {@code
     * timestamp} the record's timestamp ({@code Long.MIN_VALUE} if none). The row is copied or
     * shredded before the call returns, so the caller may reuse it. May wait for the encoding pool
     * (backpressure).
     */
    public void write(RowData row, long now, long timestamp) throws IOException {
        try {
            cutter.add(row);
        } catch (IllegalArgumentException e) {
            // A rejected value: the cause (a ClassCastException, say) stays, the message is ours.
            IllegalArgumentException relocated =
                    new IllegalArgumentException(
                            relocate(e.getMessage(), whereRow()), e.getCause());
            relocated.setStackTrace(e.getStackTrace());
            throw relocated;
        } catch (IOException e) {
            throw new IOException(relocate(e.getMessage(), where()), e);
        }
        lastWriteAt = now;
        maxTimestamp = Math.max(maxTimestamp, timestamp);
    }

    public String partition() {
        return spec.partition();
    }

    /**
     * The base path the file is written under: the sink's, or for a file resumed from a checkpoint,
     * the one it was opened under (a job restored with another base path finishes it where it is).
     */
    public Path basePath() {
        return spec.basePath();
    }

    public String fileName() {
        return spec.fileName();
    }

    public long rowCount() {
        return cutter.rowCount();
    }

    /** The largest record timestamp written, {@code Long.MIN_VALUE} if none. */
    public long maxTimestamp() {
        return maxTimestamp;
    }

    public long openedAt() {
        return openedAt;
    }

    public long lastWriteAt() {
        return lastWriteAt;
    }

    /** File bytes per raw byte this file's estimates use now (see WriterSizing). */
    public double compressionRatio() {
        return WriterSizing.of(writer).compressionRatio();
    }

    /**
     * Assumes {@code encodedPerRawByte} until this file has shown its own compression: a subtask
     * carries it from one file to the next, so a new file's first row groups and held rows are not
     * counted at their raw size.
     */
    public void assumeCompression(double encodedPerRawByte) {
        WriterSizing.of(writer).assumeCompression(encodedPerRawByte);
    }

    /**
     * Estimated bytes of the file if closed now (footer aside): row groups written or cut, the open
     * one, and rows held for a later cut, all in encoded bytes.
     */
    public long sizeEstimate() {
        return writer.estimatedFileBytes() + cutter.heldFileBytes();
    }

    /**
     * Whether the file has reached its rolling size. Cheap after every row: the size is measured on
     * a {@link ByteLimitCheck} schedule.
     */
    public boolean reachedSize() {
        return size.reached(cutter.rowCount(), sizeEstimate);
    }

    /**
     * Heap bytes this file holds now: its writer's (pages, dictionaries, page buffers, slices) and
     * the rows held or carried for its open row group. Measures every column: ask on a schedule.
     */
    public long heldBytes() {
        return WriterSizing.of(writer).heldBytes() + cutter.memoryBytes();
    }

    /** Heap bytes that {@link #logOpenRows()} would free now. */
    public long unloggedBytes() {
        return cutter.unloggedBytes();
    }

    /**
     * Writes the open row group's rows that arrived since they were last logged to the file's row
     * log, freeing their memory where only the log needed them (the memory budget).
     */
    public void logOpenRows() throws IOException {
        cutter.logOpenRows();
    }

    /**
     * Frees the open row group's dictionaries that no page has used and that show they will not pay
     * ({@link WriterSizing#giveUpUnpayingDictionaries()}); the memory budget's second resort.
     *
     * @return how many were given up
     */
    public int giveUpUnpayingDictionaries() throws IOException {
        try {
            return WriterSizing.of(writer).giveUpUnpayingDictionaries();
        } catch (IOException e) {
            throw new IOException(relocate(e.getMessage(), where()), e);
        }
    }

    /**
     * The resumables this file's next checkpoint supersedes, handed over once: the one its last
     * {@link #snapshot} persisted, or the one it was resumed from. Once that checkpoint completes
     * no restore needs them, and the committer discards their state (on object stores, the
     * temporary object holding the file's tail); Flink's FileSink does the same.
     */
    public List<RecoverableWriter.ResumeRecoverable> takeSupersededResumables() {
        List<RecoverableWriter.ResumeRecoverable> taken = List.copyOf(superseded);
        superseded.clear();
        return taken;
    }

    /**
     * Bytes of the row-log segments the last {@link #snapshot} named, and of those {@link
     * #logOpenRows()} wrote since.
     */
    public long loggedBytes() {
        return log.bytes();
    }

    /** Rows of the open row group its row log holds. */
    public long loggedRows() {
        return log.openRows();
    }

    /**
     * Bytes, about, of this file's entry in the writer state at its last snapshot (or in the state
     * it was resumed from): the persisted row groups' footer entries and page indexes (the format's
     * resume point, which grows with every row group cut) and the names of the row-log segments the
     * state named. 0 before the first.
     */
    public long lastStateBytes() {
        return lastStateBytes;
    }

    private static long stateBytes(byte[] resumePoint, List<RowLogSegment> segments) {
        long bytes = resumePoint.length;
        for (RowLogSegment segment : segments) {
            bytes += segment.name().length() + 16;
        }
        return bytes;
    }

    /** Rows of the open row group (accepted since the last cut, held rows included). */
    public long openRowGroupRows() {
        return Math.max(writer.openRowGroupRows(), cutter.carriedRowCount());
    }

    /** Cuts the rows pending now into row groups, freeing what they hold once written. */
    public void cutOpenRowGroup() throws IOException {
        try {
            cutter.cutPending();
        } catch (IOException e) {
            throw new IOException(relocate(e.getMessage(), where()), e);
        }
    }

    /**
     * Makes the file's row groups so far durable and returns what a restore needs to continue it:
     * with {@code flushOpenGroup} the open row group is cut first (a short row group), otherwise
     * the rows it received since the last checkpoint are logged and the state names the log. The
     * file stays open; nothing is visible yet.
     */
    public OpenFileState snapshot(boolean flushOpenGroup) throws IOException {
        try {
            if (flushOpenGroup) {
                cutter.cutPending();
            } else {
                cutter.logOpenRows();
            }
            if (!carry && !flushOpenGroup && openRowGroupRows() > 0) {
                throw new IllegalStateException(
                        "Cannot carry the open row group: this file does"
                                + " not log its rows ("
                                + where()
                                + ")");
            }
            ResumePoint point = writer.writtenPrefix();
            RecoverableWriter.ResumeRecoverable resumable = stream.persist();
            superseded.add(resumable);
            SimpleVersionedSerializer<RecoverableWriter.ResumeRecoverable> serializer =
                    recoverableWriter.getResumeRecoverableSerializer();
            byte[] pointBytes = point.toBytes();
            List<RowLogSegment> segments = log.segments();
            lastStateBytes = stateBytes(pointBytes, segments);
            return new OpenFileState(
                    spec.basePath().toString(),
                    spec.partition(),
                    spec.fileName(),
                    openedAt,
                    maxTimestamp,
                    serializer.getVersion(),
                    serializer.serialize(resumable),
                    pointBytes,
                    segments,
                    log.skip(),
                    log.next());
        } catch (IOException e) {
            throw new IOException(
                    "Cannot checkpoint part file: " + relocate(e.getMessage(), where()), e);
        }
    }

    /** Cuts the last row groups, writes the footer and closes the file for commit. */
    public PendingFile closeForCommit() throws IOException {
        long length;
        try {
            cutter.finish();
            writer.finish();
            length = writer.bytesWritten();
        } catch (IOException e) {
            throw new IOException(relocate(e.getMessage(), where()), e);
        }
        RecoverableWriter.CommitRecoverable recoverable;
        try {
            recoverable = stream.closeForCommit().getRecoverable();
        } catch (IOException e) {
            throw new IOException(
                    "Cannot close part file for commit: " + relocate(e.getMessage(), where()), e);
        }
        return new PendingFile(
                recoverable,
                spec.partition(),
                spec.fileName(),
                cutter.rowCount(),
                length,
                maxTimestamp,
                log.next());
    }

    /**
     * Where this file is, for messages: "in-progress file .../.part-x.parquet.inprogress.uuid of
     * part file .../part-x.parquet, which is published only when committed". Looks the in-progress
     * file up by name (the recoverable writer does not expose it), so it is for error paths only.
     */
    public String where() {
        return "in-progress file "
                + inProgressFile()
                + " of part file "
                + spec.target()
                + ", which is published only when committed";
    }

    /** {@link #where()} for a message about "row n": also says what n counts. */
    public String whereRow() {
        return where() + "; rows are counted from 0 in each file";
    }

    /**
     * The hidden file Flink's local and Hadoop recoverable writers write to, {@code
     * .<name>.inprogress.<uuid>} next to the target; object stores keep an upload instead.
     */
    private String inProgressFile() {
        Path target = spec.target();
        String prefix = "." + target.getName() + ".inprogress.";
        try {
            FileStatus[] files = target.getFileSystem().listStatus(target.getParent());
            for (FileStatus file : files == null ? new FileStatus[0] : files) {
                if (file.getPath().getName().startsWith(prefix)) {
                    return file.getPath().toString();
                }
            }
        } catch (IOException | RuntimeException e) {
            // Only a message is at stake: fall back to the name pattern.
        }
        return new Path(target.getParent(), prefix + "*").toString();
    }

    /** {@code message} naming {@code where} instead of the final path the format was given. */
    private String relocate(String message, String where) {
        String suffix = " (" + spec.target() + ")";
        String text = String.valueOf(message);
        if (text.endsWith(suffix)) {
            text = text.substring(0, text.length() - suffix.length());
        }
        return text + " (" + where + ")";
    }

    /** Abandons the file: waits for its work in flight, then closes the stream without commit. */
    public void discard() {
        writer.abort();
        try {
            stream.close();
        } catch (IOException e) {
            // The in-progress file stays hidden and is never committed; nothing to do.
        }
    }
}
