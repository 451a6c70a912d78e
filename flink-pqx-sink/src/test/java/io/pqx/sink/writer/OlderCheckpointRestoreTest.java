package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingCommitRequest;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommitter;
import io.pqx.sink.file.PublishedAfterCheckpointException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.executiongraph.failover.ExecutionFailureHandler;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restore from a checkpoint older than a later commit: the checkpoint kept a file open that a
 * later run closed and published. Without the option the restore fails once (an error Flink's
 * restart strategy does not retry) saying what happened; with {@code
 * sink.restore.discard-published-open-files} it goes on without the file, whose rows after the
 * checkpoint then appear twice.
 */
class OlderCheckpointRestoreTest {
    @TempDir Path dir;

    private PqxSink sink(boolean discard) {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(PqxSinkWriterTest.TYPE)
                .partitionBy("p")
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 10)
                .set(PqxSinkOptions.ROW_GROUP_MIN_ROWS, 1)
                .set(PqxSinkOptions.RESTORE_DISCARD_PUBLISHED_FILES, discard)
                .build();
    }

    private static void write(PqxSinkWriter writer, String p, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            writer.write(GenericRowData.of(id, StringData.fromString(p)), null);
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

    /**
     * Checkpoint 1 keeps the files of a and b open; the run goes on and publishes a's file (it
     * rolls), then dies. Returns checkpoint 1's state.
     */
    private List<PqxWriterState> checkpointThenPublishA(PqxSink sink, TestingWriterContext context)
            throws Exception {
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(context)) {
            write(writer, "a", 0, 15);
            write(writer, "b", 0, 15);
            writer.flush(false);
            commit(writer.prepareCommit());
            state = writer.snapshotState(1);
            write(writer, "a", 15, 22);
            // a's file closes (end of a's data in that run) and is committed by checkpoint 2
            writer.flush(true);
            List<PqxCommittable> closed = new ArrayList<>(writer.prepareCommit());
            closed.removeIf(c -> !c.partition().equals("p=a"));
            commit(closed);
        }
        return state;
    }

    @Test
    void aRestoreOfACheckpointOlderThanALaterCommitFailsOnceNamingTheFile() throws Exception {
        PqxSink sink = sink(false);
        TestingWriterContext context = new TestingWriterContext();
        List<PqxWriterState> state = checkpointThenPublishA(sink, context);
        Path published = TestingSinkFiles.committed(dir.resolve("p=a")).get(0);

        assertThatThrownBy(() -> sink.restoreWriter(context.nextAttempt().restoredFrom(1), state))
                .isInstanceOf(SuppressRestartsException.class)
                .satisfies(
                        e ->
                                assertThat(ExecutionFailureHandler.isUnrecoverableError(e))
                                        .as(
                                                "Flink's failure handler takes it as not worth a restart")
                                        .isTrue())
                .cause()
                .isInstanceOf(PublishedAfterCheckpointException.class)
                .hasMessageContaining("Cannot resume part file")
                .hasMessageContaining(published.getFileName().toString())
                .hasMessageContaining("published after the checkpoint")
                .hasMessageContaining("exists under its final name")
                .hasMessageContaining("twice")
                .hasMessageContaining("sink.restore.discard-published-open-files");
        assertThat(TestingSinkFiles.committed(dir.resolve("p=a")))
                .as("the published file is left as it is")
                .containsExactly(published);
    }

    @Test
    void withTheOptionTheRestoreGoesOnWithoutThePublishedFileAndItsLaterRowsAppearTwice()
            throws Exception {
        PqxSink sink = sink(true);
        TestingWriterContext context = new TestingWriterContext();
        List<PqxWriterState> state = checkpointThenPublishA(sink, context);

        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(context.nextAttempt().restoredFrom(1), state)) {
            // the source replays from checkpoint 1
            write(restored, "a", 15, 22);
            write(restored, "b", 15, 20);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        List<Long> a = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir.resolve("p=a"))) {
            a.addAll(TestingSinkFiles.read(file, r -> r.getLong(0)));
        }
        List<Long> expected = new ArrayList<>();
        for (long id = 0; id < 22; id++) {
            expected.add(id);
        }
        for (long id = 15; id < 22; id++) {
            expected.add(id); // after the checkpoint: in the published file and replayed
        }
        assertThat(a).containsExactlyInAnyOrderElementsOf(expected);
        List<Long> b = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir.resolve("p=b"))) {
            b.addAll(TestingSinkFiles.read(file, r -> r.getLong(0)));
        }
        assertThat(b)
                .as("the file that could be resumed is exactly once")
                .containsExactlyInAnyOrder(
                        0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L, 15L, 16L,
                        17L, 18L, 19L);
        assertThat(TestingSinkFiles.hidden(dir)).isEmpty();
    }
}
