package io.pqx.sink.writer;

import io.pqx.sink.state.PqxWriterState;

import io.pqx.format.EncodingPool;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.state.PqxCommittable;
import io.pqx.sink.file.PartFile;
import io.pqx.sink.file.PartFileSpec;
import io.pqx.sink.file.PendingFile;
import io.pqx.sink.file.RowGroupLimits;
import io.pqx.sink.file.RowSorter;
import io.pqx.sink.partition.PartitionComputer;

import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.annotation.Nullable;

/**
 * The sink writer of one subtask: routes each row to the open {@link PartFile} of its partition
 * (opening one, and closing the least recently written when {@code sink.max-open-files} would be
 * exceeded), rolls files by size, time open and inactivity, and at each checkpoint and at end of
 * input ({@link #prepareCommit()}) closes every open file into a {@link PqxCommittable}.
 *
 * <p>File names follow {@code sink.file-name.pattern}; {@code {uuid}} is fresh for each writer
 * instance (each attempt), so names never collide across restarts. Closed files stay hidden until
 * the committer publishes them.
 *
 * <p>Called by the task's mailbox thread only (timers included).
 */
public final class PqxSinkWriter
        implements StatefulSinkWriter<RowData, PqxWriterState>,
                CommittingSinkWriter<RowData, PqxCommittable> {
    /**
     * Raw row slices (4096 rows or 1 MiB) being encoded at once for the whole subtask, however
     * many partition files are open.
     */
    static final int SLICES_IN_FLIGHT = 8;

    private final SinkSettings settings;
    private final Path basePath;
    private final PartitionComputer partitions;
    private final RecoverableWriter recoverableWriter;
    private final WriteOptions writeOptions;
    private final RowGroupLimits limits;
    @Nullable private final RowSorter sorter;
    private final boolean holdsRows;
    @Nullable private final TypeSerializer<RowData> copier;
    private final int[] dataColumns;
    private final EncodingPool pool;
    private final ProcessingTimeService time;
    private final Counter recordsSent;
    private final int subtask;
    private final String uuid = UUID.randomUUID().toString();
    private final LinkedHashMap<String, PartFile> open = new LinkedHashMap<>(16, 0.75f, true);
    private final List<PqxCommittable> pending = new ArrayList<>();
    private long fileCounter;
    /**
     * File bytes per raw byte of the last file closed (0 before any), assumed by the next file
     * until it shows its own, so its size estimates do not start at raw size.
     */
    private double lastCompression;

    /**
     * @param freshRows whether every row written is a new object nobody modifies later (rows
     *     converted from POJOs); otherwise rows are copied when Flink reuses objects and the files
     *     hold rows until their row group is cut
     */
    public PqxSinkWriter(
            SinkSettings settings,
            Path basePath,
            PartitionComputer partitions,
            WriterInitContext context,
            boolean freshRows)
            throws IOException {
        this.settings = settings;
        this.basePath = basePath;
        this.partitions = partitions;
        this.recoverableWriter = SinkFileSystem.recoverableWriter(basePath);
        this.writeOptions = settings.writeOptions();
        this.limits =
                new RowGroupLimits(
                        settings.rowGroupMode(),
                        settings.rowGroupRows(),
                        settings.rowGroupBytes(),
                        settings.effectiveMinRows());
        this.sorter =
                settings.sortBy().isEmpty()
                        ? null
                        : RowSorter.of(partitions.dataType(), settings.sortBy());
        this.holdsRows = PartFile.holdsRows(limits, sorter != null);
        this.copier =
                holdsRows && !freshRows && context.isObjectReuseEnabled()
                        ? context.<RowData>createInputSerializer()
                        : null;
        this.dataColumns = partitions.dataColumns();
        this.subtask = context.getTaskInfo().getIndexOfThisSubtask();
        this.pool =
                EncodingPool.threads(
                        settings.effectiveEncodingThreads(),
                        SLICES_IN_FLIGHT,
                        settings.maxInFlight(),
                        "pqx-sink-" + subtask);
        this.time = context.getProcessingTimeService();
        this.recordsSent = context.metricGroup().getNumRecordsSendCounter();
        scheduleRollingCheck();
    }

    /**
     * @throws IllegalArgumentException "Cannot write row n: column c ... (in-progress file f of
     *     part file p, ...)" if a value cannot be written, the row then being in no file
     */
    @Override
    public void write(RowData row, Context context) throws IOException, InterruptedException {
        long now = time.getCurrentProcessingTime();
        String partition;
        try {
            partition = partitions.partitionPath(row);
        } catch (ClassCastException e) {
            throw wrongClass(row, e, partitions.keyColumns(), "partition column", null);
        }
        PartFile file = open.get(partition);
        if (file == null) {
            if (settings.partitionWrites().inputGrouped()) {
                // grouped input: the partitions seen so far are done
                closeAll();
            }
            file = openFile(partition, now);
        }
        Long timestamp = context == null ? null : context.timestamp();
        try {
            file.write(
                    dataRow(row), now, timestamp == null ? PqxCommittable.NO_TIMESTAMP : timestamp);
        } catch (IllegalArgumentException e) {
            if (e.getCause() instanceof ClassCastException cast) {
                throw wrongClass(row, cast, dataColumns, "column", file);
            }
            throw e;
        }
        recordsSent.inc();
        if (file.reachedSize()
                || now - file.openedAt() >= settings.rolloverInterval().toMillis()) {
            closeFile(partition);
        }
    }

    /**
     * A value of the wrong Java class for its column: names the column, its type and the value's
     * class, which the format's typed getters cannot (they only see a {@link ClassCastException}).
     * Falls back to the original error if no value is found at fault.
     */
    private RuntimeException wrongClass(
            RowData row, ClassCastException e, int[] columns, String what, PartFile file) {
        return ValueClassCheck.first(partitions.rowType(), row, columns)
                .<RuntimeException>map(
                        m ->
                                new IllegalArgumentException(
                                        file == null
                                                ? "Cannot write a row: "
                                                        + m.describe(what)
                                                        + " (before any file: the value names the"
                                                        + " partition directory under "
                                                        + basePath
                                                        + ")"
                                                : "Cannot write row "
                                                        + file.rowCount()
                                                        + ": "
                                                        + m.describe(what)
                                                        + " ("
                                                        + file.whereRow()
                                                        + ")",
                                        e))
                .orElse(e);
    }

    /** The row to store: the data columns, as a stable copy when the file holds rows. */
    private RowData dataRow(RowData row) {
        if (!holdsRows) {
            return partitions.dataRow(row);
        }
        RowData stable = copier != null ? copier.copy(row) : row;
        return partitions.isPartitioned()
                ? ProjectedRowData.from(dataColumns).replaceRow(stable)
                : stable;
    }

    private PartFile openFile(String partition, long now) throws IOException {
        if (open.size() >= settings.maxOpenFiles()) {
            // Access order: the first entry is the least recently written file.
            closeFile(open.keySet().iterator().next());
        }
        String name =
                FileNamePattern.format(settings.fileNamePattern(), uuid, subtask, fileCounter++);
        PartFileSpec spec = new PartFileSpec(basePath, partition, name, now);
        PartFile file =
                PartFile.open(
                        recoverableWriter,
                        spec,
                        partitions.dataType(),
                        writeOptions,
                        limits,
                        sorter,
                        pool,
                        settings.rollingFileSize());
        if (lastCompression > 0) {
            file.assumeCompression(lastCompression);
        }
        open.put(partition, file);
        return file;
    }

    private void closeFile(String partition) throws IOException {
        PartFile file = open.remove(partition);
        PendingFile done;
        try {
            done = file.closeForCommit();
            lastCompression = file.compressionRatio();
        } catch (IOException | RuntimeException e) {
            file.discard();
            throw e;
        }
        pending.add(
                new PqxCommittable(
                        basePath.toString(),
                        done.partition(),
                        done.fileName(),
                        done.rowCount(),
                        done.sizeBytes(),
                        done.maxTimestamp(),
                        done.recoverable()));
    }

    @Override
    public void flush(boolean endOfInput) {
        // Files close in prepareCommit(), which Flink calls right after flush().
    }

    private void closeAll() throws IOException {
        for (String partition : new ArrayList<>(open.keySet())) {
            closeFile(partition);
        }
    }

    @Override
    public Collection<PqxCommittable> prepareCommit() throws IOException, InterruptedException {
        closeAll();
        List<PqxCommittable> committables = new ArrayList<>(pending);
        pending.clear();
        return committables;
    }

    @Override
    public List<PqxWriterState> snapshotState(long checkpointId) {
        // prepareCommit() closed every file: nothing stays open across this checkpoint.
        return List.of(PqxWriterState.empty());
    }

    private void scheduleRollingCheck() {
        long interval = settings.rollingCheckInterval().toMillis();
        time.registerTimer(time.getCurrentProcessingTime() + interval, this::onRollingCheck);
    }

    private void onRollingCheck(long now) throws IOException, InterruptedException {
        Iterator<Map.Entry<String, PartFile>> files = new ArrayList<>(open.entrySet()).iterator();
        while (files.hasNext()) {
            Map.Entry<String, PartFile> e = files.next();
            PartFile file = e.getValue();
            if (now - file.lastWriteAt() >= settings.inactivityInterval().toMillis()
                    || now - file.openedAt() >= settings.rolloverInterval().toMillis()) {
                closeFile(e.getKey());
            }
        }
        scheduleRollingCheck();
    }

    @Override
    public void close() {
        for (PartFile file : open.values()) {
            file.discard();
        }
        open.clear();
        pool.close();
    }
}
