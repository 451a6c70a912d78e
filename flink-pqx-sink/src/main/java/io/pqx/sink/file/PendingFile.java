package io.pqx.sink.file;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;

/**
 * A part file that is complete (footer written) and closed for commit, but still hidden under its
 * in-progress name until the committer publishes it.
 *
 * @param recoverable what the committer needs to publish it
 * @param partition relative partition directory ({@code k=v/...}), empty when unpartitioned
 * @param fileName the final name
 * @param rowCount rows in the file
 * @param sizeBytes bytes of the file
 * @param maxTimestamp largest record timestamp written, {@code Long.MIN_VALUE} if none
 * @param rowLogSegments how many row-log segments the file numbered (all obsolete once it is
 *     published)
 */
@Internal
public record PendingFile(
        CommitRecoverable recoverable,
        String partition,
        String fileName,
        long rowCount,
        long sizeBytes,
        long maxTimestamp,
        int rowLogSegments) {}
