package io.pqx.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingRecordingInputFile;
import io.pqx.format.error.CorruptFileException;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Reads served from held tail bytes, in part or whole, and reads forwarded as they were. */
class PrefetchedTailInputFileTest {
    private static final byte[] BYTES = new byte[1000];

    static {
        for (int i = 0; i < BYTES.length; i++) {
            BYTES[i] = (byte) (i * 31 + 7);
        }
    }

    private final TestingRecordingInputFile recording =
            new TestingRecordingInputFile(new ByteArrayInputFile("f", BYTES));

    /** Holds the file's bytes [600, 1000), at offset 3 of a larger array. */
    private PrefetchedTailInputFile file() {
        byte[] held = new byte[403];
        System.arraycopy(BYTES, 600, held, 3, 400);
        return new PrefetchedTailInputFile(recording, 600, held, 3, 400);
    }

    @Test
    void aReadInsideTheHeldBytesAsksTheFileForNothing() throws IOException {
        PrefetchedTailInputFile file = file();
        assertThat(file.readFully(650, 100)).isEqualTo(Arrays.copyOfRange(BYTES, 650, 750));
        assertThat(file.readFully(600, 400)).isEqualTo(Arrays.copyOfRange(BYTES, 600, 1000));
        assertThat(recording.reads()).isEmpty();
        assertThat(file.heldBytes()).isEqualTo(400);
    }

    @Test
    void aReadEndingInTheHeldBytesAsksOnlyForItsBytesBeforeThem() throws IOException {
        PrefetchedTailInputFile file = file();
        byte[] buffer = new byte[305];
        file.readFully(500, buffer, 5, 300);
        assertThat(Arrays.copyOfRange(buffer, 5, 305))
                .isEqualTo(Arrays.copyOfRange(BYTES, 500, 800));
        assertThat(recording.reads()).hasSize(1);
        assertThat(recording.reads().get(0)).containsExactly(500, 600);
    }

    @Test
    void otherReadsAreForwardedAndCheckedByTheFile() throws IOException {
        PrefetchedTailInputFile file = file();
        assertThat(file.readFully(100, 200)).isEqualTo(Arrays.copyOfRange(BYTES, 100, 300));
        assertThat(recording.reads()).hasSize(1);
        assertThatThrownBy(() -> file.readFully(900, 200))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageContaining("lies outside the file");
    }
}
