package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.EncodingPool;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.options.RowGroupMode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row log's segments: unencrypted, in the layout they always had; encrypted (the sink encrypts
 * its files), sealed in authenticated chunks that round-trip, hide the rows, and refuse with a
 * {@link DecryptionFailedException} naming the segment any changed byte, cut, reordered or swapped
 * chunk, and another key.
 */
class RowLogTest {
    private static final RowType TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "name"});
    private static final String SECRET = "distinctive-secret-value";
    private static final byte[] KEY = "row-log-footer-k".getBytes(StandardCharsets.US_ASCII);

    /** Enough rows that a segment takes several chunks. */
    private static final int ROWS = 4000;

    private static final int HEADER = 9;
    private static final int FULL_CHUNK = RowLogCipher.CHUNK_BYTES + 32;

    @TempDir java.nio.file.Path dir;

    private static RowLogCipher cipher(byte[] key) {
        return RowLogCipher.withKeysOf(FileEncryptionProperties.builder().footerKey(key).build());
    }

    private static List<RowData> rows(int from, int to) {
        List<RowData> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(GenericRowData.of((long) i, StringData.fromString(SECRET + "-" + i)));
        }
        return rows;
    }

    private static CarriedRows carried(List<RowData> rows) {
        CarriedRows carried = new CarriedRows(TYPE);
        rows.forEach(carried::add);
        return carried;
    }

    private Path target(String name) {
        return new Path(dir.resolve(name).toUri());
    }

    /** A log of {@code target} with one segment of rows {@code 0..ROWS-1}. */
    private RowLog logged(Path target, RowLogCipher cipher) throws IOException {
        RowLog log = new RowLog(target, cipher);
        log.append(carried(rows(0, ROWS)), 0, ROWS);
        return log;
    }

    private java.nio.file.Path file(RowLogSegment segment) {
        return dir.resolve(segment.name());
    }

    private static List<String> names(List<RowData> rows) {
        return rows.stream().map(r -> r.getLong(0) + ":" + r.getString(1)).toList();
    }

    @Test
    void anEncryptedLogRoundTripsAndHoldsNoRowInPlaintext() throws Exception {
        Path target = target("part-0.parquet");
        RowLog log = logged(target, cipher(KEY));
        CarriedRows more = carried(rows(ROWS, ROWS + 10));
        log.append(more, 0, 10);
        log.drop(3);
        List<RowLogSegment> segments = log.segments();
        assertThat(segments).hasSize(2);

        List<RowData> read = RowLog.read(target, segments, log.skip(), TYPE, cipher(KEY));
        assertThat(names(read)).isEqualTo(names(rows(3, ROWS + 10)));

        for (RowLogSegment segment : segments) {
            byte[] bytes = Files.readAllBytes(file(segment));
            assertThat(bytes.length).isEqualTo(segment.bytes());
            assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
                    .doesNotContain(SECRET)
                    .doesNotContain("secret");
            assertThat(bytes[4]).as("version").isEqualTo((byte) 2);
        }
        // several chunks: the first segment holds more than one chunk's plaintext
        assertThat(segments.get(0).bytes()).isGreaterThan(HEADER + 2L * FULL_CHUNK);
        assertThat(cipher(KEY).toString()).doesNotContain("row-log-footer-k");
    }

    @Test
    void anUnencryptedSegmentKeepsItsLayout() throws Exception {
        Path target = target("part-0.parquet");
        List<RowData> rows = rows(0, 5);
        RowLog log = new RowLog(target, null);
        log.append(carried(rows), 0, 5);
        byte[] bytes = Files.readAllBytes(file(log.segments().get(0)));

        DataOutputSerializer payload = new DataOutputSerializer(256);
        RowDataSerializer serializer = new RowDataSerializer(TYPE);
        for (RowData row : rows) {
            serializer.serialize(row, payload);
        }
        CRC32 crc = new CRC32();
        crc.update(payload.getSharedBuffer(), 0, payload.length());
        ByteBuffer expected = ByteBuffer.allocate(9 + payload.length() + 4);
        expected.putInt(0x5051_584C).put((byte) 1).putInt(5);
        expected.put(payload.getSharedBuffer(), 0, payload.length());
        expected.putInt((int) crc.getValue());
        assertThat(bytes).isEqualTo(expected.array());
        assertThat(names(RowLog.read(target, log.segments(), 0, TYPE, null)))
                .isEqualTo(names(rows));
    }

    @Test
    void aFlippedByteFailsNamingTheSegment() throws Exception {
        Path target = target("part-0.parquet");
        RowLog log = logged(target, cipher(KEY));
        RowLogSegment segment = log.segments().get(0);
        java.nio.file.Path file = file(segment);
        byte[] bytes = Files.readAllBytes(file);
        bytes[HEADER + FULL_CHUNK + 100] ^= 1; // in chunk 1's ciphertext
        Files.write(file, bytes);
        assertThatThrownBy(() -> RowLog.read(target, log.segments(), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("Cannot restore the open row group")
                .hasMessageContaining(segment.name())
                .hasMessageContaining("part-0.parquet")
                .hasMessageContaining("chunk 1 does not authenticate");
    }

    @Test
    void aChangedHeaderFails() throws Exception {
        Path target = target("part-0.parquet");
        RowLog log = logged(target, cipher(KEY));
        RowLogSegment segment = log.segments().get(0);
        java.nio.file.Path file = file(segment);
        byte[] bytes = Files.readAllBytes(file);
        bytes[8] ^= 1; // the row count
        Files.write(file, bytes);
        RowLogSegment claimed =
                new RowLogSegment(segment.name(), segment.rows() ^ 1, segment.bytes());
        assertThatThrownBy(() -> RowLog.read(target, List.of(claimed), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("chunk 0 does not authenticate");
    }

    @Test
    void aTruncatedLogFails() throws Exception {
        Path target = target("part-0.parquet");
        RowLog log = logged(target, cipher(KEY));
        RowLogSegment segment = log.segments().get(0);
        java.nio.file.Path file = file(segment);
        byte[] bytes = Files.readAllBytes(file);

        // cut after two whole chunks, the state still naming the whole segment
        int cut = HEADER + 2 * FULL_CHUNK;
        Files.write(file, Arrays.copyOf(bytes, cut));
        assertThatThrownBy(() -> RowLog.read(target, log.segments(), 0, TYPE, cipher(KEY)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(segment.name())
                .hasMessageContaining("has " + cut + " bytes, the checkpoint says");

        // the same cut with a state that agrees with it: the end is authenticated
        RowLogSegment shortened = new RowLogSegment(segment.name(), segment.rows(), cut);
        assertThatThrownBy(() -> RowLog.read(target, List.of(shortened), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining(segment.name())
                .hasMessageContaining("ends after its chunk 1, which is not its last");

        // a cut inside a chunk
        Files.write(file, Arrays.copyOf(bytes, cut - 5));
        RowLogSegment inside = new RowLogSegment(segment.name(), segment.rows(), cut - 5);
        assertThatThrownBy(() -> RowLog.read(target, List.of(inside), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining(segment.name())
                .hasMessageContaining("chunk 1");
    }

    @Test
    void aChunkSwappedBetweenTwoLogsOrReorderedFails() throws Exception {
        Path a = target("part-a.parquet");
        Path b = target("part-b.parquet");
        RowLog logA = logged(a, cipher(KEY));
        RowLog logB = logged(b, cipher(KEY));
        java.nio.file.Path fileA = file(logA.segments().get(0));
        byte[] bytesA = Files.readAllBytes(fileA);
        byte[] bytesB = Files.readAllBytes(file(logB.segments().get(0)));
        assertThat(bytesA.length).isEqualTo(bytesB.length);

        // chunk 1 of b's log in a's
        byte[] swapped = bytesA.clone();
        System.arraycopy(bytesB, HEADER + FULL_CHUNK, swapped, HEADER + FULL_CHUNK, FULL_CHUNK);
        Files.write(fileA, swapped);
        assertThatThrownBy(() -> RowLog.read(a, logA.segments(), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining(logA.segments().get(0).name())
                .hasMessageContaining("chunk 1 does not authenticate");

        // b's whole segment in place of a's
        Files.write(fileA, bytesB);
        assertThatThrownBy(() -> RowLog.read(a, logA.segments(), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("chunk 0 does not authenticate");

        // chunks 0 and 1 of a's own segment swapped
        byte[] reordered = bytesA.clone();
        System.arraycopy(bytesA, HEADER, reordered, HEADER + FULL_CHUNK, FULL_CHUNK);
        System.arraycopy(bytesA, HEADER + FULL_CHUNK, reordered, HEADER, FULL_CHUNK);
        Files.write(fileA, reordered);
        assertThatThrownBy(() -> RowLog.read(a, logA.segments(), 0, TYPE, cipher(KEY)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("chunk 0 does not authenticate");

        // restored, a's log reads again
        Files.write(fileA, bytesA);
        assertThat(RowLog.read(a, logA.segments(), 0, TYPE, cipher(KEY))).hasSize(ROWS);
    }

    @Test
    void aWrongKeyFailsWithoutShowingAKey() throws Exception {
        Path target = target("part-0.parquet");
        RowLog log = logged(target, cipher(KEY));
        byte[] other = "another-footer-k".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> RowLog.read(target, log.segments(), 0, TYPE, cipher(other)))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining(log.segments().get(0).name())
                .hasMessageContaining("footer or column keys are not the ones")
                .satisfies(
                        e ->
                                assertThat(e.getMessage())
                                        .doesNotContain("row-log-footer-k")
                                        .doesNotContain("another-footer-k"));
    }

    @Test
    void encryptedAndPlaintextSegmentsAreNotMixedUp() throws Exception {
        Path plain = target("part-plain.parquet");
        RowLog plainLog = logged(plain, null);
        assertThatThrownBy(() -> RowLog.read(plain, plainLog.segments(), 0, TYPE, cipher(KEY)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(plainLog.segments().get(0).name())
                .hasMessageContaining("not encrypted, but the sink encrypts");
        Path sealed = target("part-sealed.parquet");
        RowLog sealedLog = logged(sealed, cipher(KEY));
        assertThatThrownBy(() -> RowLog.read(sealed, sealedLog.segments(), 0, TYPE, null))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(sealedLog.segments().get(0).name())
                .hasMessageContaining("its rows are encrypted, but the sink has no encryption");
    }

    @Test
    void aSpillOfAnEncryptedFileIsSealed() throws Exception {
        WriteOptions options =
                WriteOptions.builder()
                        .encryption(FileEncryptionProperties.builder().footerKey(KEY).build())
                        .build();
        RowGroupLimits limits = new RowGroupLimits(RowGroupMode.EXACT, 100_000, 1L << 30, 10);
        try (EncodingPool pool = EncodingPool.threads(1, 8, 2, "test")) {
            PartFile file =
                    new PartFiles(
                                    FileSystem.getLocalFileSystem().createRecoverableWriter(),
                                    TYPE,
                                    options,
                                    limits,
                                    null,
                                    pool,
                                    Long.MAX_VALUE,
                                    true)
                            .open(new PartFileSpec(new Path(dir.toUri()), "", "part-s.parquet", 0));
            for (RowData row : rows(0, 1000)) {
                file.write(row, 0L, Long.MIN_VALUE);
            }
            assertThat(file.unloggedBytes()).isPositive();
            file.logOpenRows(); // what the memory budget's spill calls
            assertThat(file.loggedRows()).isEqualTo(1000);
            file.discard();
        }
        byte[] segment =
                Files.readAllBytes(dir.resolve(RowLogNames.segmentName("part-s.parquet", 0)));
        assertThat(segment[4]).as("version").isEqualTo((byte) 2);
        assertThat(new String(segment, StandardCharsets.ISO_8859_1)).doesNotContain(SECRET);
    }
}
