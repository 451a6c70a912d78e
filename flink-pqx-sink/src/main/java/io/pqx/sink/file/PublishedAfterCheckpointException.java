package io.pqx.sink.file;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.Path;

/**
 * A file the restored checkpoint kept open cannot be resumed because a later run of the job
 * published it: its in-progress file is gone and its final file exists. That run's rows of the file
 * after the checkpoint are in the published file, and the source replays them from the checkpoint,
 * so no restore of this checkpoint is exactly once; restarting cannot change that.
 */
@Internal
public final class PublishedAfterCheckpointException extends IOException {
    private final Path target;

    PublishedAfterCheckpointException(Path target, Throwable cause) {
        super(
                "Cannot resume part file "
                        + target
                        + " after a restore: it was published after"
                        + " the checkpoint being restored (it exists under its final name, and its"
                        + " in-progress file is gone: a later run of this job closed and committed it)."
                        + " Restoring this checkpoint would write its rows after the checkpoint twice:"
                        + " they are in the published file, and the source replays them. Restore from"
                        + " the latest checkpoint or savepoint instead; or, accepting those duplicates,"
                        + " set 'sink.restore.discard-published-open-files' to true to go on without"
                        + " the file (it stays published as it is).",
                cause);
        this.target = target;
    }

    /** The part file, published under its final name. */
    public Path target() {
        return target;
    }
}
