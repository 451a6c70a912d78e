package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommitter;
import io.pqx.sink.partition.PartitionComputer;
import io.pqx.sink.writer.PqxSinkWriter;
import io.pqx.sink.writer.PqxWriterState;
import io.pqx.sink.writer.TestingWriterContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a file system that keeps state behind each persisted resumable (an object store's temporary
 * tail object), the writer hands every resumable that the next checkpoint supersedes to the
 * committer as a clean-up committable, and the committer discards its state, once: the one each
 * checkpoint persisted and the one a restore resumed from. On the local file system, which keeps
 * none, there are no clean-ups.
 */
class SupersededResumablesTest {
    @TempDir java.nio.file.Path dir;

    /** The local writer, but asking for clean-ups, and recording them. */
    private static final class ObjectStoreLike extends TestingForwardingRecoverableWriter {
        final List<ResumeRecoverable> cleaned = new ArrayList<>();

        ObjectStoreLike() throws IOException {
            super(FileSystem.getLocalFileSystem().createRecoverableWriter());
        }

        @Override
        public boolean requiresCleanupOfRecoverableState() {
            return true;
        }

        @Override
        public boolean cleanupRecoverableState(ResumeRecoverable resumable) {
            cleaned.add(resumable);
            return true;
        }
    }

    private PqxSinkWriter writer(
            RecoverableWriter recoverable,
            TestingWriterContext context,
            List<PqxWriterState> restored)
            throws IOException {
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TestingSinkRowTypes.ID_PAYLOAD)
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .build();
        return PqxSinkWriter.open(
                sink.settings(),
                new Path(dir.toUri().toString()), // as PqxSink makes it from its basePath
                new PartitionComputer(TestingSinkRowTypes.ID_PAYLOAD, List.of()),
                context,
                recoverable,
                "token",
                restored);
    }

    private static void write(PqxSinkWriter writer, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            writer.write(GenericRowData.of(id, StringData.fromString("v" + id)), null);
        }
    }

    private static List<PqxCommittable> cleanUps(Collection<PqxCommittable> committables) {
        return committables.stream().filter(PqxCommittable::cleansUp).toList();
    }

    @Test
    void everySupersededResumableIsCleanedUpOnceAfterTheCheckpointThatSupersedesIt()
            throws Exception {
        ObjectStoreLike store = new ObjectStoreLike();
        TestingWriterContext context = new TestingWriterContext();
        List<PqxCommittable> all = new ArrayList<>();
        List<PqxWriterState> checkpoint2;
        try (PqxSinkWriter writer = writer(store, context, List.of())) {
            write(writer, 0, 10);
            assertThat(writer.prepareCommit())
                    .as("checkpoint 1: nothing persisted before")
                    .isEmpty();
            writer.snapshotState(1); // persists R1
            write(writer, 10, 20);
            List<PqxCommittable> second = new ArrayList<>(writer.prepareCommit());
            assertThat(cleanUps(second)).as("checkpoint 2 supersedes R1").hasSize(1);
            all.addAll(second);
            checkpoint2 = writer.snapshotState(2); // persists R2
        }
        // Restored from checkpoint 2: R2 is superseded by the first checkpoint after the restore.
        try (PqxSinkWriter restored = writer(store, context.nextAttempt(), checkpoint2)) {
            write(restored, 20, 30);
            restored.flush(true);
            List<PqxCommittable> last = new ArrayList<>(restored.prepareCommit());
            assertThat(last.stream().filter(c -> !c.cleansUp()).toList())
                    .as("the file, closed at end of input")
                    .hasSize(1);
            assertThat(cleanUps(last)).as("R2, resumed from").hasSize(1);
            all.addAll(last);
        }
        PqxCommitter committer =
                new PqxCommitter(new Path(dir.toUri()), FileSystem.getLocalFileSystem(), store);
        List<Committer.CommitRequest<PqxCommittable>> requests = new ArrayList<>();
        for (PqxCommittable c : all) {
            requests.add(new TestingCommitRequest(c));
        }
        committer.commit(requests);
        assertThat(store.cleaned).as("R1 and R2, each once").hasSize(2);
        assertThat(store.cleaned.get(0)).isNotEqualTo(store.cleaned.get(1));
        assertThat(requests)
                .allSatisfy(
                        r -> assertThat(((TestingCommitRequest) r).outcome).isEqualTo("committed"));
        List<java.nio.file.Path> files = TestingSinkFiles.committed(dir);
        assertThat(files).hasSize(1);
        assertThat(TestingSinkFiles.read(files.get(0), r -> r.getLong(0))).hasSize(30);
    }

    @Test
    void theLocalFileSystemKeepsNoStateToCleanUp() throws Exception {
        RecoverableWriter local = FileSystem.getLocalFileSystem().createRecoverableWriter();
        try (PqxSinkWriter writer = writer(local, new TestingWriterContext(), List.of())) {
            write(writer, 0, 10);
            writer.prepareCommit();
            writer.snapshotState(1);
            write(writer, 10, 20);
            writer.flush(true);
            assertThat(cleanUps(writer.prepareCommit())).isEmpty();
        }
    }
}
