package io.pqx.sink.committer;

import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;

/**
 * One closed, still hidden part file that the {@link PqxCommitter} publishes under its final name
 * once the checkpoint that produced it completes. Emitted by the sink writer at each checkpoint and
 * at end of input; serialized by {@link PqxCommittableSerializer}.
 *
 * @param partition relative partition directory ({@code k=v/...}), empty when unpartitioned
 * @param fileName final file name inside the partition directory
 * @param rowCount rows in the file
 * @param sizeBytes bytes of the file
 * @param maxTimestamp largest record timestamp written into the file, {@link #NO_TIMESTAMP} if no
 *     record carried one (feeds the watermark partition-commit trigger)
 * @param recoverable the file system's handle to publish the in-progress file
 */
public record PqxCommittable(
        String partition,
        String fileName,
        long rowCount,
        long sizeBytes,
        long maxTimestamp,
        CommitRecoverable recoverable) {
    /** {@link #maxTimestamp} of a file whose records carried no timestamp. */
    public static final long NO_TIMESTAMP = Long.MIN_VALUE;

    /** The final path relative to the base path. */
    public String relativePath() {
        return partition.isEmpty() ? fileName : partition + "/" + fileName;
    }
}
