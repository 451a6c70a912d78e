package io.pqx.sink.writer;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.file.PartFile;
import io.pqx.sink.file.PartFileSpec;
import io.pqx.sink.file.PartFiles;
import io.pqx.sink.file.PendingFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;

/**
 * The open part files of one sink subtask, one per partition, in least-recently-written order, and
 * the committables of the files closed since the last checkpoint. Closing a file turns it into a
 * committable (and counts Flink's {@code numBytesSend} and {@code currentSendTime}); a file that
 * fails to close is discarded, never committed half-written. Called by the task's mailbox thread
 * only.
 */
@Internal
final class OpenFiles {
    private final PartFiles partFiles;

    /** Access order: the first entry is the least recently written file. */
    private final LinkedHashMap<String, PartFile> open = new LinkedHashMap<>(16, 0.75f, true);

    private final List<PqxCommittable> pending = new ArrayList<>();

    /**
     * Whether superseded resumables leave state behind to discard (object stores: their tail
     * objects), so that clean-up committables are worth emitting.
     */
    private final boolean cleansUp;

    /** Flink's numBytesSend: the bytes of the files closed for commit. */
    private final Counter bytesSent;

    /** Flink's currentSendTime: how long the last file took to close (footer and stream), ms. */
    private volatile long lastCloseMillis;

    /**
     * File bytes per raw byte of the last file closed (0 before any), assumed by the next file
     * until it shows its own, so its size estimates do not start at raw size.
     */
    private double lastCompression;

    OpenFiles(
            PartFiles partFiles,
            RecoverableWriter recoverableWriter,
            SinkWriterMetricGroup metrics) {
        this.partFiles = partFiles;
        this.cleansUp = recoverableWriter.requiresCleanupOfRecoverableState();
        this.bytesSent = metrics.getNumBytesSendCounter();
        metrics.setCurrentSendTimeGauge(() -> lastCloseMillis);
    }

    /** The open file of {@code partition}, or null; marks it the most recently written. */
    @Nullable
    PartFile get(String partition) {
        return open.get(partition);
    }

    /** Opens a file under {@code spec}, closing the least recently written one at the limit. */
    PartFile open(PartFileSpec spec, int maxOpenFiles) throws IOException {
        if (open.size() >= maxOpenFiles) {
            close(open.keySet().iterator().next());
        }
        PartFile file = partFiles.open(spec);
        if (lastCompression > 0) {
            file.assumeCompression(lastCompression);
        }
        open.put(spec.partition(), file);
        return file;
    }

    /**
     * Keeps a resumed file open for its partition; a file of the same partition already open (two
     * subtasks' files after a rescale) is closed for commit.
     */
    void keepResumed(PartFile file) throws IOException {
        if (file.compressionRatio() > 0) {
            // new files start from what the resumed ones have shown, not at raw size
            lastCompression = Math.max(lastCompression, file.compressionRatio());
        }
        PartFile previous = open.put(file.partition(), file);
        if (previous != null) {
            commitLater(previous);
        }
    }

    /** Closes the open files beyond {@code maxOpenFiles}, the least recently written first. */
    void closeBeyond(int maxOpenFiles) throws IOException {
        while (open.size() > maxOpenFiles) {
            close(open.keySet().iterator().next());
        }
    }

    /** Closes the open file of {@code partition} for commit at the next checkpoint. */
    void close(String partition) throws IOException {
        commitLater(open.remove(partition));
    }

    void closeAll() throws IOException {
        for (String partition : new ArrayList<>(open.keySet())) {
            close(partition);
        }
    }

    /** Closes a file that is not (or no longer) among the open ones, for commit. */
    void commitLater(PartFile file) throws IOException {
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
                            file.basePath().toString(),
                            file.partition(),
                            file.fileName(),
                            resumable));
        }
    }

    /**
     * The committables of the files closed since the last call, and the clean-ups of the open
     * files' resumables that this checkpoint supersedes.
     */
    Collection<PqxCommittable> takeCommittables() {
        for (PartFile file : open.values()) {
            addCleanUps(file);
        }
        List<PqxCommittable> committables = new ArrayList<>(pending);
        pending.clear();
        return committables;
    }

    /** The open files by partition (live; least recently written first), for the budget. */
    Map<String, PartFile> byPartition() {
        return open;
    }

    /** A copy of the open files by partition, to close some while walking them. */
    List<Map.Entry<String, PartFile>> entries() {
        return new ArrayList<>(open.entrySet());
    }

    Collection<PartFile> files() {
        return open.values();
    }

    int size() {
        return open.size();
    }

    /** Discards every open file (a failed or cancelled writer): nothing of them is committed. */
    void discardAll() {
        for (PartFile file : open.values()) {
            file.discard();
        }
        open.clear();
    }
}
