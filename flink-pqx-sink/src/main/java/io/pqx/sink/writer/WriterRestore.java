package io.pqx.sink.writer;

import io.pqx.sink.file.OpenFileState;
import io.pqx.sink.file.PartFile;
import io.pqx.sink.file.PartFileSpec;
import io.pqx.sink.file.PartFiles;
import io.pqx.sink.file.PublishedAfterCheckpointException;
import io.pqx.sink.file.RowLogSegment;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sink subtask's restore, run once before its first row: deletes the hidden files the restore
 * proves unreferenced ({@link OrphanCleaner}), then resumes the restored open files where the
 * checkpoint left them. After it, the row-log segments beside an open file are exactly those the
 * state names. A restored open file that a later run published (a checkpoint older than a later
 * commit) fails the restore once, without restarts, unless {@code
 * sink.restore.discard-published-open-files} lets it go on without the file.
 */
@Internal
final class WriterRestore {
    private static final Logger LOG = LoggerFactory.getLogger(WriterRestore.class);

    private final SinkSettings settings;
    private final Path basePath;
    private final int partitionDepth;
    private final int subtask;

    WriterRestore(SinkSettings settings, Path basePath, int partitionDepth, int subtask) {
        this.settings = settings;
        this.basePath = basePath;
        this.partitionDepth = partitionDepth;
        this.subtask = subtask;
    }

    /** Deletes what the restore proves unreferenced; returns how many files. */
    int cleanOrphans(Collection<PqxWriterState> restored, List<String> lineageIds)
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
                        settings.rolling().fileNamePattern(),
                        restoredFrom,
                        new HashSet<>(lineageIds),
                        keep);
        FileSystem fs = basePath.getFileSystem();
        int deleted = cleaner.clean(fs, basePath, partitionDepth);
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

    /**
     * Resumes the restored open files into {@code open}: a partition's second file, and a file
     * written under another base path, are closed for commit; with files no longer spanning
     * checkpoints every resumed file is.
     */
    void resume(
            Collection<PqxWriterState> restored,
            PartFiles partFiles,
            OpenFiles open,
            boolean spansCheckpoints,
            long now)
            throws IOException {
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
                    LOG.warn(
                            "pqx sink subtask {}: going on without part file {}, which the"
                                    + " restored checkpoint kept open but a later run published"
                                    + " ('sink.restore.discard-published-open-files' is true):"
                                    + " its rows after the checkpoint are written again from"
                                    + " the replay, so they appear twice",
                            subtask,
                            e.target());
                    continue;
                }
                if (!file.basePath().equals(basePath)) {
                    // Restored with another base path: finish the file where it is, write new
                    // rows under the new one.
                    open.commitLater(file);
                    continue;
                }
                open.keepResumed(file);
            }
        }
        if (!spansCheckpoints) {
            // Resumed from state written with files open, now rolling on checkpoint.
            open.closeAll();
        }
        open.closeBeyond(settings.rolling().maxOpenFiles());
    }
}
