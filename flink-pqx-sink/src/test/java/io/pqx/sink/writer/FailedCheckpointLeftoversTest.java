package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingCommitRequest;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommitter;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Failures between a snapshot and its completion, at the writer level: a snapshot that never
 * completes writes row-log segments of files that stay open, and the job then restores from the
 * checkpoint before, across rescales, with files that keep their names (and so an earlier attempt's
 * writer id) across restores. Whatever failed on the way, a job that runs to its end leaves no
 * hidden file, and every row is committed once.
 */
class FailedCheckpointLeftoversTest {
    @TempDir Path dir;

    private PqxSink sink(RowGroupMode mode) {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(PqxSinkWriterTest.TYPE)
                .partitionBy("p")
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROW_GROUP_MODE, mode)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 10)
                .set(PqxSinkOptions.ROW_GROUP_MIN_ROWS, 1)
                .build();
    }

    private static RowData row(long id, String p) {
        return GenericRowData.of(id, StringData.fromString(p));
    }

    private static void write(PqxSinkWriter writer, String p, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            writer.write(row(id, p), null);
        }
    }

    private static PqxSinkWriter restore(
            PqxSink sink, TestingWriterContext context, Collection<PqxWriterState> state)
            throws Exception {
        return (PqxSinkWriter) sink.restoreWriter(context, state);
    }

    /** A checkpoint's writer side: committables, then the state. */
    private record Checkpoint(List<PqxCommittable> committables, List<PqxWriterState> state) {}

    private static Checkpoint checkpoint(PqxSinkWriter writer, long id) throws Exception {
        writer.flush(false);
        List<PqxCommittable> committables = new ArrayList<>(writer.prepareCommit());
        return new Checkpoint(committables, writer.snapshotState(id));
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

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }

    @ParameterizedTest
    @EnumSource(RowGroupMode.class)
    void segmentsOfSnapshotsThatNeverCompletedAreDeletedOnRestoreAcrossRescales(RowGroupMode mode)
            throws Exception {
        PqxSink sink = sink(mode);
        TestingWriterContext first = new TestingWriterContext();
        TestingWriterContext second = first.rescaled(1, 2);
        // Parallelism 2: each subtask opens its partition's file; checkpoint 1 completes.
        List<PqxWriterState> atOne = new ArrayList<>();
        try (PqxSinkWriter w0 = (PqxSinkWriter) sink.createWriter(first.rescaled(0, 2));
                PqxSinkWriter w1 = (PqxSinkWriter) sink.createWriter(second)) {
            write(w0, "a", 0, 15);
            write(w1, "b", 0, 15);
            Checkpoint c0 = checkpoint(w0, 1);
            Checkpoint c1 = checkpoint(w1, 1);
            commit(c0.committables());
            commit(c1.committables());
            atOne.addAll(c0.state());
            atOne.addAll(c1.state());
            write(w0, "a", 15, 18); // lost with the failure, replayed
        }

        // Restored at parallelism 1: both files keep their names (the ids of the first attempts).
        TestingWriterContext third = second.rescaled(0, 1);
        List<PqxWriterState> atTwo;
        try (PqxSinkWriter restored = restore(sink, third.restoredFrom(1), atOne)) {
            write(restored, "a", 15, 23);
            write(restored, "b", 15, 23);
            Checkpoint two = checkpoint(restored, 2);
            commit(two.committables()); // checkpoint 2 completes
            atTwo = two.state();
            assertThat(atTwo.get(0).openFiles()).hasSize(2);
            // Checkpoints 3 and 4 (concurrent) snapshot, log new segments, and never complete.
            write(restored, "a", 23, 27);
            write(restored, "b", 23, 26);
            Checkpoint three = checkpoint(restored, 3);
            write(restored, "a", 27, 29);
            write(restored, "b", 26, 28);
            Checkpoint four = checkpoint(restored, 4);
            assertThat(three.committables()).isEmpty();
            assertThat(four.committables()).isEmpty();
            assertThat(four.state().get(0).openFiles())
                    .allSatisfy(
                            f ->
                                    assertThat(f.rowLogNext())
                                            .isGreaterThan(
                                                    atTwo.get(0).openFiles().stream()
                                                            .filter(
                                                                    g ->
                                                                            g.fileName()
                                                                                    .equals(
                                                                                            f
                                                                                                    .fileName()))
                                                            .findFirst()
                                                            .orElseThrow()
                                                            .rowLogNext()));
        }

        // Restored from checkpoint 2 at parallelism 2: subtask 0 gets the state, 1 gets none.
        // Both files close at once, before logging any segment of their own (end of input).
        List<PqxCommittable> last = new ArrayList<>();
        try (PqxSinkWriter x0 = restore(sink, third.rescaled(0, 2).restoredFrom(2), atTwo);
                PqxSinkWriter x1 = restore(sink, third.rescaled(1, 2).restoredFrom(2), List.of())) {
            write(x0, "a", 23, 30);
            write(x1, "b", 23, 30);
            x0.flush(true);
            x1.flush(true);
            last.addAll(x0.prepareCommit());
            last.addAll(x1.prepareCommit());
        }
        commit(last);

        assertThat(TestingSinkFiles.hidden(dir))
                .as("no hidden file (in-progress file or row-log segment) after the end")
                .isEmpty();
        List<Long> a = new ArrayList<>();
        List<Long> b = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir)) {
            List<Long> read = TestingSinkFiles.read(file, r -> r.getLong(0));
            (file.getParent().getFileName().toString().equals("p=a") ? a : b).addAll(read);
        }
        assertThat(a).containsExactlyInAnyOrderElementsOf(ids(0, 30));
        assertThat(b).containsExactlyInAnyOrderElementsOf(ids(0, 30));
    }
}
