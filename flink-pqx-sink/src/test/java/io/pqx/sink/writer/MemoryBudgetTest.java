package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.committer.PqxCommittable;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The subtask-wide memory budget: 40 partitions written row by row with incompressible 2 KiB values
 * would hold ~26 MiB in open row groups, over a 16 MiB budget; the sink frees memory largest first
 * (cuts in approximate mode, closes in exact mode), stays within the budget, and loses or
 * duplicates no row.
 */
class MemoryBudgetTest {
    private static final int PARTITIONS = 40;
    private static final int ROWS = 13_000;
    private static final long BUDGET = MemorySize.parse("16 mb").getBytes();

    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "p", "payload"});

    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(RowGroupMode.class)
    void manyOpenFilesStayWithinTheBudget(RowGroupMode mode) throws Exception {
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TYPE)
                        .partitionBy("p")
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .set(PqxSinkOptions.ROW_GROUP_MODE, mode)
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, 1_000_000)
                        // forced cuts take no group under the floor: these hold some 75 rows each
                        .set(PqxSinkOptions.ROW_GROUP_MIN_ROWS, 10)
                        .set(PqxSinkOptions.MAX_OPEN_FILES, 100)
                        .set(PqxSinkOptions.MEMORY_BUDGET, MemorySize.parse("16 mb"))
                        .build();
        TestingWriterContext context = new TestingWriterContext();
        Random random = new Random(7);
        List<PqxCommittable> committables = new ArrayList<>();
        long peak = 0;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(context)) {
            for (long id = 0; id < ROWS; id++) {
                writer.write(
                        GenericRowData.of(
                                id,
                                StringData.fromString("p" + (id % PARTITIONS)),
                                StringData.fromString(text(random))),
                        null);
                long held = (Long) context.gauge("pqxHeldBytes");
                assertThat(held).as("held after the budget's check").isLessThanOrEqualTo(BUDGET);
                peak = Math.max(peak, held);
                if (id % 3000 == 0) {
                    committables.addAll(writer.prepareCommit());
                    writer.snapshotState(id);
                }
            }
            writer.flush(true);
            committables.addAll(writer.prepareCommit());
        }
        assertThat(peak).as("the files did hold a lot").isGreaterThan(BUDGET / 2);
        long cuts = context.counter("pqxForcedRowGroupCuts");
        long closes = context.counter("pqxForcedFileCloses");
        if (mode == RowGroupMode.APPROXIMATE) {
            assertThat(cuts).isGreaterThan(0);
            assertThat(closes).isZero();
        } else {
            assertThat(closes).isGreaterThan(0);
            assertThat(cuts).isZero();
            assertThat(context.counter("pqxRowLogSpills"))
                    .as("rows kept only until a checkpoint logs them are logged first")
                    .isGreaterThan(0);
            assertThat(context.counter("pqxRowLogSpilledRows")).isGreaterThan(0);
            assertThat(context.counter("pqxRowLogSpilledBytes"))
                    .as("the spilled rows' 2 KiB payloads at least")
                    .isGreaterThan(2048 * context.counter("pqxRowLogSpilledRows"));
            assertThat(committables).hasSizeGreaterThan(PARTITIONS);
        }
        RecoverableWriter recoverable = FileSystem.getLocalFileSystem().createRecoverableWriter();
        for (PqxCommittable c : committables) {
            recoverable.recoverForCommit(c.recoverable()).commitAfterRecovery();
        }
        BitSet seen = new BitSet();
        long total = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                assertThat(seen.get((int) id)).as("row %d twice", id).isFalse();
                seen.set((int) id);
                total++;
            }
            if (mode == RowGroupMode.APPROXIMATE) {
                List<Long> groups =
                        TestingSinkFiles.footer(file).rowGroups().stream()
                                .map(g -> g.numRows())
                                .toList();
                assertThat(groups.subList(0, groups.size() - 1))
                        .as("forced cuts take no fewer rows than the floor (%s)", file)
                        .allSatisfy(g -> assertThat(g).isGreaterThanOrEqualTo(10L));
            }
        }
        assertThat(total).isEqualTo(ROWS);
    }

    @Test
    void dictionariesThatWillNotPayAreGivenUpBeforeFilesClose() throws Exception {
        RowType distinct =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(false),
                            new VarCharType(false, VarCharType.MAX_LENGTH),
                            new VarCharType(false, VarCharType.MAX_LENGTH)
                        },
                        new String[] {"id", "p", "name"});
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(distinct)
                        .partitionBy("p")
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .set(PqxSinkOptions.MAX_OPEN_FILES, 100)
                        .set(PqxSinkOptions.MEMORY_BUDGET, MemorySize.parse("16 mb"))
                        .build();
        TestingWriterContext context = new TestingWriterContext();
        List<PqxCommittable> committables = new ArrayList<>();
        int rows = 450_000;
        try (PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(context)) {
            for (long id = 0; id < rows; id++) {
                // every id and name distinct: their dictionaries cannot pay
                writer.write(
                        GenericRowData.of(
                                id,
                                StringData.fromString("p" + (id % 30)),
                                StringData.fromString(
                                        "name-" + Long.toHexString(id * 0x9E3779B97F4A7C15L))),
                        null);
            }
            writer.flush(true);
            committables.addAll(writer.prepareCommit());
        }
        assertThat(context.counter("pqxDictionariesGivenUp"))
                .as("the id and name dictionaries of the first pages")
                .isGreaterThan(0);
        RecoverableWriter recoverable = FileSystem.getLocalFileSystem().createRecoverableWriter();
        for (PqxCommittable c : committables) {
            recoverable.recoverForCommit(c.recoverable()).commitAfterRecovery();
        }
        BitSet seen = new BitSet();
        long total = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                assertThat(seen.get((int) id)).as("row %d twice", id).isFalse();
                seen.set((int) id);
                total++;
            }
        }
        assertThat(total).isEqualTo(rows);
    }

    /**
     * The worst case: the smallest budget the sink accepts (16 mb), approximate mode, as many
     * partitions interleaved row by row as the open-file limit allows (200), rows of about 300
     * bytes, checkpoints throughout and a failure between a snapshot and its completion. The budget
     * cannot hold 200 open row groups of sane size: no forced cut may take fewer rows than the
     * floor, files close instead, and the writer state stays small per open file. (Before the
     * floor, every check cut every open group: groups of 2 or 3 rows, and footer entries in the
     * state growing with each.)
     */
    @Test
    void theSmallestBudgetOverTheOpenFileLimitKeepsRowGroupsAboveTheFloorAndStateSmall()
            throws Exception {
        int partitions = 200;
        int floor = 500;
        int rows = 60_000;
        PqxSink sink =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TYPE)
                        .partitionBy("p")
                        .set(PqxSinkOptions.ENCODING_THREADS, 1)
                        .set(PqxSinkOptions.ROW_GROUP_MODE, RowGroupMode.APPROXIMATE)
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, 5_000)
                        .set(PqxSinkOptions.ROW_GROUP_MIN_ROWS, floor)
                        .set(PqxSinkOptions.MAX_OPEN_FILES, partitions)
                        .set(PqxSinkOptions.MEMORY_BUDGET, MemorySize.parse("16 mb"))
                        .build();
        TestingWriterContext context = new TestingWriterContext();
        Random random = new Random(11);
        List<String> payloads = new ArrayList<>();
        for (int i = 0; i < 1024; i++) {
            payloads.add(text(random).substring(0, 300));
        }
        List<PqxCommittable> committables = new ArrayList<>();
        long largestStatePerFile = 0;
        long largestState = 0;
        int failAt = rows / 2;
        List<PqxWriterState> completed = List.of();
        long completedAt = 0;
        PqxSinkWriter writer = (PqxSinkWriter) sink.createWriter(context);
        try {
            long id = 0;
            boolean failed = false;
            while (id < rows) {
                writer.write(
                        GenericRowData.of(
                                id,
                                StringData.fromString("p" + (id % partitions)),
                                StringData.fromString(payloads.get((int) (id % 1024)))),
                        null);
                id++;
                if (id % 2_000 == 0) {
                    List<PqxCommittable> fromCheckpoint = new ArrayList<>(writer.prepareCommit());
                    List<PqxWriterState> state = writer.snapshotState(id);
                    long bytes = PqxWriterStateSerializer.INSTANCE.serialize(state.get(0)).length;
                    largestState = Math.max(largestState, bytes);
                    int files = Math.max(1, state.get(0).openFiles().size());
                    largestStatePerFile = Math.max(largestStatePerFile, bytes / files);
                    if (!failed && id >= failAt) {
                        // This checkpoint's snapshot is written but never completes: fail, and
                        // restore from the one before, whose source position is completedAt.
                        failed = true;
                        writer.close();
                        context = context.nextAttempt().restoredFrom(completedAt);
                        writer = (PqxSinkWriter) sink.restoreWriter(context, completed);
                        id = completedAt;
                        continue;
                    }
                    committables.addAll(fromCheckpoint);
                    completed = state;
                    completedAt = id;
                }
            }
            writer.flush(true);
            committables.addAll(writer.prepareCommit());
        } finally {
            writer.close();
        }
        RecoverableWriter recoverable = FileSystem.getLocalFileSystem().createRecoverableWriter();
        for (PqxCommittable c : committables) {
            if (!c.cleansUp()) {
                recoverable.recoverForCommit(c.recoverable()).commitAfterRecovery();
            }
        }
        BitSet seen = new BitSet();
        long total = 0;
        long smallestCut = Long.MAX_VALUE;
        int files = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            files++;
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                assertThat(seen.get((int) id)).as("row %d twice", id).isFalse();
                seen.set((int) id);
                total++;
            }
            List<Long> groups =
                    TestingSinkFiles.footer(file).rowGroups().stream()
                            .map(g -> g.numRows())
                            .toList();
            // every group but a file's last was cut while the file stayed open
            for (long g : groups.subList(0, groups.size() - 1)) {
                smallestCut = Math.min(smallestCut, g);
            }
        }
        assertThat(total).isEqualTo(rows);
        System.out.printf(
                "smallest budget, 200 open files: %d files, smallest cut group %d rows,"
                        + " largest state %d bytes (%d per open file), %d forced cuts, %d forced"
                        + " closes%n",
                files,
                smallestCut,
                largestState,
                largestStatePerFile,
                context.counter("pqxForcedRowGroupCuts"),
                context.counter("pqxForcedFileCloses"));
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(smallestCut == Long.MAX_VALUE ? floor : smallestCut)
                .as("smallest row group cut while its file stayed open (floor %d)", floor)
                .isGreaterThanOrEqualTo(floor);
        soft.assertThat(largestStatePerFile)
                .as(
                        "writer state per open file (largest state: %d bytes, %d files committed)",
                        largestState, files)
                .isLessThanOrEqualTo(2_048);
        soft.assertAll();
        assertThat(context.counter("pqxForcedFileCloses"))
                .as("the budget cannot hold sane groups of 200 files: files close")
                .isGreaterThan(0);
    }

    /** 2 KiB of random letters: compresses little, so open groups are large. */
    private static String text(Random random) {
        char[] chars = new char[2048];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) ('a' + random.nextInt(26));
        }
        return new String(chars);
    }
}
