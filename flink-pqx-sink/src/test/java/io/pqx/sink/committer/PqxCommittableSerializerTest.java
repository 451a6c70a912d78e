package io.pqx.sink.committer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.fs.RecoverableWriter.CommitRecoverable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxCommittableSerializerTest {
    @TempDir java.nio.file.Path dir;

    /** A recoverable with fixed bytes, so the framing can be pinned. */
    private record FixedRecoverable(byte[] bytes) implements CommitRecoverable {}

    private static final SimpleVersionedSerializer<CommitRecoverable> FIXED =
            new SimpleVersionedSerializer<>() {
                @Override
                public int getVersion() {
                    return 7;
                }

                @Override
                public byte[] serialize(CommitRecoverable r) {
                    return ((FixedRecoverable) r).bytes();
                }

                @Override
                public CommitRecoverable deserialize(int version, byte[] bytes) throws IOException {
                    if (version != 7) {
                        throw new IOException("version " + version);
                    }
                    return new FixedRecoverable(bytes);
                }
            };

    /** A resumable with fixed bytes, so the clean-up framing can be pinned. */
    private record FixedResumable(byte[] bytes) implements RecoverableWriter.ResumeRecoverable {}

    private static final SimpleVersionedSerializer<RecoverableWriter.ResumeRecoverable>
            FIXED_RESUMABLES =
                    new SimpleVersionedSerializer<>() {
                        @Override
                        public int getVersion() {
                            return 5;
                        }

                        @Override
                        public byte[] serialize(RecoverableWriter.ResumeRecoverable r) {
                            return ((FixedResumable) r).bytes();
                        }

                        @Override
                        public RecoverableWriter.ResumeRecoverable deserialize(
                                int version, byte[] bytes) throws IOException {
                            if (version != 5) {
                                throw new IOException("version " + version);
                            }
                            return new FixedResumable(bytes);
                        }
                    };

    private static final String V1_HEX =
            "00000007"
                    + "00000003"
                    + "010203"
                    + "0003"
                    + "6b3d76"
                    + "0012"
                    + HexFormat.of().formatHex("part-a-0-1.parquet".getBytes())
                    + "0000000000000005"
                    + "000000000000012c"
                    + "00000000000003e8";

    private static final String V2_HEX =
            V1_HEX + "0009" + HexFormat.of().formatHex("file:/out".getBytes());

    @Test
    void writesTheVersion3LayoutByteForByte() throws IOException {
        PqxCommittableSerializer serializer = new PqxCommittableSerializer(FIXED, FIXED_RESUMABLES);
        PqxCommittable committable =
                new PqxCommittable(
                        "file:/out",
                        "k=v",
                        "part-a-0-1.parquet",
                        5,
                        300,
                        1000,
                        new FixedRecoverable(new byte[] {1, 2, 3}),
                        7);
        byte[] bytes = serializer.serialize(committable);
        assertThat(serializer.getVersion()).isEqualTo(3);
        assertThat(HexFormat.of().formatHex(bytes))
                .as("kind 0 (publish), version 2, then the row-log segment count")
                .isEqualTo("00" + V2_HEX + "00000007");
        PqxCommittable back = serializer.deserialize(3, bytes);
        assertThat(back.basePath()).isEqualTo("file:/out");
        assertThat(back.partition()).isEqualTo("k=v");
        assertThat(back.fileName()).isEqualTo("part-a-0-1.parquet");
        assertThat(back.rowCount()).isEqualTo(5);
        assertThat(back.sizeBytes()).isEqualTo(300);
        assertThat(back.maxTimestamp()).isEqualTo(1000);
        assertThat(back.rowLogSegments()).isEqualTo(7);
        assertThat(((FixedRecoverable) back.recoverable()).bytes()).containsExactly(1, 2, 3);
    }

    @Test
    void writesAVersion3CleanUpByteForByte() throws IOException {
        PqxCommittableSerializer serializer = new PqxCommittableSerializer(FIXED, FIXED_RESUMABLES);
        PqxCommittable cleanUp =
                PqxCommittable.cleanUp(
                        "s3://b/o",
                        "k=v",
                        "part-a-0-1.parquet",
                        new FixedResumable(new byte[] {9, 8}));
        byte[] bytes = serializer.serialize(cleanUp);
        assertThat(HexFormat.of().formatHex(bytes))
                .isEqualTo(
                        "01" // kind: clean up
                                + "00000005"
                                + "00000002"
                                + "0908" // the resumable
                                + "0003"
                                + "6b3d76" // partition
                                + "0012"
                                + HexFormat.of().formatHex("part-a-0-1.parquet".getBytes())
                                + "0008"
                                + HexFormat.of().formatHex("s3://b/o".getBytes()));
        PqxCommittable back = serializer.deserialize(3, bytes);
        assertThat(back.cleansUp()).isTrue();
        assertThat(back.recoverable()).isNull();
        assertThat(((FixedResumable) back.cleanUp()).bytes()).containsExactly(9, 8);
        assertThat(back.basePath()).isEqualTo("s3://b/o");
        assertThat(back.partition()).isEqualTo("k=v");
        assertThat(back.fileName()).isEqualTo("part-a-0-1.parquet");
        byte[] unknownKind = bytes.clone();
        unknownKind[0] = 2;
        assertThatThrownBy(() -> serializer.deserialize(3, unknownKind))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown kind 2");
    }

    @Test
    void readsVersion2WithNoRowLog() throws IOException {
        PqxCommittable back =
                new PqxCommittableSerializer(FIXED, FIXED_RESUMABLES)
                        .deserialize(2, HexFormat.of().parseHex(V2_HEX));
        assertThat(back.basePath()).isEqualTo("file:/out");
        assertThat(back.rowLogSegments()).isZero();
        assertThat(back.rowCount()).isEqualTo(5);
    }

    @Test
    void readsVersion1WithAnUnknownBasePath() throws IOException {
        PqxCommittable back =
                new PqxCommittableSerializer(FIXED, FIXED_RESUMABLES)
                        .deserialize(1, HexFormat.of().parseHex(V1_HEX));
        assertThat(back.basePath()).isEqualTo(PqxCommittable.UNKNOWN_BASE_PATH);
        assertThat(back.relativePath()).isEqualTo("k=v/part-a-0-1.parquet");
        assertThat(back.rowCount()).isEqualTo(5);
        assertThat(((FixedRecoverable) back.recoverable()).bytes()).containsExactly(1, 2, 3);
    }

    @Test
    void roundTripsALocalFileSystemRecoverableThatStillCommits() throws IOException {
        RecoverableWriter writer = FileSystem.getLocalFileSystem().createRecoverableWriter();
        Path target = new Path(dir.resolve("part.parquet").toUri());
        RecoverableFsDataOutputStream out = writer.open(target);
        out.write(new byte[] {9, 8, 7});
        CommitRecoverable recoverable = out.closeForCommit().getRecoverable();
        PqxCommittableSerializer serializer =
                new PqxCommittableSerializer(
                        writer.getCommitRecoverableSerializer(),
                        writer.getResumeRecoverableSerializer());
        PqxCommittable back =
                serializer.deserialize(
                        serializer.getVersion(),
                        serializer.serialize(
                                new PqxCommittable(
                                        dir.toUri().toString(),
                                        "",
                                        "part.parquet",
                                        1,
                                        3,
                                        PqxCommittable.NO_TIMESTAMP,
                                        recoverable,
                                        0)));
        writer.recoverForCommit(back.recoverable()).commitAfterRecovery();
        assertThat(Files.readAllBytes(dir.resolve("part.parquet"))).containsExactly(9, 8, 7);
        assertThat(back.relativePath()).isEqualTo("part.parquet");
    }

    @Test
    void rejectsUnknownVersionsAndLyingLengths() throws IOException {
        PqxCommittableSerializer serializer = new PqxCommittableSerializer(FIXED, FIXED_RESUMABLES);
        byte[] bytes =
                serializer.serialize(
                        new PqxCommittable(
                                "/b", "", "f", 1, 1, 0, new FixedRecoverable(new byte[] {1}), 0));
        assertThatThrownBy(() -> serializer.deserialize(4, bytes))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("unknown version 4");
        byte[] negative = Arrays.copyOf(bytes, bytes.length);
        negative[negative.length - 4] = (byte) 0xff;
        assertThatThrownBy(() -> serializer.deserialize(3, negative))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("row-log segments");
        byte[] lying = Arrays.copyOf(bytes, bytes.length);
        lying[8] = 100; // the recoverable's length, after the kind and its version
        assertThatThrownBy(() -> serializer.deserialize(3, lying))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("recoverable length 100");
    }
}
