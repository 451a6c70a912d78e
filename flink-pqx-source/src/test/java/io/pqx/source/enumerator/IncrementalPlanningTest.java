package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The enumerator plans in batches: splits are handed out as soon as their batch is planned, no
 * reader hears "no more splits" while files wait, planning pauses at the pending bound, a
 * checkpoint taken while planning restores every file once, and the state holds the work left, not
 * the work done.
 */
class IncrementalPlanningTest {
    private static final long T0 = 1_700_000_000_000L;

    @TempDir Path dir;

    private EnumeratorSettings settings(long intervalMillis, int batchFiles, int maxPending) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(dir.toUri().toString())),
                new EnumeratorSettings.Discovery(intervalMillis, 60 * 60_000L, false),
                new EnumeratorSettings.Planning(1, 2, 16, batchFiles, maxPending),
                EnumeratorSettings.Filtering.none(new RowType(List.of())));
    }

    /** Files of 2 row groups each (2 splits at a 1-byte target), copies of one written file. */
    private List<Path> files(String prefix, int count) throws IOException {
        Path template = TestingSourceFiles.writeOrders(dir.resolve(".template"), 0, 20, 10);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path p = dir.resolve(String.format("%s%05d.parquet", prefix, i));
            Files.copy(template, p);
            Files.setLastModifiedTime(p, FileTime.fromMillis(T0));
            files.add(p);
        }
        Files.delete(template);
        return files;
    }

    private static Set<String> names(List<RowGroupSplit> splits) {
        return splits.stream()
                .map(s -> s.path().substring(s.path().lastIndexOf('/') + 1))
                .collect(Collectors.toSet());
    }

    /** Lets every registered reader ask until a round assigns nothing more. */
    private static void drain(PqxSplitEnumerator e, TestingEnumeratorContext ctx) {
        int before;
        do {
            before = ctx.allAssigned().size();
            for (int r : ctx.registeredReaders().keySet()) {
                e.handleSplitRequest(r, null);
            }
        } while (ctx.allAssigned().size() > before);
    }

    @Test
    void aReaderGetsASplitBeforeTheOtherFootersAreRead() throws Exception {
        files("a", 2);
        // a file whose footer cannot be read: the job fails when its batch is planned, not before
        Files.write(dir.resolve("b-broken.parquet"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 1, 100), null)) {
            e.start();
            e.handleSplitRequest(0, null);
            ctx.runAsync(); // the listing and the first batch: one footer read
            assertThat(names(ctx.allAssigned())).containsExactly("a00000.parquet");
            assertThat(e.snapshotState(1).unplannedFiles())
                    .extracting(f -> f.path().substring(f.path().lastIndexOf('/') + 1))
                    .containsExactly("a00001.parquet", "b-broken.parquet");
            drain(e, ctx);
            ctx.runAsync();
            drain(e, ctx);
            assertThat(names(ctx.allAssigned()))
                    .containsExactlyInAnyOrder("a00000.parquet", "a00001.parquet");
            assertThat(ctx.allAssigned()).hasSize(4);
            assertThatThrownBy(ctx::runAsync)
                    .hasMessageContaining("Cannot plan the files of pqx source")
                    .hasMessageContaining("b-broken.parquet");
        }
    }

    @Test
    void noReaderIsToldThereAreNoMoreSplitsWhileFilesWaitToBePlanned() throws Exception {
        files("f", 3);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(2);
        ctx.registerReader(0);
        ctx.registerReader(1);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 1, 100), null)) {
            e.start();
            e.handleSplitRequest(0, null);
            e.handleSplitRequest(1, null);
            for (int batch = 1; batch <= 3; batch++) {
                ctx.runAsync();
                drain(e, ctx);
                assertThat(ctx.allAssigned()).hasSize(2 * batch);
                if (batch < 3) {
                    assertThat(ctx.noMoreSplits)
                            .as("files wait to be planned after batch %d", batch)
                            .isEmpty();
                }
            }
            assertThat(ctx.noMoreSplits).containsExactly(0, 1);
            assertThat(ctx.allAssigned()).doesNotHaveDuplicates();
            assertThat(names(ctx.allAssigned()))
                    .containsExactlyInAnyOrder(
                            "f00000.parquet", "f00001.parquet", "f00002.parquet");
        }
    }

    @Test
    void planningPausesAtThePendingBoundAndResumesAsReadersTakeSplits() throws Exception {
        files("f", 4);
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 1, 2), null)) {
            e.start();
            ctx.runAsync();
            assertThat(e.snapshotState(1).pendingSplits()).hasSize(2);
            assertThat(ctx.hasOneShotCalls()).as("2 splits pending: planning pauses").isFalse();
            e.handleSplitRequest(0, null);
            assertThat(ctx.hasOneShotCalls()).as("a split taken: the next batch starts").isTrue();
            ctx.runAsync();
            assertThat(e.snapshotState(2).pendingSplits()).hasSize(3);
            assertThat(e.snapshotState(2).unplannedFiles()).hasSize(2);
            drain(e, ctx);
            while (ctx.hasOneShotCalls()) {
                ctx.runAsync();
                drain(e, ctx);
            }
            assertThat(ctx.allAssigned()).hasSize(8).doesNotHaveDuplicates();
            assertThat(ctx.noMoreSplits).containsExactly(0);
        }
    }

    @Test
    void aBoundedCheckpointTakenWhileABatchIsPlannedRestoresEveryFileOnce() throws Exception {
        files("f", 7);
        Set<RowGroupSplit> read = new HashSet<>();
        List<RowGroupSplit> readList = new ArrayList<>();
        PqxEnumeratorState[] state = new PqxEnumeratorState[1];
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 2, 100), null)) {
            e.start();
            ctx.runAsync(); // listing + files 0 and 1
            e.handleSplitRequest(0, null);
            e.handleSplitRequest(0, null);
            e.handleSplitRequest(0, null);
            // files 2 and 3 are read; the checkpoint comes before their splits are pending
            ctx.runAsync(() -> state[0] = e.snapshotState(1));
            readList.addAll(ctx.allAssigned()); // in the reader's checkpoint
        }
        assertThat(state[0].unplannedFiles()).hasSize(5);
        assertThat(state[0].pendingSplits()).hasSize(1);
        PqxEnumeratorState restored = roundTrip(state[0]);
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx2, settings(0, 2, 100), restored)) {
            e.start();
            do {
                ctx2.runAsync();
                drain(e, ctx2);
            } while (ctx2.hasOneShotCalls());
            readList.addAll(ctx2.allAssigned());
            assertThat(ctx2.noMoreSplits).containsExactly(0);
        }
        read.addAll(readList);
        assertThat(readList).as("no split read twice").hasSize(read.size()).hasSize(14);
        assertThat(names(readList)).hasSize(7);
    }

    @Test
    void aContinuousCheckpointTakenWhilePlanningRestoresEveryFileOnceAndListsThemNoMore()
            throws Exception {
        files("f", 6);
        List<RowGroupSplit> read = new ArrayList<>();
        PqxEnumeratorState state;
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(1000, 2, 100), null)) {
            e.start();
            ctx.runAsync(); // listing + files 0 and 1
            drain(e, ctx);
            state = e.snapshotState(1);
            read.addAll(ctx.allAssigned());
        }
        assertThat(state.unplannedFiles()).hasSize(4);
        assertThat(state.seenFiles()).as("queued files are seen: never listed as new").hasSize(6);
        Path late = files("g", 1).get(0); // appears while the job is down
        TestingEnumeratorContext ctx2 = new TestingEnumeratorContext(1);
        ctx2.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(ctx2, settings(1000, 2, 100), roundTrip(state))) {
            e.start();
            for (int i = 0; i < 5; i++) {
                ctx2.runAsync(); // the periodic listing and the planning of the queue
                drain(e, ctx2);
            }
            read.addAll(ctx2.allAssigned());
            assertThat(e.snapshotState(2).unplannedFiles()).isEmpty();
        }
        assertThat(read).hasSize(14).doesNotHaveDuplicates();
        assertThat(names(read)).hasSize(7).contains(late.getFileName().toString());
    }

    @Test
    void theCheckpointHoldsTheFilesLeftNotTheFilesFinished() throws Exception {
        // 20 and 1,020 files; the state when the same 10 are left is the same, byte for byte
        byte[] few = stateWithTenLeft("d1", 20);
        byte[] many = stateWithTenLeft("d2", 1020);
        assertThat(many).hasSameSizeAs(few);
    }

    /** Hands out one split per file until 10 files are left; their state's bytes. */
    private byte[] stateWithTenLeft(String sub, int count) throws Exception {
        Path base = dir;
        dir = Files.createDirectory(base.resolve(sub));
        try {
            Path template = TestingSourceFiles.writeOrders(dir.resolve(".template"), 0, 3, 10);
            for (int i = 0; i < count; i++) {
                Path p = dir.resolve(String.format("part-%05d.parquet", i));
                Files.copy(template, p);
                Files.setLastModifiedTime(p, FileTime.fromMillis(T0));
            }
            TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
            ctx.registerReader(0);
            try (PqxSplitEnumerator e = new PqxSplitEnumerator(ctx, settings(0, 4, 8), null)) {
                e.start();
                ctx.runAsyncUntilIdle();
                if (count > 1000) {
                    byte[] listed = PqxEnumeratorState.serializer().serialize(e.snapshotState(1));
                    assertThat(listed.length)
                            .as("listed, 8 files planned: the others cost a few bytes each")
                            .isLessThan(count * 24);
                }
                for (int handedOut = 0; handedOut < count - 10; handedOut++) {
                    e.handleSplitRequest(0, null);
                    ctx.runAsyncUntilIdle();
                }
                PqxEnumeratorState state = e.snapshotState(2);
                assertThat(state.pendingSplits().size() + state.unplannedFiles().size())
                        .isEqualTo(10);
                return PqxEnumeratorState.serializer().serialize(state);
            }
        } finally {
            dir = base;
        }
    }

    private static PqxEnumeratorState roundTrip(PqxEnumeratorState state) throws IOException {
        return PqxEnumeratorState.serializer()
                .deserialize(
                        PqxEnumeratorState.serializer().getVersion(),
                        PqxEnumeratorState.serializer().serialize(state));
    }
}
