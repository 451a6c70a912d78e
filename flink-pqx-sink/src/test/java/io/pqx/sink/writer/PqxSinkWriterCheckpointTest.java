package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkBuilder;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingCommitRequest;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.committer.PqxCommitter;
import io.pqx.sink.file.OpenFileState;
import io.pqx.sink.file.RowLogSegment;
import io.pqx.sink.options.OpenRowGroupPolicy;
import io.pqx.sink.options.RowGroupMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files open across checkpoints, one writer at a time: what a checkpoint persists and carries, how
 * a restored writer resumes (truncating what a failed attempt wrote after the checkpoint) and what
 * it cleans up.
 */
class PqxSinkWriterCheckpointTest {
    @TempDir Path dir;

    private PqxSinkBuilder builder() {
        return PqxSink.builder()
                .basePath(dir.toUri().toString())
                .rowType(PqxSinkWriterTest.TYPE)
                .partitionBy("p")
                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                .set(PqxSinkOptions.ROW_GROUP_ROWS, 10)
                .set(PqxSinkOptions.ROW_GROUP_MIN_ROWS, 1);
    }

    private static RowData row(long id, String p) {
        return GenericRowData.of(id, StringData.fromString(p));
    }

    private static void write(PqxSinkWriter writer, String p, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            writer.write(row(id, p), null);
        }
    }

    /** Commits through the sink's own committer, as Flink would once the checkpoint completes. */
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
        assertThat(requests)
                .as("commit outcomes")
                .allSatisfy(r -> assertThat(r.outcome).isEqualTo("committed"));
    }

    private static List<Long> rowGroupSizes(Path file) throws Exception {
        return TestingSinkFiles.footer(file).rowGroups().stream().map(g -> g.numRows()).toList();
    }

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }

    private List<Path> hiddenIn(String partition) throws Exception {
        return TestingSinkFiles.hidden(dir.resolve(partition));
    }

    @Test
    void aFileStaysOpenAcrossCheckpointsAndResumesWithExactRowGroupsAfterARestore()
            throws Exception {
        PqxSink sink = builder().build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            assertThat(writer.spansCheckpoints()).isTrue();
            write(writer, "a", 0, 25);
            writer.flush(false);
            assertThat(writer.prepareCommit()).as("nothing closes at a checkpoint").isEmpty();
            state = writer.snapshotState(1);
            assertThat(state)
                    .singleElement()
                    .satisfies(
                            s -> {
                                assertThat(s.writerId()).isEqualTo(writer.writerId());
                                assertThat(s.openFiles())
                                        .singleElement()
                                        .satisfies(
                                                f -> {
                                                    assertThat(f.partition()).isEqualTo("p=a");
                                                    assertThat(f.carriedRowCount())
                                                            .as("the open group's 5 rows")
                                                            .isEqualTo(5);
                                                    assertThat(f.rowLog())
                                                            .singleElement()
                                                            .satisfies(
                                                                    segment -> {
                                                                        assertThat(segment.rows())
                                                                                .isEqualTo(5);
                                                                        assertThat(
                                                                                        Files.size(
                                                                                                dir.resolve(
                                                                                                                "p=a")
                                                                                                        .resolve(
                                                                                                                segment
                                                                                                                        .name())))
                                                                                .isEqualTo(
                                                                                        segment
                                                                                                .bytes());
                                                                    });
                                                });
                            });
            assertThat(first.gauge("pqxCarriedBytes"))
                    .isEqualTo(state.get(0).openFiles().get(0).rowLog().get(0).bytes());
            // Work after the checkpoint that a failure loses: the source replays it.
            write(writer, "a", 25, 37);
        }
        assertThat(TestingSinkFiles.committed(dir)).isEmpty();

        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(first.nextAttempt(), state)) {
            write(restored, "a", 25, 41);
            restored.flush(true);
            List<PqxCommittable> committables = new ArrayList<>(restored.prepareCommit());
            assertThat(committables)
                    .singleElement()
                    .satisfies(
                            c -> {
                                assertThat(c.rowCount()).isEqualTo(41);
                                assertThat(c.fileName()).contains(state.get(0).writerId());
                            });
            commit(committables);
        }
        List<Path> files = TestingSinkFiles.committed(dir);
        assertThat(files).hasSize(1);
        assertThat(TestingSinkFiles.read(files.get(0), r -> r.getLong(0))).isEqualTo(ids(0, 41));
        assertThat(rowGroupSizes(files.get(0)))
                .as("exact mode across the restore: only the last group is short")
                .containsExactly(10L, 10L, 10L, 10L, 1L);
        assertThat(hiddenIn("p=a")).isEmpty();
    }

    @Test
    void aRestoreTruncatesWhatAFailedAttemptWroteAfterTheCheckpointByteForByte() throws Exception {
        PqxSink sink = builder().build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        byte[] persisted;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 30);
            writer.prepareCommit();
            state = writer.snapshotState(1);
            persisted = Files.readAllBytes(hiddenIn("p=a").get(0));
            assertThat(persisted.length).as("three row groups persisted").isGreaterThan(4);
            write(writer, "a", 30, 55);
            // A later checkpoint that never completes persists two more row groups.
            writer.prepareCommit();
            writer.snapshotState(2);
            write(writer, "a", 55, 58);
        }
        // The failed attempt wrote two more row groups after the checkpoint, and no footer.
        Path inProgress = hiddenIn("p=a").get(0);
        assertThat(Files.size(inProgress)).isGreaterThan(persisted.length);

        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(first.nextAttempt(), state)) {
            assertThat(hiddenIn("p=a")).containsExactly(inProgress);
            assertThat(Files.readAllBytes(inProgress))
                    .as("truncated back to the checkpoint, byte for byte")
                    .isEqualTo(persisted);
            write(restored, "a", 30, 45);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        Path file = TestingSinkFiles.committed(dir).get(0);
        byte[] committed = Files.readAllBytes(file);
        byte[] prefix = Arrays.copyOf(committed, persisted.length);
        assertThat(prefix)
                .as("the committed file continues the persisted bytes")
                .isEqualTo(persisted);
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0))).isEqualTo(ids(0, 45));
        assertThat(rowGroupSizes(file)).containsExactly(10L, 10L, 10L, 10L, 5L);
    }

    @Test
    void aRestoreDeletesOnlyTheInProgressFilesThatNoStateOrCommittableNames() throws Exception {
        PqxSink sink = builder().set(PqxSinkOptions.MAX_OPEN_FILES, 2).build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        List<PqxCommittable> pendingAtCheckpoint;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 5);
            write(writer, "b", 0, 5);
            write(writer, "c", 0, 5); // evicts a: closed, committed by the checkpoint
            pendingAtCheckpoint = new ArrayList<>(writer.prepareCommit());
            state = writer.snapshotState(1); // b and c open
            write(writer, "d", 0, 5); // opened after the checkpoint: an orphan after a failure
        }
        assertThat(pendingAtCheckpoint)
                .extracting(PqxCommittable::partition)
                .containsExactly("p=a");
        // Another writer's in-progress file in the same directory (another job, another sink).
        Path foreign =
                dir.resolve("p=d")
                        .resolve(
                                ".part-00000000-0000-0000-0000-000000000000-0-0.parquet.inprogress.x");
        Files.write(foreign, new byte[] {1});
        assertThat(hiddenIn("p=d")).hasSize(2);

        TestingWriterContext second = first.nextAttempt();
        try (PqxSinkWriter restored = (PqxSinkWriter) sink.restoreWriter(second, state)) {
            assertThat(second.counter("pqxOrphanFilesCleaned")).isEqualTo(1);
            assertThat(hiddenIn("p=d")).containsExactly(foreign);
            assertThat(hiddenIn("p=a")).as("the checkpoint's committable").hasSize(1);
            assertThat(hiddenIn("p=b")).as("in-progress file and its logged rows").hasSize(2);
            assertThat(hiddenIn("p=c")).as("in-progress file and its logged rows").hasSize(2);
            // This attempt also fails before its first checkpoint, leaving a file no state names.
            write(restored, "e", 0, 5);
        }
        assertThat(hiddenIn("p=e")).hasSize(1);

        TestingWriterContext third = second.nextAttempt();
        try (PqxSinkWriter restored = (PqxSinkWriter) sink.restoreWriter(third, state)) {
            assertThat(third.counter("pqxOrphanFilesCleaned"))
                    .as("the stateless attempt's file")
                    .isEqualTo(1);
            assertThat(hiddenIn("p=e")).isEmpty();
            assertThat(hiddenIn("p=d")).containsExactly(foreign);
            write(restored, "b", 5, 8);
            restored.flush(true);
            List<PqxCommittable> done = new ArrayList<>(restored.prepareCommit());
            done.addAll(pendingAtCheckpoint);
            commit(done);
        }
        assertThat(TestingSinkFiles.committed(dir)).hasSize(3);
        long rows = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            rows += TestingSinkFiles.footer(file).numRows();
        }
        assertThat(rows).isEqualTo(5 + 8 + 5);
    }

    @Test
    void flushWritesTheOpenRowGroupAtEachCheckpointAndCarriesNothing() throws Exception {
        PqxSink sink =
                builder()
                        .set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE)
                        .set(PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP, OpenRowGroupPolicy.FLUSH)
                        .build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 4);
            writer.prepareCommit();
            state = writer.snapshotState(1);
            assertThat(state.get(0).openFiles().get(0).rowLog()).isEmpty();
            assertThat(state.get(0).openFiles().get(0).carriedRowCount()).isZero();
            assertThat(hiddenIn("p=a")).as("the in-progress file alone: nothing logged").hasSize(1);
        }
        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(first.nextAttempt(), state)) {
            write(restored, "a", 4, 9);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        Path file = TestingSinkFiles.committed(dir).get(0);
        assertThat(rowGroupSizes(file)).containsExactly(4L, 5L);
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0))).isEqualTo(ids(0, 9));
    }

    @Test
    void approximateModeCarriesItsHeldRowsAcrossARestore() throws Exception {
        PqxSink sink =
                builder().set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE).build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 15);
            writer.prepareCommit();
            state = writer.snapshotState(1);
            write(writer, "a", 15, 18);
        }
        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(first.nextAttempt(), state)) {
            write(restored, "a", 15, 40);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        Path file = TestingSinkFiles.committed(dir).get(0);
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0))).isEqualTo(ids(0, 40));
        assertThat(rowGroupSizes(file)).containsExactly(10L, 10L, 10L, 10L);
    }

    @Test
    void aCheckpointLogsOnlyTheRowsThatArrivedSinceTheLastOne() throws Exception {
        PqxSink sink = builder().build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> second;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 5);
            writer.prepareCommit();
            OpenFileState one = writer.snapshotState(1).get(0).openFiles().get(0);
            assertThat(one.rowLog()).extracting(RowLogSegment::rows).containsExactly(5L);
            write(writer, "a", 5, 8);
            writer.prepareCommit();
            second = writer.snapshotState(2);
            OpenFileState two = second.get(0).openFiles().get(0);
            assertThat(two.rowLog())
                    .as("checkpoint 2 wrote a segment of its 3 new rows, not the group again")
                    .extracting(RowLogSegment::rows)
                    .containsExactly(5L, 3L);
            assertThat(two.rowLog().get(0)).isEqualTo(one.rowLog().get(0));
            write(writer, "a", 8, 14); // the group is cut at 10: its log is obsolete
            writer.prepareCommit();
            OpenFileState three = writer.snapshotState(3).get(0).openFiles().get(0);
            assertThat(three.rowLog()).extracting(RowLogSegment::rows).containsExactly(4L);
            assertThat(three.rowLog().get(0).name()).endsWith(".rows-2");
            assertThat(three.rowLogNext()).isEqualTo(3);
            assertThat(hiddenIn("p=a"))
                    .as("the in-progress file and 3 segments (deleted once the file is published)")
                    .hasSize(4);
        }
        // Restored from checkpoint 2: the segments of checkpoint 3 are no one's now.
        TestingWriterContext again = first.nextAttempt();
        try (PqxSinkWriter restored = (PqxSinkWriter) sink.restoreWriter(again, second)) {
            assertThat(again.counter("pqxOrphanFilesCleaned")).as("segment 2").isEqualTo(1);
            write(restored, "a", 8, 23);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        Path file = TestingSinkFiles.committed(dir).get(0);
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0))).isEqualTo(ids(0, 23));
        assertThat(rowGroupSizes(file)).containsExactly(10L, 10L, 3L);
        assertThat(hiddenIn("p=a")).as("segments deleted with the commit").isEmpty();
    }

    @Test
    void approximateModeLogsTheHeldRowsThatAPartialCutLeaves() throws Exception {
        PqxSink sink =
                builder().set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE).build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 15);
            writer.prepareCommit();
            writer.snapshotState(1); // logs rows 0..14
            write(writer, "a", 15, 20); // 20 held: rows 0..9 cut, 10..19 held, 10..14 logged
            writer.prepareCommit();
            state = writer.snapshotState(2);
            OpenFileState file = state.get(0).openFiles().get(0);
            assertThat(file.rowLog()).extracting(RowLogSegment::rows).containsExactly(15L, 5L);
            assertThat(file.rowLogSkip()).isEqualTo(10);
            assertThat(file.carriedRowCount()).isEqualTo(10);
            write(writer, "a", 20, 26);
        }
        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(first.nextAttempt(), state)) {
            write(restored, "a", 20, 40);
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        Path file = TestingSinkFiles.committed(dir).get(0);
        assertThat(TestingSinkFiles.read(file, r -> r.getLong(0))).isEqualTo(ids(0, 40));
        assertThat(rowGroupSizes(file)).containsExactly(10L, 10L, 10L, 10L);
        assertThat(hiddenIn("p=a")).isEmpty();
    }

    @Test
    void aDamagedOrMissingSegmentFailsTheRestoreNamingIt() throws Exception {
        PqxSink sink = builder().build();
        TestingWriterContext first = new TestingWriterContext();
        List<PqxWriterState> state;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(first)) {
            write(writer, "a", 0, 5);
            writer.prepareCommit();
            state = writer.snapshotState(1);
        }
        String name = state.get(0).openFiles().get(0).rowLog().get(0).name();
        Path segment = dir.resolve("p=a").resolve(name);
        byte[] good = Files.readAllBytes(segment);
        byte[] damaged = good.clone();
        damaged[damaged.length / 2] ^= 0x10;
        Files.write(segment, damaged);
        assertThatThrownBy(() -> sink.restoreWriter(first.nextAttempt(), state))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(name)
                .hasMessageContaining("CRC-32");
        Files.write(segment, Arrays.copyOf(good, good.length - 1));
        assertThatThrownBy(() -> sink.restoreWriter(first.nextAttempt(), state))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(name)
                .hasMessageContaining("the checkpoint says " + good.length);
        Files.delete(segment);
        assertThatThrownBy(() -> sink.restoreWriter(first.nextAttempt(), state))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(name)
                .hasMessageContaining("missing");
        Files.write(segment, good);
        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(first.nextAttempt(), state)) {
            restored.flush(true);
            commit(restored.prepareCommit());
        }
        assertThat(TestingSinkFiles.read(TestingSinkFiles.committed(dir).get(0), r -> r.getLong(0)))
                .isEqualTo(ids(0, 5));
    }

    @Test
    void exactModeRefusesFlush() {
        assertThatThrownBy(
                        () ->
                                builder()
                                        .set(
                                                PqxSinkOptions.CHECKPOINT_OPEN_ROW_GROUP,
                                                OpenRowGroupPolicy.FLUSH)
                                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sink.checkpoint.open-row-group must not be flush in exact");
    }

    @Test
    void rollingOnCheckpointClosesEveryFileAtEachCheckpoint() throws Exception {
        PqxSink sink = builder().set(PqxSinkOptions.ROLL_ON_CHECKPOINT, true).build();
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(new TestingWriterContext())) {
            assertThat(writer.spansCheckpoints()).isFalse();
            write(writer, "a", 0, 5);
            write(writer, "b", 0, 5);
            assertThat(writer.prepareCommit()).hasSize(2);
            assertThat(writer.snapshotState(1).get(0).openFiles()).isEmpty();
        }
    }

    @Test
    void aRescaleThatBringsTwoFilesOfOnePartitionKeepsOneOpenAndClosesTheOther() throws Exception {
        PqxSink sink = builder().build();
        List<PqxWriterState> states = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            try (PqxSinkWriter writer =
                    (PqxSinkWriter) sink.createWriter(new TestingWriterContext())) {
                write(writer, "a", subtask * 100, subtask * 100 + 12);
                writer.prepareCommit();
                states.addAll(writer.snapshotState(1));
            }
        }
        try (PqxSinkWriter restored =
                (PqxSinkWriter) sink.restoreWriter(new TestingWriterContext(), states)) {
            List<PqxCommittable> closed = new ArrayList<>(restored.prepareCommit());
            assertThat(closed)
                    .singleElement()
                    .satisfies(c -> assertThat(c.rowCount()).isEqualTo(12));
            write(restored, "a", 200, 203);
            restored.flush(true);
            closed.addAll(restored.prepareCommit());
            commit(closed);
        }
        List<Long> all = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir)) {
            all.addAll(TestingSinkFiles.read(file, r -> r.getLong(0)));
        }
        assertThat(all)
                .containsExactlyInAnyOrderElementsOf(
                        List.of(
                                0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 100L, 101L, 102L,
                                103L, 104L, 105L, 106L, 107L, 108L, 109L, 110L, 111L, 200L, 201L,
                                202L));
    }

    /**
     * An open file's entry in the writer state is bounded: with 10-row groups every checkpoint adds
     * a hundred row groups' footer entries and page indexes to it; once the entry passes {@link
     * PqxSinkWriter#MAX_FILE_STATE_BYTES} the file closes at the next checkpoint and a new one
     * takes the partition's rows.
     */
    @Test
    void aFileWhoseStateEntryPassesTheBoundClosesAtTheNextCheckpoint() throws Exception {
        PqxSink sink = builder().build();
        long largest = 0;
        List<PqxCommittable> closed = new ArrayList<>();
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(new TestingWriterContext())) {
            for (long checkpoint = 1; checkpoint <= 40; checkpoint++) {
                write(writer, "a", (checkpoint - 1) * 1_000, checkpoint * 1_000);
                writer.flush(false);
                closed.addAll(writer.prepareCommit());
                List<PqxWriterState> state = writer.snapshotState(checkpoint);
                largest =
                        Math.max(
                                largest,
                                PqxWriterStateSerializer.INSTANCE.serialize(state.get(0)).length);
            }
            writer.flush(true);
            closed.addAll(writer.prepareCommit());
        }
        assertThat(closed.size()).as("files closed by the bound, and the last").isGreaterThan(1);
        assertThat(largest)
                .as("largest state: the bound plus one checkpoint interval's row groups")
                .isLessThanOrEqualTo(PqxSinkWriter.MAX_FILE_STATE_BYTES + (64 << 10));
        commit(closed);
        List<Long> all = new ArrayList<>();
        for (Path file : TestingSinkFiles.committed(dir)) {
            all.addAll(TestingSinkFiles.read(file, r -> r.getLong(0)));
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(ids(0, 40_000));
    }
}
