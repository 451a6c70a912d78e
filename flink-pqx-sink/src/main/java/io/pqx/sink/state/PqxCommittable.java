package io.pqx.sink.state;

import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;

/**
 * One closed, still hidden part file that the {@link PqxCommitter} publishes under its final name
 * once the checkpoint that produced it completes. Emitted by the sink writer at each checkpoint and
 * at end of input; serialized by {@link PqxCommittableSerializer}.
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
 * @param recoverable the file system's handle to publish the in-progress file
 * @param rowLogSegments how many row-log segments the file ever numbered ({@code
 *     .<file name>.rows-0} onwards, see {@link PqxWriterState.OpenFileState}): obsolete once the
 *     file is published, the committer deletes them then; 0 when none
 */
public record PqxCommittable(
        String basePath,
        String partition,
        String fileName,
        long rowCount,
        long sizeBytes,
        long maxTimestamp,
        CommitRecoverable recoverable,
        int rowLogSegments) {
    /** {@link #maxTimestamp} of a file whose records carried no timestamp. */
    public static final long NO_TIMESTAMP = Long.MIN_VALUE;

    /** {@link #basePath} of a committable that did not record it (serializer version 1). */
    public static final String UNKNOWN_BASE_PATH = "";

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
