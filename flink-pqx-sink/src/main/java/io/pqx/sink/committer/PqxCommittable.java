package io.pqx.sink.committer;

import io.pqx.sink.file.OpenFileState;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;
import org.apache.flink.core.fs.RecoverableWriter.ResumeRecoverable;

/**
 * What the committer does once the checkpoint that produced it completes: publish one closed, still
 * hidden part file under its final name, or ({@link #cleansUp()}) discard the file system's state
 * behind an in-progress file's resumable that a later checkpoint superseded (on object stores, the
 * temporary object holding the file's tail at that checkpoint; nothing on the local file system).
 * Emitted by the sink writer at each checkpoint and at end of input; serialized by {@code
 * PqxCommittableSerializer}.
 *
 * @param basePath the base path the file was written under (as the writer's {@code Path} prints
 *     it), so that a job restored with another base path still commits it where it is; {@link
 *     #UNKNOWN_BASE_PATH} for committables of serializer version 1, which did not record it
 * @param partition relative partition directory ({@code k=v/...}), empty when unpartitioned
 * @param fileName final file name inside the partition directory
 * @param rowCount rows in the file
 * @param sizeBytes bytes of the file
 * @param maxTimestamp largest record timestamp written into the file, {@link #NO_TIMESTAMP} if no
 *     record carried one (feeds the watermark partition-commit trigger)
 * @param recoverable the file system's handle to publish the in-progress file; null when the
 *     committable only {@linkplain #cleansUp() cleans up}
 * @param rowLogSegments how many row-log segments the file ever numbered ({@code .<file
 *     name>.rows-0} onwards, see {@link OpenFileState}): obsolete once the file is published, the
 *     committer deletes them then; 0 when none
 * @param cleanUp a resumable of the in-progress file {@code fileName} that no checkpoint from this
 *     one on needs, whose state the committer discards; null for a file to publish
 */
@PublicEvolving
public record PqxCommittable(
        String basePath,
        String partition,
        String fileName,
        long rowCount,
        long sizeBytes,
        long maxTimestamp,
        @Nullable CommitRecoverable recoverable,
        int rowLogSegments,
        @Nullable ResumeRecoverable cleanUp) {
    /** {@link #maxTimestamp} of a file whose records carried no timestamp. */
    public static final long NO_TIMESTAMP = Long.MIN_VALUE;

    /** {@link #basePath} of a committable that did not record it (serializer version 1). */
    public static final String UNKNOWN_BASE_PATH = "";

    public PqxCommittable {
        if ((recoverable == null) == (cleanUp == null)) {
            throw new IllegalArgumentException(
                    "A pqx committable publishes a file or cleans up a resumable: exactly one of"
                            + " recoverable and cleanUp must be set (file "
                            + fileName
                            + ")");
        }
    }

    /** A part file to publish. */
    public PqxCommittable(
            String basePath,
            String partition,
            String fileName,
            long rowCount,
            long sizeBytes,
            long maxTimestamp,
            CommitRecoverable recoverable,
            int rowLogSegments) {
        this(
                basePath,
                partition,
                fileName,
                rowCount,
                sizeBytes,
                maxTimestamp,
                recoverable,
                rowLogSegments,
                null);
    }

    /** The clean-up of {@code resumable}, a superseded resumable of the in-progress file. */
    public static PqxCommittable cleanUp(
            String basePath, String partition, String fileName, ResumeRecoverable resumable) {
        return new PqxCommittable(
                basePath, partition, fileName, 0, 0, NO_TIMESTAMP, null, 0, resumable);
    }

    /** Whether this committable only discards a superseded resumable's state (no file). */
    public boolean cleansUp() {
        return cleanUp != null;
    }

    /** The final path relative to the base path. */
    public String relativePath() {
        return partition.isEmpty() ? fileName : partition + "/" + fileName;
    }

    /**
     * The final path: under {@link #basePath}, or under {@code fallback} (the sink's current base
     * path) when the committable does not know it.
     */
    public Path target(Path fallback) {
        Path base = basePath.equals(UNKNOWN_BASE_PATH) ? fallback : new Path(basePath);
        return new Path(base, relativePath());
    }
}
