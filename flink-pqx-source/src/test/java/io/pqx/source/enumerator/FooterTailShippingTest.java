package io.pqx.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetTail;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The enumerator sends the footer tail it read with the first split of each file on a distributed
 * file system, once per file, within its byte budget; it holds no tail once the split is sent, and
 * its checkpoint holds none.
 */
class FooterTailShippingTest {
    // the local file system under a scheme that reports itself distributed (reader tests' own)
    private static final String DISTRIBUTED = "rangerecord://";

    @TempDir Path dir;

    private EnumeratorSettings settings(String root, int tailMaxBytes, long tailsHeldBytes) {
        return new EnumeratorSettings(
                EnumeratorSettings.Files.of(List.of(root)),
                EnumeratorSettings.Discovery.bounded(),
                new EnumeratorSettings.Planning(1, 2, 16, 256, 4096, tailMaxBytes, tailsHeldBytes),
                EnumeratorSettings.Filtering.none(new RowType(List.of())));
    }

    /** Two files of 2 row groups each: 2 splits each at a 1-byte target. */
    private void twoFiles() throws IOException {
        TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 20, 10);
        TestingSourceFiles.writeOrders(dir.resolve("b.parquet"), 20, 40, 10);
    }

    private String distributedRoot() {
        return DISTRIBUTED + dir.toAbsolutePath();
    }

    private static List<RowGroupSplit> drain(PqxSplitEnumerator e, TestingEnumeratorContext ctx) {
        int before;
        do {
            before = ctx.allAssigned().size();
            for (int r : ctx.registeredReaders().keySet()) {
                e.handleSplitRequest(r, null);
            }
        } while (ctx.allAssigned().size() > before);
        return ctx.allAssigned();
    }

    @Test
    void eachFilesFirstSplitCarriesItsTailOnceAndNothingIsHeldAfterwards() throws Exception {
        twoFiles();
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(2);
        ctx.registerReader(0);
        ctx.registerReader(1);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(ctx, settings(distributedRoot(), 1 << 20, 1 << 20), null)) {
            e.start();
            ctx.runAsync();
            assertThat(e.footerTails().heldBytes())
                    .as("held for the two files' first splits")
                    .isPositive();
            List<RowGroupSplit> sent = drain(e, ctx);
            assertThat(sent).hasSize(4);

            Map<String, List<ParquetTail>> tails = new HashMap<>();
            for (RowGroupSplit split : sent) {
                List<ParquetTail> ofFile =
                        tails.computeIfAbsent(split.path(), k -> new ArrayList<>());
                split.footerTail().ifPresent(ofFile::add);
                if (split.firstRowGroup() == 0) {
                    assertThat(split.footerTail()).as("the first split of " + split).isPresent();
                }
            }
            assertThat(tails).hasSize(2);
            for (List<ParquetTail> ofFile : tails.values()) {
                assertThat(ofFile).as("one tail per file").hasSize(1);
            }
            for (RowGroupSplit split : sent) {
                split.footerTail()
                        .ifPresent(t -> assertThat(t.fileLength()).isEqualTo(split.fileLength()));
            }
            assertThat(e.footerTails().tailsShipped()).isEqualTo(2);
            assertThat(e.footerTails().heldBytes()).as("nothing held once sent").isZero();
        }
    }

    @Test
    void theCheckpointHoldsNoTailAndIsAsLargeAsWithoutTails() throws Exception {
        twoFiles();
        byte[] withTails = checkpointWithEverythingPending(1 << 20);
        byte[] withoutTails = checkpointWithEverythingPending(0);
        assertThat(withTails).isEqualTo(withoutTails);
        PqxEnumeratorState restored =
                PqxEnumeratorState.serializer()
                        .deserialize(PqxEnumeratorState.serializer().getVersion(), withTails);
        assertThat(restored.pendingSplits()).hasSize(4);
        assertThat(restored.pendingSplits()).allMatch(s -> s.footerTail().isEmpty());
    }

    private byte[] checkpointWithEverythingPending(int tailMaxBytes) throws Exception {
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        ctx, settings(distributedRoot(), tailMaxBytes, 1 << 20), null)) {
            e.start();
            ctx.runAsync();
            PqxEnumeratorState state = e.snapshotState(1);
            assertThat(state.pendingSplits()).hasSize(4);
            assertThat(state.pendingSplits().stream().filter(s -> s.footerTail().isPresent()))
                    .hasSize(tailMaxBytes > 0 ? 2 : 0);
            return PqxEnumeratorState.serializer().serialize(state);
        }
    }

    @Test
    void tailsOverTheBudgetOrOfLocalFilesAreNotKept() throws Exception {
        twoFiles();
        long oneFile = Files.size(dir.resolve("a.parquet"));
        TestingEnumeratorContext ctx = new TestingEnumeratorContext(1);
        ctx.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(ctx, settings(distributedRoot(), 1 << 20, oneFile), null)) {
            e.start();
            ctx.runAsync();
            List<RowGroupSplit> sent = drain(e, ctx);
            assertThat(sent.stream().filter(s -> s.footerTail().isPresent()))
                    .as("the budget holds one file's tail, not two")
                    .hasSize(1);
            assertThat(e.footerTails().heldBytes()).isZero();
        }

        TestingEnumeratorContext local = new TestingEnumeratorContext(1);
        local.registerReader(0);
        try (PqxSplitEnumerator e =
                new PqxSplitEnumerator(
                        local, settings(dir.toUri().toString(), 1 << 20, 1 << 20), null)) {
            e.start();
            local.runAsync();
            List<RowGroupSplit> sent = drain(e, local);
            assertThat(sent).hasSize(4).allMatch(s -> s.footerTail().isEmpty());
            assertThat(e.footerTails().heldBytes()).isZero();
        }
    }
}
