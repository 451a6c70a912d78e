package io.pqx.sink.writer;

import io.pqx.format.EncodingPool;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.file.OpenFileState;
import io.pqx.sink.file.PartFile;
import io.pqx.sink.file.PartFiles;
import io.pqx.sink.file.RowGroupLimits;
import io.pqx.sink.file.RowSorter;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.partition.PartitionComputer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.data.RowData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sink writer of one subtask: routes each row to the open {@link PartFile} of its partition
 * ({@link OpenFiles}: opening one, and closing the least recently written when {@code
 * sink.max-open-files} would be exceeded), closes files as the {@link RollingPolicy} says, keeps
 * all open files within {@code sink.memory.budget} ({@link MemoryBudget}), and turns closed files
 * into {@link PqxCommittable}s at the next checkpoint ({@link #prepareCommit()}). It holds the Sink
 * V2 lifecycle; each of those jobs has a class of its own, and so have file names ({@link
 * PartFileNames}) and the restore ({@link WriterRestore}), an explicit step of {@link #open}.
 *
 * <p><b>Files across checkpoints.</b> By default a file stays open across checkpoints: {@link
 * #snapshotState} persists each open file's row groups and carries (or flushes) its open row group,
 * and a writer restored from that state resumes the files where the checkpoint left them. With
 * {@code sink.rolling-policy.roll-on-checkpoint}, or on a file system whose recoverable writer
 * cannot resume, every file closes at each checkpoint instead; so it does in a job that takes no
 * periodic checkpoints, whose files then keep no copy of their open row groups' rows. At end of
 * input every file closes.
 *
 * <p>Called by the task's mailbox thread only (timers included).
 */
@Internal
public final class PqxSinkWriter
        implements StatefulSinkWriter<RowData, PqxWriterState>,
                CommittingSinkWriter<RowData, PqxCommittable> {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSinkWriter.class);

    /**
     * Raw row slices (4096 rows or 1 MiB) being encoded at once for the whole subtask, however many
     * partition files are open.
     */
    static final int SLICES_IN_FLIGHT = 8;

    /**
     * Bound of one open file's entry in the writer state: a file whose entry passed it at a
     * checkpoint (its persisted row groups' footer entries and page indexes grow with every row
     * group cut, its row log with every checkpoint its open row group spans) is closed at the next
     * checkpoint, and committed by it. So the writer state stays within about this much per open
     * file plus what one checkpoint interval adds, whatever cuts the memory budget forces or
     * however long a row group stays open. (Measured at the snapshot, which computes the entry
     * anyway, rather than before it: that would write and sync every open file once more per
     * checkpoint.)
     */
    static final long MAX_FILE_STATE_BYTES = 256 << 10;

    private final SinkSettings settings;
    private final Path basePath;
    private final PartitionComputer partitions;
    private final int[] dataColumns;
    private final EncodingPool pool;
    private final ProcessingTimeService time;
    private final Counter recordsSent;
    private final Counter orphans;
    private final int subtask;
    private final String lineage;
    private final int attempt;
    private final RollingPolicy rolling;
    private final MemoryBudget budget;
    private final PartFiles partFiles;
    private final OpenFiles open;
    private final PartFileNames names;
    private boolean endOfInput;
    private volatile long carriedBytes;

    /**
     * A writer, restored from {@code restored} (empty for a fresh start): built, then restored
     * ({@link WriterRestore}: orphans deleted, open files resumed) before its first row.
     *
     * @param sinkToken drawn once when the sink was built: tells this sink's attempts from others
     * @throws IOException if a restored open file cannot be resumed, or the orphan scan fails
     */
    public static PqxSinkWriter open(
            SinkSettings settings,
            Path basePath,
            PartitionComputer partitions,
            WriterInitContext context,
            RecoverableWriter recoverableWriter,
            String sinkToken,
            Collection<PqxWriterState> restored)
            throws IOException {
        return open(
                settings,
                basePath,
                partitions,
                context,
                recoverableWriter,
                sinkToken,
                restored,
                true);
    }

    /**
     * {@link #open(SinkSettings, Path, PartitionComputer, WriterInitContext, RecoverableWriter,
     * String, Collection)} for a job that takes periodic checkpoints or not: without them ({@code
     * periodicCheckpoints} false: BATCH mode, or STREAMING without checkpointing) no file carries
     * its open row group, since no checkpoint will need its rows; a checkpoint that does come (a
     * savepoint) closes every open file, as {@code sink.rolling-policy.roll-on-checkpoint} does.
     */
    public static PqxSinkWriter open(
            SinkSettings settings,
            Path basePath,
            PartitionComputer partitions,
            WriterInitContext context,
            RecoverableWriter recoverableWriter,
            String sinkToken,
            Collection<PqxWriterState> restored,
            boolean periodicCheckpoints)
            throws IOException {
        PqxSinkWriter writer =
                new PqxSinkWriter(
                        settings,
                        basePath,
                        partitions,
                        context,
                        recoverableWriter,
                        sinkToken,
                        restored,
                        periodicCheckpoints);
        try {
            writer.restore(restored);
        } catch (IOException | RuntimeException e) {
            writer.close();
            throw e;
        }
        writer.scheduleRollingCheck();
        return writer;
    }

    private PqxSinkWriter(
            SinkSettings settings,
            Path basePath,
            PartitionComputer partitions,
            WriterInitContext context,
            RecoverableWriter recoverableWriter,
            String sinkToken,
            Collection<PqxWriterState> restored,
            boolean periodicCheckpoints) {
        this.settings = settings;
        this.basePath = basePath;
        this.partitions = partitions;
        RowGroupLimits limits =
                new RowGroupLimits(
                        settings.rowGroups().mode(),
                        settings.rowGroups().rows(),
                        settings.rowGroups().bytes(),
                        settings.rowGroups().effectiveMinRows());
        RowSorter sorter =
                settings.layout().sortBy().isEmpty()
                        ? null
                        : RowSorter.of(partitions.dataType(), settings.layout().sortBy());
        this.dataColumns = partitions.dataColumns();
        this.subtask = context.getTaskInfo().getIndexOfThisSubtask();
        this.time = context.getProcessingTimeService();
        this.recordsSent = context.metricGroup().getNumRecordsSendCounter();
        this.rolling =
                new RollingPolicy(
                        settings,
                        recoverableWriter,
                        basePath,
                        partitions.isPartitioned(),
                        periodicCheckpoints);
        MetricGroup metrics = context.metricGroup();
        this.budget =
                new MemoryBudget(
                        settings.checkpoints().memoryBudgetBytes(),
                        settings.rowGroups().mode() == RowGroupMode.EXACT,
                        settings.rowGroups().effectiveMinRows(),
                        metrics.counter("pqxForcedRowGroupCuts"),
                        metrics.counter("pqxForcedFileCloses"),
                        metrics.counter("pqxRowLogSpills"),
                        metrics.counter("pqxRowLogSpilledRows"),
                        metrics.counter("pqxRowLogSpilledBytes"),
                        metrics.counter("pqxDictionariesGivenUp"),
                        Integer.toString(subtask));
        metrics.gauge("pqxHeldBytes", (Gauge<Long>) budget::heldBytes);
        if (subtask == 0) {
            LOG.info(
                    "pqx sink under {}: memory budget {} MiB per subtask ({})",
                    basePath,
                    budget.budget() >> 20,
                    settings.checkpoints().memoryBudget() == SinkSettings.HEAP_SHARE_BUDGET
                            ? "sink.memory.budget unset: 1/16 of this JVM's maximum heap of "
                                    + (Runtime.getRuntime().maxMemory() >> 20)
                                    + " MiB, between 64 MiB and 1 GiB"
                            : "sink.memory.budget");
        }
        metrics.gauge("pqxCarriedBytes", (Gauge<Long>) () -> carriedBytes);
        this.orphans = metrics.counter("pqxOrphanFilesCleaned");

        List<String> restoredIds = new ArrayList<>();
        for (PqxWriterState state : restored) {
            if (!state.writerId().equals(PqxWriterState.NO_WRITER_ID)) {
                restoredIds.add(state.writerId());
            }
        }
        this.lineage =
                AttemptIds.lineage(
                        sinkToken,
                        context.getJobInfo().getJobId().toString(),
                        subtask,
                        restoredIds,
                        context.getRestoredCheckpointId());
        this.attempt = context.getTaskInfo().getAttemptNumber();
        this.names =
                new PartFileNames(
                        basePath,
                        settings.rolling().fileNamePattern(),
                        AttemptIds.writerId(lineage, attempt),
                        subtask);
        this.pool =
                EncodingPool.threads(
                        settings.encoding().effectiveThreads(),
                        SLICES_IN_FLIGHT,
                        settings.encoding().maxInFlight(),
                        "pqx-sink-" + subtask);
        this.partFiles =
                new PartFiles(
                        recoverableWriter,
                        partitions.dataType(),
                        settings.layout().writeOptions(),
                        limits,
                        sorter,
                        pool,
                        settings.rolling().fileSize(),
                        rolling.carriesOpenRowGroups());
        this.open = new OpenFiles(partFiles, recoverableWriter, context.metricGroup());
    }

    /** The explicit restore step: orphans deleted, then the restored open files resumed. */
    private void restore(Collection<PqxWriterState> restored) throws IOException {
        WriterRestore restore =
                new WriterRestore(settings, basePath, partitions.keyColumns().length, subtask);
        if (!restored.isEmpty() || attempt > 0) {
            orphans.inc(restore.cleanOrphans(restored, AttemptIds.upTo(lineage, attempt)));
        }
        restore.resume(
                restored,
                partFiles,
                open,
                rolling.spansCheckpoints(),
                time.getCurrentProcessingTime());
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
                open.closeAll();
            }
            file = open.open(names.next(partition, now), settings.rolling().maxOpenFiles());
        }
        Long timestamp = context == null ? null : context.timestamp();
        try {
            file.write(
                    partitions.dataRow(row),
                    now,
                    timestamp == null ? PqxCommittable.NO_TIMESTAMP : timestamp);
        } catch (IllegalArgumentException e) {
            if (e.getCause() instanceof ClassCastException cast) {
                throw wrongClass(row, cast, dataColumns, "column", file);
            }
            throw e;
        }
        recordsSent.inc();
        if (rolling.rollsAfterWrite(file, now)) {
            open.close(partition);
        }
        if (budget.due()) {
            budget.enforce(open.byPartition(), open::close, now);
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

    @Override
    public void flush(boolean endOfInput) {
        // Files close in prepareCommit(), which Flink calls right after flush().
        this.endOfInput |= endOfInput;
    }

    /**
     * The files closed since the last checkpoint (rolling on checkpoint, and at end of input, every
     * open file is closed first), and, where the file system keeps state behind a resumable (an
     * object store's tail object), the clean-ups of the resumables this checkpoint supersedes:
     * those the last one persisted or a restore resumed from.
     */
    @Override
    public Collection<PqxCommittable> prepareCommit() throws IOException, InterruptedException {
        if (!rolling.spansCheckpoints() || endOfInput) {
            open.closeAll();
        } else {
            closeFilesOverStateBound();
        }
        return open.takeCommittables();
    }

    /** Closes the open files whose entry in the last state passed the bound. */
    private void closeFilesOverStateBound() throws IOException {
        for (Map.Entry<String, PartFile> e : open.entries()) {
            long bytes = e.getValue().lastStateBytes();
            if (bytes > MAX_FILE_STATE_BYTES) {
                LOG.info(
                        "pqx sink subtask {}: closing part file {} at this checkpoint: its entry"
                                + " in the last writer state took {} KiB, over the {} KiB an open"
                                + " file may take (many row groups or a long row log)",
                        subtask,
                        e.getValue().fileName(),
                        bytes >> 10,
                        MAX_FILE_STATE_BYTES >> 10);
                open.close(e.getKey());
            }
        }
    }

    /**
     * The writer id, its file count, and every file still open with its persisted row groups and
     * the row log that carries its open row group's rows (the rows since the last checkpoint are
     * logged now), or that row group flushed as a short one first.
     */
    @Override
    public List<PqxWriterState> snapshotState(long checkpointId) throws IOException {
        boolean flush = settings.checkpoints().openRowGroup() == OpenRowGroupPolicy.FLUSH;
        List<OpenFileState> files = new ArrayList<>(open.size());
        long carried = 0;
        long rows = 0;
        for (PartFile file : open.files()) {
            OpenFileState state = file.snapshot(flush);
            carried += file.loggedBytes();
            rows += state.carriedRowCount();
            files.add(state);
        }
        carriedBytes = carried;
        if (carried > 0) {
            LOG.debug(
                    "pqx sink subtask {}: checkpoint {} carries {} rows of open row groups of {}"
                            + " files in row logs of {} bytes",
                    subtask,
                    checkpointId,
                    rows,
                    files.size(),
                    carried);
        }
        return List.of(new PqxWriterState(names.writerId(), names.count(), files));
    }

    /**
     * With the watermark partition-commit trigger, closes the files whose partition the watermark
     * completes (it passed their latest row's timestamp plus the delay): their rows are committed
     * at the next checkpoint and the partition gets its {@code _SUCCESS} then, rather than when the
     * file rolls by inactivity. A later row of that partition opens a new file.
     */
    @Override
    public void writeWatermark(Watermark watermark) throws IOException {
        if (!rolling.closesOnWatermark()) {
            return;
        }
        for (Map.Entry<String, PartFile> e : open.entries()) {
            if (rolling.completedByWatermark(e.getValue(), watermark.getTimestamp())) {
                open.close(e.getKey());
            }
        }
    }

    private void scheduleRollingCheck() {
        time.registerTimer(
                time.getCurrentProcessingTime() + rolling.checkIntervalMillis(),
                this::onRollingCheck);
    }

    private void onRollingCheck(long now) throws IOException, InterruptedException {
        for (Map.Entry<String, PartFile> e : open.entries()) {
            if (rolling.rollsAtCheck(e.getValue(), now)) {
                open.close(e.getKey());
            }
        }
        scheduleRollingCheck();
    }

    /** This attempt's writer id, the {@code {uuid}} of its file names. */
    String writerId() {
        return names.writerId();
    }

    /** Whether files stay open across checkpoints. */
    boolean spansCheckpoints() {
        return rolling.spansCheckpoints();
    }

    @Override
    public void close() {
        open.discardAll();
        pool.close();
    }
}
