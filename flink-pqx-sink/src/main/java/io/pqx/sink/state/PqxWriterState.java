package io.pqx.sink.state;

import org.apache.flink.annotation.PublicEvolving;

import java.util.List;

/**
 * What a sink subtask checkpoints besides its committables: which writer attempt it is, how many
 * files that attempt had opened, and the files it keeps open across the checkpoint, each with what
 * it takes to continue it after a restore. Serialized by {@code PqxWriterStateSerializer}
 * (versioned; version 1, written when every file closed at each checkpoint, still restores).
 *
 * @param writerId the {@code {uuid}} of the attempt's file names ({@link #NO_WRITER_ID} in version
 *     1 state): with {@code nextFileCount}, how a restore tells the attempt's files opened after
 *     the checkpoint (never committed, to clean up) from those the checkpoint still names
 * @param nextFileCount the {@code {count}} the attempt's next file would have had
 * @param openFiles files left open at the checkpoint
 */
@PublicEvolving
public record PqxWriterState(String writerId, long nextFileCount, List<OpenFileState> openFiles) {
    /** {@link #writerId} of state that did not record it (version 1). */
    public static final String NO_WRITER_ID = "";

    public PqxWriterState {
        openFiles = List.copyOf(openFiles);
    }

    /** The state of a subtask that keeps no file open and names no attempt (version 1 form). */
    public static PqxWriterState empty() {
        return new PqxWriterState(NO_WRITER_ID, 0, List.of());
    }

    /**
     * A file kept open across a checkpoint: its row groups written so far are durable ({@code
     * RecoverableFsDataOutputStream.persist()}), and the rows of its open row group are carried by
     * the row log this state names: hidden segment files next to the part file, written once each
     * (a checkpoint writes only the rows that arrived since the last one), whose rows from {@code
     * rowLogSkip} on are the open row group.
     *
     * @param basePath the base path the file is written under (as committables record it)
     * @param partition relative partition directory, empty when unpartitioned
     * @param fileName final file name
     * @param openedAt processing time the file was opened at (for the rollover interval)
     * @param maxTimestamp largest record timestamp written so far ({@code Long.MIN_VALUE} if none)
     * @param resumableVersion version of the file system's resume recoverable serializer
     * @param resumable serialized {@code ResumeRecoverable} of the persisted bytes
     * @param resumePoint the format's serialized {@code ResumePoint}: the persisted row groups'
     *     footer entries
     * @param rowLog the row log's segments, oldest first; empty when the open row group is empty
     *     or checkpoints flush it
     * @param rowLogSkip rows at the start of the log's segments that are no longer in the open row
     *     group (a row group was cut after they were logged)
     * @param rowLogNext the number of the file's next segment (segments are numbered from 0 for
     *     each part file; the committer deletes numbers {@code 0..next-1} once the file is
     *     published)
     */
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

    /**
     * One segment file of an open file's row log: {@code .<file name>.rows-<number>} in the part
     * file's directory, complete and never changed once written.
     *
     * @param name the segment's file name
     * @param rows rows it holds
     * @param bytes its length in bytes (a restore checks it)
     */
    public record RowLogSegment(String name, long rows, long bytes) {}
}
