package io.pqx.sink.writer;

import io.pqx.sink.state.PqxWriterState;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.sink.state.PqxWriterState.OpenFileState;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.HexFormat;
import java.util.List;

class PqxWriterStateSerializerTest {
    private final PqxWriterStateSerializer serializer = PqxWriterStateSerializer.INSTANCE;

    @Test
    void emptyStateIsFourZeroBytes() throws IOException {
        byte[] bytes = serializer.serialize(PqxWriterState.empty());
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("00000000");
        assertThat(serializer.deserialize(1, bytes).openFiles()).isEmpty();
        assertThat(serializer.getVersion()).isEqualTo(1);
    }

    @Test
    void writesOpenFilesInTheVersion1LayoutByteForByte() throws IOException {
        PqxWriterState state =
                new PqxWriterState(
                        List.of(
                                new OpenFileState(
                                        "a=1", "f", 2, new byte[] {5, 6}, 10, new byte[] {7})));
        byte[] bytes = serializer.serialize(state);
        assertThat(HexFormat.of().formatHex(bytes))
                .isEqualTo(
                        "00000001"
                                + "0003613d31"
                                + "000166"
                                + "00000002"
                                + "00000002"
                                + "0506"
                                + "000000000000000a"
                                + "00000001"
                                + "07");
        OpenFileState back = serializer.deserialize(1, bytes).openFiles().get(0);
        assertThat(back.partition()).isEqualTo("a=1");
        assertThat(back.fileName()).isEqualTo("f");
        assertThat(back.resumableVersion()).isEqualTo(2);
        assertThat(back.resumable()).containsExactly(5, 6);
        assertThat(back.rowCount()).isEqualTo(10);
        assertThat(back.footerState()).containsExactly(7);
    }

    @Test
    void rejectsUnknownVersionsAndLyingCounts() {
        assertThatThrownBy(() -> serializer.deserialize(9, new byte[4]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown version 9");
        assertThatThrownBy(() -> serializer.deserialize(1, new byte[] {0x7f, 0, 0, 0}))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("open files");
    }
}
