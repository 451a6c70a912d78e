package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingCommitRequest;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommitter;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.util.CloseableIterator;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sink writing encrypted files keeps a file open across a checkpoint and a restore, flushing its
 * open row group or carrying it in a row log sealed with the footer key: the checkpoint holds no
 * key (the restored writer takes its keys from the sink's configuration), no row lies unencrypted
 * beside the file, and the committed file decrypts whole with the keys, and not without them.
 */
class EncryptedSinkCheckpointTest {
    private static final byte[] FOOTER_KEY = "sink-footer-key!".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ID_KEY = "sink-id-key-16by".getBytes(StandardCharsets.US_ASCII);

    @TempDir Path dir;

    private PqxSink sink() {
        return builder()
                .set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE)
                .set(PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP, OpenRowGroupPolicy.FLUSH)
                .build();
    }

    private PqxSinkBuilder builder() {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(PqxSinkWriterTest.TYPE)
                .partitionBy("p")
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 10)
                .set(PqxSinkOptions.ROW_GROUP_MIN_ROWS, 1)
                .encryption(
                        FileEncryptionProperties.builder()
                                .footerKey(FOOTER_KEY)
                                .columnKey("id", ID_KEY)
                                .build());
    }

    private static void write(PqxSinkWriter writer, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            writer.write(GenericRowData.of(id, StringData.fromString("a")), null);
        }
    }

    private void commit(Collection<PqxCommittable> committables) throws Exception {
        FileSystem fs = FileSystem.getLocalFileSystem();
        PqxCommitter committer =
                new PqxCommitter(
                        new org.apache.flink.core.fs.Path(dir.toUri()),
                        fs,
                        fs.createRecoverableWriter());
        List<TestingCommitRequest> requests = new ArrayList<>();
        for (PqxCommittable c : committables) {
            requests.add(new TestingCommitRequest(c));
        }
        committer.commit(new ArrayList<>(requests));
        assertThat(requests).allSatisfy(r -> assertThat(r.outcome).isEqualTo("committed"));
    }

    private static List<Long> ids(Path file, FileDecryptionProperties keys) throws Exception {
        List<Long> ids = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.builder().decryption(keys).build())) {
            ReadSchema projection = reader.project(List.of("id"));
            try (CloseableIterator<RowData> it = reader.rows(projection)) {
                while (it.hasNext()) {
                    ids.add(it.next().getLong(0));
                }
            }
        }
        return ids;
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @Test
    void anEncryptedFileResumesAfterARestoreWithTheKeysOfTheSinksConfiguration() throws Exception {
        PqxSink sink = sink();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, 0, 25);
            writer.flush(false);
            assertThat(writer.prepareCommit()).isEmpty();
            state = writer.snapshotState(1);
        }
        assertThat(state.get(0).openFiles()).hasSize(1);
        PqxWriterStateSerializer serializer = new PqxWriterStateSerializer();
        for (PqxWriterState s : state) {
            byte[] checkpoint = serializer.serialize(s);
            assertThat(contains(checkpoint, FOOTER_KEY)).isFalse();
            assertThat(contains(checkpoint, ID_KEY)).isFalse();
        }
        // no row log: nothing of the open row group lies unencrypted beside the part file
        assertThat(TestingSinkFiles.hidden(dir.resolve("p=a"))).hasSize(1);
        Path inProgress = TestingSinkFiles.hidden(dir.resolve("p=a")).get(0);
        assertThat(new String(Files.readAllBytes(inProgress), 0, 4, StandardCharsets.US_ASCII))
                .isEqualTo("PARE");

        try (PqxSinkWriter restored =
                (PqxSinkWriter)
                        sink().restoreWriter(
                                        first.nextAttempt(),
                                        List.of(
                                                serializer.deserialize(
                                                        serializer.getVersion(),
                                                        serializer.serialize(state.get(0)))))) {
            write(restored, 25, 40);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        List<Path> committed = TestingSinkFiles.committed(dir);
        assertThat(committed).hasSize(1);
        FileDecryptionProperties keys =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER_KEY)
                        .columnKey("id", ID_KEY)
                        .build();
        assertThat(ids(committed.get(0), keys)).isEqualTo(LongStream.range(0, 40).boxed().toList());
        assertThat(
                        Assertions.catchThrowable(
                                () ->
                                        ids(
                                                committed.get(0),
                                                FileDecryptionProperties.builder().build())))
                .isInstanceOf(MissingKeyException.class);
    }

    /** Rows of three columns, partitioned by p, so a name can be looked for in the row log. */
    private static final RowType NAMED =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "name", "p"});

    /**
     * A sink carrying its open row groups in a row log (CARRY, the default), every column
     * encrypted.
     */
    private PqxSink carryingSink(byte[] footerKey) {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(NAMED)
                .partitionBy("p")
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 1000)
                .encryption(FileEncryptionProperties.builder().footerKey(footerKey).build())
                .build();
    }

    private static void writeNamed(PqxSinkWriter writer, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            writer.write(
                    GenericRowData.of(
                            id,
                            StringData.fromString("confidential-" + id),
                            StringData.fromString("a")),
                    null);
        }
    }

    @Test
    void anEncryptingSinkCarriesItsOpenRowGroupInAnEncryptedRowLog() throws Exception {
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) carryingSink(FOOTER_KEY).createWriter(first)) {
            writeNamed(writer, 0, 25);
            writer.flush(false);
            assertThat(writer.prepareCommit()).isEmpty();
            state = writer.snapshotState(1);
        }
        assertThat(state.get(0).openFiles()).hasSize(1);
        assertThat(state.get(0).openFiles().get(0).carriedRowCount()).isEqualTo(25);
        PqxWriterStateSerializer serializer = new PqxWriterStateSerializer();
        byte[] checkpoint = serializer.serialize(state.get(0));
        assertThat(contains(checkpoint, FOOTER_KEY)).isFalse();

        // the in-progress file and one row-log segment, neither with a row in plaintext
        List<Path> hidden = TestingSinkFiles.hidden(dir.resolve("p=a"));
        assertThat(hidden).hasSize(2);
        assertThat(hidden).anySatisfy(p -> assertThat(p.toString()).contains(".rows-0"));
        byte[] name = "confidential-".getBytes(StandardCharsets.US_ASCII);
        for (Path p : hidden) {
            assertThat(contains(Files.readAllBytes(p), name)).as(p.toString()).isFalse();
        }

        // restored with another footer key, the row log does not open: a named error
        byte[] otherKey = "other-footer-key".getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(
                        () ->
                                carryingSink(otherKey)
                                        .restoreWriter(
                                                first.nextAttempt(),
                                                List.of(
                                                        serializer.deserialize(
                                                                serializer.getVersion(),
                                                                checkpoint)))
                                        .close())
                .hasStackTraceContaining("DecryptionFailedException")
                .hasStackTraceContaining(".rows-0")
                .hasStackTraceContaining("footer or column keys are not the ones");

        try (PqxSinkWriter restored =
                (PqxSinkWriter)
                        carryingSink(FOOTER_KEY)
                                .restoreWriter(
                                        first.nextAttempt().nextAttempt(),
                                        List.of(
                                                serializer.deserialize(
                                                        serializer.getVersion(), checkpoint)))) {
            writeNamed(restored, 25, 40);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        List<Path> committed = TestingSinkFiles.committed(dir);
        assertThat(committed).hasSize(1);
        assertThat(contains(Files.readAllBytes(committed.get(0)), name)).isFalse();
        FileDecryptionProperties keys =
                FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build();
        assertThat(ids(committed.get(0), keys)).isEqualTo(LongStream.range(0, 40).boxed().toList());
        assertThat(
                        Assertions.catchThrowable(
                                () ->
                                        ids(
                                                committed.get(0),
                                                FileDecryptionProperties.builder().build())))
                .isInstanceOf(MissingKeyException.class);
    }

    @Test
    void anEncryptingSinkRestoredFromAnOlderCheckpointThanTheLatestCommitsEachRowOnce()
            throws Exception {
        TestingWriterContext first = new TestingWriterContext();
        PqxWriterStateSerializer serializer = new PqxWriterStateSerializer();
        byte[] older;
        try (PqxSinkWriter writer = (PqxSinkWriter) carryingSink(FOOTER_KEY).createWriter(first)) {
            writeNamed(writer, 0, 25);
            writer.flush(false);
            assertThat(writer.prepareCommit()).isEmpty();
            older = serializer.serialize(writer.snapshotState(1).get(0));
            // a later checkpoint logs more rows in a segment of its own, then the job fails
            writeNamed(writer, 25, 31);
            writer.flush(false);
            assertThat(writer.prepareCommit()).isEmpty();
            PqxWriterState latest = writer.snapshotState(2).get(0);
            assertThat(latest.openFiles().get(0).carriedRowCount()).isEqualTo(31);
        }
        assertThat(TestingSinkFiles.hidden(dir.resolve("p=a")))
                .anySatisfy(p -> assertThat(p.toString()).contains(".rows-1"));

        // restored from the older one: its segment only, sealed rows 0..24, then the rest again
        try (PqxSinkWriter restored =
                (PqxSinkWriter)
                        carryingSink(FOOTER_KEY)
                                .restoreWriter(
                                        first.nextAttempt(),
                                        List.of(
                                                serializer.deserialize(
                                                        serializer.getVersion(), older)))) {
            writeNamed(restored, 25, 40);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        List<Path> committed = TestingSinkFiles.committed(dir);
        assertThat(committed).hasSize(1);
        assertThat(
                        ids(
                                committed.get(0),
                                FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build()))
                .isEqualTo(LongStream.range(0, 40).boxed().toList());
    }
}
