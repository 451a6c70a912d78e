package io.pqx.sink.writer;

import io.pqx.format.EncodingPool;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.file.PartFile;
import io.pqx.sink.file.PartFileSpec;
import io.pqx.sink.file.PartFiles;
import io.pqx.sink.file.PendingFile;
import io.pqx.sink.file.PublishedAfterCheckpointException;
import io.pqx.sink.file.RowGroupLimits;
import io.pqx.sink.file.RowSorter;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.PartitionCommitTrigger;
import io.pqx.sink.options.RowGroupMode;
import io.pqx.sink.partition.PartitionComputer;
import io.pqx.sink.state.PqxCommittable;
import io.pqx.sink.state.PqxWriterState;
import io.pqx.sink.state.PqxWriterState.OpenFileState;
import io.pqx.sink.state.PqxWriterState.RowLogSegment;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.data.RowData;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sink writer of one subtask: routes each row to the open {@link PartFile} of its partition
 * (opening one, and closing the least recently written when {@code sink.max-open-files} would be
 * exceeded), rolls files by size, time open and inactivity, keeps all open files within {@code
 * sink.memory.budget} ({@link MemoryBudget}), and turns closed files into {@link PqxCommittable}s
 * at the next checkpoint ({@link #prepareCommit()}).
 *
 * <p><b>Files across checkpoints.</b> By default a file stays open across checkpoints: {@link
 * #snapshotState} persists each open file's row groups and carries (or flushes) its open row
 * group, and a writer restored from that state resumes the files where the checkpoint left them.
 * With {@code sink.rolling-policy.roll-on-checkpoint}, or on a file system whose recoverable
 * writer cannot resume, every file closes at each checkpoint instead. At end of input every file
 * closes.
 *
 * <p><b>Names.</b> File names follow {@code sink.file-name.pattern}; {@code {uuid}} is this
 * attempt's writer id ({@link AttemptIds}), and a name whose file exists is skipped, so names never
 * collide across attempts. Closed files stay hidden until the committer publishes them. A restored
 * writer first deletes the in-progress files of earlier attempts that the restore proves
 * unreferenced ({@link OrphanCleaner}; metric {@code pqxOrphanFilesCleaned}).
 *
 * <p>Called by the task's mailbox thread only (timers included).
 */
@Internal
public final class PqxSinkWriter
        implements StatefulSinkWriter<RowData, PqxWriterState>,
                CommittingSinkWriter<RowData, PqxCommittable> {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSinkWriter.class);

    /**
     * Raw row slices (4096 rows or 1 MiB) being encoded at once for the whole subtask, however
     * many partition files are open.
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
    private final RecoverableWriter recoverableWriter;
    private final WriteOptions writeOptions;
    private final RowGroupLimits limits;
    private final RowSorter sorter;
    private final int[] dataColumns;
    private final EncodingPool pool;
    private final ProcessingTimeService time;
    private final Counter recordsSent;
    /** Flink's numBytesSend: the bytes of the files closed for commit. */
    private final Counter bytesSent;
    /** Flink's currentSendTime: how long the last file took to close (footer and stream), ms. */
    private volatile long lastCloseMillis;
    private final int subtask;
    private final String writerId;
    /** Files stay open across checkpoints (persisted at each), rather than closing at each. */
    private final boolean spansCheckpoints;
    private final boolean carry;
    /** Files whose partition the watermark completes close (watermark partition commits). */
    private final boolean closesOnWatermark;
    private final MemoryBudget budget;
    private final PartFiles partFiles;
    private final LinkedHashMap<String, PartFile> open = new LinkedHashMap<>(16, 0.75f, true);
    private final List<PqxCommittable> pending = new ArrayList<>();
    /**
     * Whether superseded resumables leave state behind to discard (object stores: their tail
     * objects), so that clean-up committables are worth emitting.
     */
    private final boolean cleansUp;
    private long fileCounter;
    private boolean endOfInput;
    private volatile long carriedBytes;
    /**
     * File bytes per raw byte of the last file closed (0 before any), assumed by the next file
     * until it shows its own, so its size estimates do not start at raw size.
     */
    private double lastCompression;

    /**
     * A writer, restored from {@code restored} (empty for a fresh start).
     *
     * @param sinkToken drawn once when the sink was built: tells this sink's attempts from others
     * @throws IOException if a restored open file cannot be resumed, or the orphan scan fails
     */
    public PqxSinkWriter(
            SinkSettings settings,
            Path basePath,
            PartitionComputer partitions,
            WriterInitContext context,
            RecoverableWriter recoverableWriter,
            String sinkToken,
            Collection<PqxWriterState> restored)
            throws IOException {
        this.settings = settings;
        this.basePath = basePath;
        this.partitions = partitions;
        this.recoverableWriter = recoverableWriter;
        this.cleansUp = recoverableWriter.requiresCleanupOfRecoverableState();
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
        this.dataColumns = partitions.dataColumns();
        this.subtask = context.getTaskInfo().getIndexOfThisSubtask();
        this.time = context.getProcessingTimeService();
        this.recordsSent = context.metricGroup().getNumRecordsSendCounter();
        this.bytesSent = context.metricGroup().getNumBytesSendCounter();
        context.metricGroup().setCurrentSendTimeGauge(() -> lastCloseMillis);
        this.spansCheckpoints = spansCheckpoints(settings, recoverableWriter, basePath);
        this.closesOnWatermark =
                spansCheckpoints
                        && settings.successFile()
                        && partitions.isPartitioned()
                        && settings.partitionCommitTrigger() == PartitionCommitTrigger.WATERMARK;
        this.carry =
                spansCheckpoints
                        && settings.checkpoints().openRowGroup() == OpenRowGroupPolicy.CARRY;
        MetricGroup metrics = context.metricGroup();
        this.budget =
                new MemoryBudget(
                        settings.checkpoints().memoryBudgetBytes(),
                        settings.rowGroupMode() == RowGroupMode.EXACT,
                        settings.effectiveMinRows(),
                        metrics.counter("pqxForcedRowGroupCuts"),
                        metrics.counter("pqxForcedFileCloses"),
                        metrics.counter("pqxRowLogSpills"),
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
        Counter orphans = metrics.counter("pqxOrphanFilesCleaned");

        List<String> restoredIds = new ArrayList<>();
        for (PqxWriterState state : restored) {
            if (!state.writerId().equals(PqxWriterState.NO_WRITER_ID)) {
                restoredIds.add(state.writerId());
            }
        }
        String lineage =
                AttemptIds.lineage(
                        sinkToken,
                        context.getJobInfo().getJobId().toString(),
                        subtask,
                        restoredIds,
                        context.getRestoredCheckpointId());
        int attempt = context.getTaskInfo().getAttemptNumber();
        this.writerId = AttemptIds.writerId(lineage, attempt);
        this.pool =
                EncodingPool.threads(
                        settings.effectiveEncodingThreads(),
                        SLICES_IN_FLIGHT,
                        settings.maxInFlight(),
                        "pqx-sink-" + subtask);
        this.partFiles =
                new PartFiles(
                        recoverableWriter,
                        partitions.dataType(),
                        writeOptions,
                        limits,
                        sorter,
                        pool,
                        settings.rollingFileSize(),
                        carry);
        try {
            if (!restored.isEmpty() || attempt > 0) {
                orphans.inc(cleanOrphans(restored, AttemptIds.upTo(lineage, attempt)));
            }
            resume(restored);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        scheduleRollingCheck();
    }

    private static boolean spansCheckpoints(
            SinkSettings settings, RecoverableWriter writer, Path basePath) {
        if (settings.checkpoints().rollOnCheckpoint()) {
            return false;
        }
        if (!writer.supportsResume()) {
            LOG.info(
                    "pqx sink under {}: part files roll at every checkpoint, since the file"
                            + " system's recoverable writer ({}) cannot persist an in-progress"
                            + " file and resume it (supportsResume() is false), which files open"
                            + " across checkpoints need",
                    basePath,
                    writer.getClass().getName());
            return false;
        }
        return true;
    }

    /** Deletes what the restore proves unreferenced; returns how many files. */
    private int cleanOrphans(Collection<PqxWriterState> restored, List<String> lineageIds)
            throws IOException {
        Map<String, Long> restoredFrom = new HashMap<>();
        Set<String> keep = new HashSet<>();
        for (PqxWriterState state : restored) {
            if (!state.writerId().equals(PqxWriterState.NO_WRITER_ID)) {
                restoredFrom.merge(state.writerId(), state.nextFileCount(), Math::max);
            }
            for (OpenFileState file : state.openFiles()) {
                Path target =
                        new PartFileSpec(
                                        new Path(file.basePath()),
                                        file.partition(),
                                        file.fileName(),
                                        0)
                                .target();
                keep.add(target.toString());
                for (RowLogSegment segment : file.rowLog()) {
                    keep.add(new Path(target.getParent(), segment.name()).toString());
                }
            }
        }
        OrphanCleaner cleaner =
                new OrphanCleaner(
                        settings.fileNamePattern(), restoredFrom, new HashSet<>(lineageIds), keep);
        FileSystem fs = basePath.getFileSystem();
        int deleted = cleaner.clean(fs, basePath, partitions.keyColumns().length);
        if (deleted > 0) {
            LOG.info(
                    "pqx sink subtask {}: deleted {} hidden files (in-progress files, row-log"
                            + " segments) under {} that no restored state or committable names",
                    subtask,
                    deleted,
                    basePath);
        }
        return deleted;
    }

    /** Resumes the restored open files; a partition's second file is closed for commit. */
    private void resume(Collection<PqxWriterState> restored) throws IOException {
        long now = time.getCurrentProcessingTime();
        for (PqxWriterState state : restored) {
            for (OpenFileState fileState : state.openFiles()) {
                PartFile file;
                try {
                    file = partFiles.resume(fileState, now);
                } catch (PublishedAfterCheckpointException e) {
                    if (!settings.checkpoints().discardPublishedOpenFiles()) {
                        // Restarting would restore the same checkpoint and fail the same way:
                        // fail once, not in a loop until the restart strategy gives up.
                        throw new SuppressRestartsException(e);
                    }
                    LOG.warn("pqx sink subtask {}: going on without part file {}, which the"
                                    + " restored checkpoint kept open but a later run published"
                                    + " ('sink.restore.discard-published-open-files' is true):"
                                    + " its rows after the checkpoint are written again from"
                                    + " the replay, so they appear twice",
                            subtask, e.target());
                    continue;
                }
                if (file.compressionRatio() > 0) {
                    // new files start from what the resumed ones have shown, not at raw size
                    lastCompression = Math.max(lastCompression, file.compressionRatio());
                }
                if (!file.basePath().equals(basePath)) {
                    // Restored with another base path: finish the file where it is, write new
                    // rows under the new one.
                    addPending(file);
                    continue;
                }
                PartFile previous = open.put(fileState.partition(), file);
                if (previous != null) {
                    // Rescaled: two old subtasks' files of one partition; keep one open.
                    addPending(previous);
                }
            }
        }
        if (!spansCheckpoints) {
            // Resumed from state written with files open, now rolling on checkpoint.
            closeAll();
        }
        while (open.size() > settings.maxOpenFiles()) {
            closeFile(open.keySet().iterator().next());
        }
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
        if (file.reachedSize()
                || now - file.openedAt() >= settings.rolloverInterval().toMillis()) {
            closeFile(partition);
        }
        if (budget.due()) {
            budget.enforce(open, this::closeFile, now);
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

    private PartFile openFile(String partition, long now) throws IOException {
        if (open.size() >= settings.maxOpenFiles()) {
            // Access order: the first entry is the least recently written file.
            closeFile(open.keySet().iterator().next());
        }
        PartFileSpec spec = unusedName(partition, now);
        PartFile file = partFiles.open(spec);
        if (lastCompression > 0) {
            file.assumeCompression(lastCompression);
        }
        open.put(partition, file);
        return file;
    }

    /**
     * The next name of this attempt whose final file does not exist: an earlier attempt with the
     * same id (after a JobManager failover attempt numbers start again) may have committed it.
     */
    private PartFileSpec unusedName(String partition, long now) throws IOException {
        FileSystem fs = basePath.getFileSystem();
        while (true) {
            String name =
                    FileNamePattern.format(
                            settings.fileNamePattern(), writerId, subtask, fileCounter++);
            PartFileSpec spec = new PartFileSpec(basePath, partition, name, now);
            if (!fs.exists(spec.target())) {
                return spec;
            }
            LOG.info("Skipping part file name {}: the file exists", spec.target());
        }
    }

    private void closeFile(String partition) throws IOException {
        addPending(open.remove(partition));
    }

    private void addPending(PartFile file) throws IOException {
        PendingFile done;
        long started = System.nanoTime();
        try {
            done = file.closeForCommit();
            lastCompression = file.compressionRatio();
        } catch (IOException | RuntimeException e) {
            file.discard();
            throw e;
        }
        lastCloseMillis = (System.nanoTime() - started) / 1_000_000;
        bytesSent.inc(done.sizeBytes());
        addCleanUps(file);
        pending.add(
                new PqxCommittable(
                        file.basePath().toString(),
                        done.partition(),
                        done.fileName(),
                        done.rowCount(),
                        done.sizeBytes(),
                        done.maxTimestamp(),
                        done.recoverable(),
                        done.rowLogSegments()));
    }

    /** The clean-ups of the resumables of {@code file} that the next checkpoint supersedes. */
    private void addCleanUps(PartFile file) {
        List<RecoverableWriter.ResumeRecoverable> superseded = file.takeSupersededResumables();
        if (!cleansUp) {
            return; // nothing behind them to discard (the local file system)
        }
        for (RecoverableWriter.ResumeRecoverable resumable : superseded) {
            pending.add(
                    PqxCommittable.cleanUp(
                            file.basePath().toString(), file.partition(), file.fileName(), resumable));
        }
    }

    @Override
    public void flush(boolean endOfInput) {
        // Files close in prepareCommit(), which Flink calls right after flush().
        this.endOfInput |= endOfInput;
    }

    private void closeAll() throws IOException {
        for (String partition : new ArrayList<>(open.keySet())) {
            closeFile(partition);
        }
    }

    /**
     * The files closed since the last checkpoint (rolling on checkpoint, and at end of input, every
     * open file is closed first), and, where the file system keeps state behind a resumable (an
     * object store's tail object), the clean-ups of the resumables this checkpoint supersedes:
     * those the last one persisted or a restore resumed from.
     */
    @Override
    public Collection<PqxCommittable> prepareCommit() throws IOException, InterruptedException {
        if (!spansCheckpoints || endOfInput) {
            closeAll();
        } else {
            closeFilesOverStateBound();
        }
        for (PartFile file : open.values()) {
            addCleanUps(file);
        }
        List<PqxCommittable> committables = new ArrayList<>(pending);
        pending.clear();
        return committables;
    }

    /** Closes the open files whose entry in the last state passed the bound. */
    private void closeFilesOverStateBound() throws IOException {
        for (Map.Entry<String, PartFile> e : new ArrayList<>(open.entrySet())) {
            long bytes = e.getValue().lastStateBytes();
            if (bytes > MAX_FILE_STATE_BYTES) {
                LOG.info("pqx sink subtask {}: closing part file {} at this checkpoint: its entry"
                                + " in the last writer state took {} KiB, over the {} KiB an open"
                                + " file may take (many row groups or a long row log)",
                        subtask, e.getValue().fileName(), bytes >> 10,
                        MAX_FILE_STATE_BYTES >> 10);
                closeFile(e.getKey());
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
        for (PartFile file : open.values()) {
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
        return List.of(new PqxWriterState(writerId, fileCounter, files));
    }

    /**
     * With the watermark partition-commit trigger, closes the files whose partition the
     * watermark completes (it passed their latest row's timestamp plus the delay): their rows are
     * committed at the next checkpoint and the partition gets its {@code _SUCCESS} then, rather
     * than when the file rolls by inactivity. A later row of that partition opens a new file.
     */
    @Override
    public void writeWatermark(Watermark watermark) throws IOException {
        if (!closesOnWatermark) {
            return;
        }
        long delay = settings.partitionCommitDelay().toMillis();
        for (Map.Entry<String, PartFile> e : new ArrayList<>(open.entrySet())) {
            long latest = e.getValue().maxTimestamp();
            if (latest != PqxCommittable.NO_TIMESTAMP
                    && latest + delay <= watermark.getTimestamp()) {
                closeFile(e.getKey());
            }
        }
    }

    private void scheduleRollingCheck() {
        long interval = settings.rollingCheckInterval().toMillis();
        time.registerTimer(time.getCurrentProcessingTime() + interval, this::onRollingCheck);
    }

    private void onRollingCheck(long now) throws IOException, InterruptedException {
        for (Map.Entry<String, PartFile> e : new ArrayList<>(open.entrySet())) {
            PartFile file = e.getValue();
            if (now - file.lastWriteAt() >= settings.inactivityInterval().toMillis()
                    || now - file.openedAt() >= settings.rolloverInterval().toMillis()) {
                closeFile(e.getKey());
            }
        }
        scheduleRollingCheck();
    }

    /** This attempt's writer id, the {@code {uuid}} of its file names. */
    String writerId() {
        return writerId;
    }

    /** Whether files stay open across checkpoints. */
    boolean spansCheckpoints() {
        return spansCheckpoints;
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
