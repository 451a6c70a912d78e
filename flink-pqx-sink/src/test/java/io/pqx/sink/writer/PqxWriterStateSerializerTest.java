package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.sink.file.OpenFileState;
import io.pqx.sink.file.RowLogSegment;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden bytes of every version the writer state serializer reads. */
class PqxWriterStateSerializerTest {
    private final PqxWriterStateSerializer serializer = PqxWriterStateSerializer.INSTANCE;

    /** Version 2, byte for byte: a change here breaks restoring existing checkpoints. */
    private static final String VERSION_2_GOLDEN =
            "0001"
                    + "77" // writer id "w"
                    + "0000000000000007" // next file count
                    + "00000001" // one open file
                    + "000466696c65" // base path "file"
                    + "0003613d31" // partition "a=1"
                    + "000166" // file name "f"
                    + "000000000000000b" // opened at 11
                    + "fffffffffffffff4" // max timestamp -12
                    + "00000002" // resumable version
                    + "00000002"
                    + "0506" // resumable
                    + "00000001"
                    + "07" // resume point
                    + "0000000000000003" // row log: 3 rows skipped
                    + "00000005" // next segment 5
                    + "00000002" // two segments
                    + "0002"
                    + "2e61"
                    + "0000000000000004"
                    + "0000000000000028" // ".a" 4 rows 40 B
                    + "0002"
                    + "2e62"
                    + "0000000000000001"
                    + "000000000000000e"; // ".b" 1 row 14 B

    @Test
    void writesVersion2ByteForByteAndReadsItBack() throws IOException {
        PqxWriterState state =
                new PqxWriterState(
                        "w",
                        7,
                        List.of(
                                new OpenFileState(
                                        "file",
                                        "a=1",
                                        "f",
                                        11,
                                        -12,
                                        2,
                                        new byte[] {5, 6},
                                        new byte[] {7},
                                        List.of(
                                                new RowLogSegment(".a", 4, 40),
                                                new RowLogSegment(".b", 1, 14)),
                                        3,
                                        5)));
        assertThat(serializer.getVersion()).isEqualTo(2);
        byte[] bytes = serializer.serialize(state);
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo(VERSION_2_GOLDEN);

        PqxWriterState back = serializer.deserialize(2, HexFormat.of().parseHex(VERSION_2_GOLDEN));
        assertThat(back.writerId()).isEqualTo("w");
        assertThat(back.nextFileCount()).isEqualTo(7);
        OpenFileState file = back.openFiles().get(0);
        assertThat(file.basePath()).isEqualTo("file");
        assertThat(file.partition()).isEqualTo("a=1");
        assertThat(file.fileName()).isEqualTo("f");
        assertThat(file.openedAt()).isEqualTo(11);
        assertThat(file.maxTimestamp()).isEqualTo(-12);
        assertThat(file.resumableVersion()).isEqualTo(2);
        assertThat(file.resumable()).containsExactly(5, 6);
        assertThat(file.resumePoint()).containsExactly(7);
        assertThat(file.rowLog())
                .containsExactly(new RowLogSegment(".a", 4, 40), new RowLogSegment(".b", 1, 14));
        assertThat(file.rowLogSkip()).isEqualTo(3);
        assertThat(file.rowLogNext()).isEqualTo(5);
        assertThat(file.carriedRowCount()).as("5 rows logged, 3 skipped").isEqualTo(2);
    }

    @Test
    void restoresTheVersion1StateOfSinksThatClosedEveryFileAtEachCheckpoint() throws IOException {
        // What version 1 wrote at every checkpoint: no open file.
        PqxWriterState back = serializer.deserialize(1, HexFormat.of().parseHex("00000000"));
        assertThat(back.openFiles()).isEmpty();
        assertThat(back.writerId()).isEqualTo(PqxWriterState.NO_WRITER_ID);
    }

    @Test
    void refusesVersion1StateListingOpenFilesItCannotResume() {
        String version1WithAFile =
                "00000001"
                        + "0003613d31"
                        + "000166"
                        + "00000002"
                        + "00000002"
                        + "0506"
                        + "000000000000000a"
                        + "00000001"
                        + "07";
        assertThatThrownBy(
                        () -> serializer.deserialize(1, HexFormat.of().parseHex(version1WithAFile)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 1")
                .hasMessageContaining("1 files open");
    }

    @Test
    void rejectsUnknownVersionsLyingCountsAndTrailingBytes() {
        assertThatThrownBy(() -> serializer.deserialize(9, new byte[4]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown version 9");
        assertThatThrownBy(() -> serializer.deserialize(1, new byte[] {0x7f, 0, 0, 0}))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("open files");
        assertThatThrownBy(
                        () ->
                                serializer.deserialize(
                                        2, HexFormat.of().parseHex(VERSION_2_GOLDEN + "00")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("after its end");
        String resumePoint = "00000001" + "07";
        int at = VERSION_2_GOLDEN.indexOf(resumePoint);
        String lyingLength =
                VERSION_2_GOLDEN.substring(0, at) + "7fffffff" + VERSION_2_GOLDEN.substring(at + 8);
        assertThatThrownBy(() -> serializer.deserialize(2, HexFormat.of().parseHex(lyingLength)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("exceeds");
        String segments = "00000005" + "00000002";
        at = VERSION_2_GOLDEN.indexOf(segments);
        String lyingSegments =
                VERSION_2_GOLDEN.substring(0, at)
                        + "00000005"
                        + "7fffffff"
                        + VERSION_2_GOLDEN.substring(at + 16);
        assertThatThrownBy(() -> serializer.deserialize(2, HexFormat.of().parseHex(lyingSegments)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("segments");
    }
}
