package io.pqx.sink.file;

import io.pqx.format.encode.FileAssembler;
import io.pqx.format.encode.IncrementalRowGroupEncoder;
import io.pqx.format.encode.RowGroupEncoder;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.ParquetSchema;

import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.RowData;

import java.io.BufferedOutputStream;
import java.io.IOException;

import javax.annotation.Nullable;

/**
 * One Parquet part file being written by a sink subtask: a hidden in-progress file of Flink's
 * {@link RecoverableWriter} (on the local file system {@code .<name>.inprogress.<uuid>}), the
 * {@link RowCutter} that cuts its rows into row groups (encoding exact-mode groups while they
 * fill) and the {@link RowGroupPipeline} that encodes and writes them. {@link #closeForCommit()} writes the footer and turns it into a {@link
 * PendingFile}; {@link #discard()} abandons it, leaving at most a hidden in-progress file that is
 * never published.
 *
 * <p>Errors name the file as it exists while written, the hidden in-progress file, and the part
 * file it would be published as ({@link #where()}); the final name never exists after a failure.
 *
 * <p>Nothing here assumes the file closes at the next checkpoint: its state is the stream and the
 * assembler, which a later version may persist and resume.
 *
 * <p>Called by the sink's task thread only.
 */
public final class PartFile {
    private static final int BUFFER_BYTES = 1 << 16;

    private final RecoverableFsDataOutputStream stream;
    private final PositionOutputStream out;
    private final FileAssembler assembler;
    private final RowGroupPipeline pipeline;
    private final RowCutter cutter;
    private final PartFileSpec spec;
    private final String partition;
    private final String fileName;
    private final long openedAt;
    private long lastWriteAt;
    private long maxTimestamp = Long.MIN_VALUE;

    /** Row count at which {@link #reachedSize} next measures the file. */
    private long nextSizeCheck;

    private PartFile(
            RecoverableFsDataOutputStream stream,
            PositionOutputStream out,
            FileAssembler assembler,
            RowGroupPipeline pipeline,
            RowCutter cutter,
            PartFileSpec spec) {
        this.stream = stream;
        this.out = out;
        this.assembler = assembler;
        this.pipeline = pipeline;
        this.cutter = cutter;
        this.spec = spec;
        this.partition = spec.partition();
        this.fileName = spec.fileName();
        this.openedAt = spec.now();
        this.lastWriteAt = spec.now();
    }

    /**
     * Opens an in-progress file for {@code spec.target()}.
     *
     * @throws IOException naming the path if the file system refuses it
     */
    public static PartFile open(
            RecoverableWriter writer,
            PartFileSpec spec,
            ParquetSchema schema,
            WriteOptions options,
            RowGroupCutSettings cut,
            @Nullable RowSorter sorter,
            EncodingResources resources)
            throws IOException {
        return open(writer, spec, schema, options, cut, sorter, resources,
                StreamingRowGroupCutter.DEFAULT_SLICE_ROWS);
    }

    /**
     * As {@link #open(RecoverableWriter, PartFileSpec, ParquetSchema, WriteOptions,
     * RowGroupCutSettings, RowSorter, EncodingResources)}, with exact-mode row groups without
     * sort-by encoded incrementally in slices of {@code sliceRows} rows, or buffered whole as
     * approximate mode and sort-by do when {@code sliceRows} is 0 (tests compare the two).
     */
    static PartFile open(
            RecoverableWriter writer,
            PartFileSpec spec,
            ParquetSchema schema,
            WriteOptions options,
            RowGroupCutSettings cut,
            @Nullable RowSorter sorter,
            EncodingResources resources,
            int sliceRows)
            throws IOException {
        Path target = spec.target();
        RecoverableFsDataOutputStream stream;
        try {
            stream = writer.open(target);
        } catch (IOException e) {
            throw new IOException("Cannot open part file " + target + ": " + e.getMessage(), e);
        }
        PositionOutputStream out =
                new PositionOutputStream(new BufferedOutputStream(stream, BUFFER_BYTES));
        String location = target.toString();
        FileAssembler assembler = new FileAssembler(out, schema, options, location);
        RowGroupEncoder encoder = new RowGroupEncoder(schema, options);
        RowGroupPipeline pipeline =
                new RowGroupPipeline(schema, location, encoder, assembler, out, resources);
        RowCutter cutter;
        if (sliceRows > 0 && !RowGroupCutter.holdsRows(cut.mode(), sorter != null)) {
            IncrementalRowGroupEncoder incremental =
                    new IncrementalRowGroupEncoder(schema, options, resources.encodePool());
            cutter = new StreamingRowGroupCutter(
                    cut, sliceRows, schema, location, pipeline, incremental, resources.slices());
        } else {
            cutter = new RowGroupCutter(cut, pipeline, sorter);
        }
        return new PartFile(stream, out, assembler, pipeline, cutter, spec);
    }

    /** Whether rows passed to {@link #write} must stay valid after the call (not be reused). */
    public static boolean holdsRows(RowGroupCutSettings cut, boolean sorted) {
        return RowGroupCutter.holdsRows(cut.mode(), sorted);
    }

    /**
     * Appends a row; {@code now} is the processing time, for the inactivity policy, and {@code
     * timestamp} the record's timestamp ({@code Long.MIN_VALUE} if none). When {@link #holdsRows}
     * the row must not be modified afterwards.
     */
    public void write(RowData row, long now, long timestamp)
            throws IOException, InterruptedException {
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
        return partition;
    }

    public String fileName() {
        return fileName;
    }

    public long rowCount() {
        return cutter.rowCount();
    }

    public long openedAt() {
        return openedAt;
    }

    public long lastWriteAt() {
        return lastWriteAt;
    }

    /** Bytes written plus the estimated bytes of rows not yet sealed, for the size policy. */
    public long sizeEstimate() {
        return pipeline.writtenBytes() + cutter.pendingBytes();
    }

    /**
     * Whether the file has reached {@code limit} bytes (written plus buffered). Measuring sums
     * every column buffer, so it is done again only when, at the average row size so far, half the
     * remaining room could be used up.
     */
    public boolean reachedSize(long limit) {
        long rows = cutter.rowCount();
        if (rows < nextSizeCheck) {
            return false;
        }
        long size = sizeEstimate();
        if (size >= limit) {
            return true;
        }
        long averageRow = Math.max(1, size / Math.max(1, rows));
        nextSizeCheck = rows + Math.max(1, (limit - size) / averageRow / 2);
        return false;
    }

    /** Seals the last row groups, writes the footer and closes the file for commit. */
    public PendingFile closeForCommit() throws IOException, InterruptedException {
        try {
            cutter.finish();
            pipeline.drain();
        } catch (IOException e) {
            throw new IOException(relocate(e.getMessage(), where()), e);
        }
        RecoverableWriter.CommitRecoverable recoverable;
        long size;
        try {
            assembler.finish();
            out.flush();
            size = out.position();
            recoverable = stream.closeForCommit().getRecoverable();
        } catch (IOException e) {
            throw new IOException(
                    "Cannot close part file for commit: " + relocate(e.getMessage(), where()), e);
        }
        return new PendingFile(
                recoverable, partition, fileName, cutter.rowCount(), size, maxTimestamp);
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

    /** Abandons the file: waits for groups in flight, then closes the stream without commit. */
    public void discard() {
        cutter.abandon();
        pipeline.abandon();
        try {
            stream.close();
        } catch (IOException e) {
            // The in-progress file stays hidden and is never committed; nothing to do.
        }
    }
}
