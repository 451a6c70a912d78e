package io.pqx.sink.state;

import java.util.List;

/**
 * What a sink subtask checkpoints besides its committables: the files it keeps open across the
 * checkpoint. Today every file closes at each checkpoint, so the list is empty; the format already
 * carries open files so that a later version can persist a file's completed row groups ({@code
 * RecoverableWriter.persist()}) and resume it after a restore. Serialized by {@link
 * PqxWriterStateSerializer}.
 *
 * @param openFiles files left open at the checkpoint
 */
public record PqxWriterState(List<OpenFileState> openFiles) {
    public PqxWriterState {
        openFiles = List.copyOf(openFiles);
    }

    /** The state of a subtask that keeps no file open across checkpoints. */
    public static PqxWriterState empty() {
        return new PqxWriterState(List.of());
    }

    /**
     * A file kept open across a checkpoint.
     *
     * @param partition relative partition directory, empty when unpartitioned
     * @param fileName final file name
     * @param resumableVersion version of the file system's resume recoverable serializer
     * @param resumable serialized {@code ResumeRecoverable} of the persisted bytes
     * @param rowCount rows in the persisted row groups
     * @param footerState serialized row-group metadata needed to write the footer later
     */
    public record OpenFileState(
            String partition,
            String fileName,
            int resumableVersion,
            byte[] resumable,
            long rowCount,
            byte[] footerState) {}
}
