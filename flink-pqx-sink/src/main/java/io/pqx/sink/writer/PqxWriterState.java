package io.pqx.sink.writer;

import io.pqx.sink.file.OpenFileState;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

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
}
