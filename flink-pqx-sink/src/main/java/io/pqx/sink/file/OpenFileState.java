package io.pqx.sink.file;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A file kept open across a checkpoint: its row groups written so far are durable ({@code
 * RecoverableFsDataOutputStream.persist()}), and the rows of its open row group are carried by the
 * row log this state names: hidden segment files next to the part file, written once each (a
 * checkpoint writes only the rows that arrived since the last one), whose rows from {@code
 * rowLogSkip} on are the open row group.
 *
 * @param basePath the base path the file is written under (as committables record it)
 * @param partition relative partition directory, empty when unpartitioned
 * @param fileName final file name
 * @param openedAt processing time the file was opened at (for the rollover interval)
 * @param maxTimestamp largest record timestamp written so far ({@code Long.MIN_VALUE} if none)
 * @param resumableVersion version of the file system's resume recoverable serializer
 * @param resumable serialized {@code ResumeRecoverable} of the persisted bytes
 * @param resumePoint the format's serialized {@code ResumePoint}: the persisted row groups' footer
 *     entries
 * @param rowLog the row log's segments, oldest first; empty when the open row group is empty or
 *     checkpoints flush it
 * @param rowLogSkip rows at the start of the log's segments that are no longer in the open row
 *     group (a row group was cut after they were logged)
 * @param rowLogNext the number of the file's next segment (segments are numbered from 0 for each
 *     part file; the committer deletes numbers {@code 0..next-1} once the file is published)
 */
@PublicEvolving
public record OpenFileState(
        String basePath,
        String partition,
        String fileName,
        long openedAt,
        long maxTimestamp,
        int resumableVersion,
        byte[] resumable,
        byte[] resumePoint,
        List<RowLogSegment> rowLog,
        long rowLogSkip,
        int rowLogNext) {
    public OpenFileState {
        rowLog = List.copyOf(rowLog);
    }

    /** Rows of the open row group the row log carries. */
    public long carriedRowCount() {
        long rows = -rowLogSkip;
        for (RowLogSegment segment : rowLog) {
            rows += segment.rows();
        }
        return rows;
    }
}
