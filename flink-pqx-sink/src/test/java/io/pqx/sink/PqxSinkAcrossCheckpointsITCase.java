package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.sink.options.RowGroupMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.client.program.rest.RestClusterClient;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.InjectClusterClient;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.ExceptionUtils;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files that span checkpoints, end to end on a MiniCluster: random failures with checkpoints every
 * 100 ms, and stop-with-savepoint then restore at another parallelism. Every row is committed
 * exactly once, row groups are laid out as the mode says across restores, no in-progress file is
 * left behind, and the number of files follows the rolling policy, not the checkpoints.
 */
class PqxSinkAcrossCheckpointsITCase {
    private static final Logger LOG = LoggerFactory.getLogger(PqxSinkAcrossCheckpointsITCase.class);
    static final RowType TYPE = TestingSinkRowTypes.ID_PAYLOAD_PART;
    static final int PARTS = 3;
    static final int GROUP_ROWS = 20_000;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(3)
                            .build());

    /** Row {@code i}: id i, a payload derived from i, partition i mod 3. */
    static final class RowGenerator implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(
                    i, StringData.fromString("payload-" + (i % 1000)), (int) (i % PARTS));
        }
    }

    /**
     * Passes rows through; once a checkpoint of its attempt completed, fails at a random row among
     * the next {@link #WITHIN} (seeded from the test's seed, the subtask and the attempt) until the
     * failures run out. Due within a bounded number of rows, every failure fires while the input
     * lasts (a fixed chance per row could leave one unfired).
     */
    static final class FailingMapper extends RichMapFunction<RowData, RowData>
            implements CheckpointListener {
        static final AtomicInteger FAILURES_LEFT = new AtomicInteger();
        private final long seed;

        /** Rows after an attempt's first completed checkpoint within which its failure is due. */
        static final int WITHIN = 30_000;

        private transient Random random;
        private transient int rowsToFailure;

        FailingMapper(long seed) {
            this.seed = seed;
        }

        @Override
        public void open(OpenContext context) {
            rowsToFailure = -1;
            random =
                    new Random(
                            seed * 31
                                    + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask()
                                    + 1000L * getRuntimeContext().getTaskInfo().getAttemptNumber());
        }

        @Override
        public RowData map(RowData row) {
            if (rowsToFailure > 0 && --rowsToFailure == 0 && FAILURES_LEFT.getAndDecrement() > 0) {
                throw new IllegalStateException("injected failure at row " + row.getLong(0));
            }
            return row;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            if (rowsToFailure < 0) {
                rowsToFailure = 1 + random.nextInt(WITHIN);
            }
        }
    }

    private static StreamExecutionEnvironment environment(Configuration conf, int parallelism) {
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 20);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(50));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(parallelism);
        env.enableCheckpointing(100);
        return env;
    }

    private static PqxSink sink(Path dir, RowGroupMode mode, boolean partitioned) {
        PqxSinkBuilder builder =
                PqxSink.builder()
                        .basePath(dir.toUri().toString())
                        .rowType(TYPE)
                        .set(PqxSinkOptions.ROW_GROUP_MODE, mode)
                        .set(PqxSinkOptions.ROW_GROUP_ROWS, GROUP_ROWS)
                        .set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("1 mb"))
                        .set(PqxSinkOptions.ENCODING_THREADS, 1);
        if (partitioned) {
            builder.partitionBy("part");
        }
        return builder.build();
    }

    private static DataGeneratorSource<RowData> source(long rows, double perSecond) {
        return new DataGeneratorSource<>(
                new RowGenerator(),
                rows,
                RateLimiterStrategy.perSecond(perSecond),
                InternalTypeInfo.of(TYPE));
    }

    @ParameterizedTest(name = "{0}, partitioned {1}")
    @CsvSource({"EXACT, false", "EXACT, true", "APPROXIMATE, false", "APPROXIMATE, true"})
    void everyRowIsCommittedExactlyOnceDespiteRandomFailures(
            RowGroupMode mode, boolean partitioned, @TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        LOG.info("Random failures of {} partitioned={}: seed {}", mode, partitioned, seed);
        long rows = 1_000_000;
        FailingMapper.FAILURES_LEFT.set(4);
        StreamExecutionEnvironment env = environment(new Configuration(), 2);
        env.fromSource(source(rows, 300_000), WatermarkStrategy.noWatermarks(), "rows")
                .map(new FailingMapper(seed))
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(sink(dir, mode, partitioned));
        env.execute("across-checkpoints");

        assertThat(FailingMapper.FAILURES_LEFT.get())
                .as("all injected failures happened (seed %d)", seed)
                .isLessThanOrEqualTo(0);
        List<Path> files = assertExactlyOnce(dir, rows, partitioned);
        assertRowGroups(files, mode);
        long bytes = 0;
        for (Path file : files) {
            bytes += Files.size(file);
        }
        // Set by the rolling policy: files of ~1 MiB, plus each subtask's last file per
        // partition (and in approximate mode its first, whose held rows count at raw size, see
        // the README); rolling at every checkpoint (about 35 of them) would give over 30 per
        // subtask and partition.
        int subtaskFiles = 2 * (partitioned ? PARTS : 1);
        int perSubtaskFile = mode == RowGroupMode.APPROXIMATE ? 2 : 1;
        assertThat(files.size())
                .as("files (seed %d, %d bytes)", seed, bytes)
                .isLessThanOrEqualTo((int) (bytes / (900 * 1024)) + perSubtaskFile * subtaskFiles);
    }

    @ParameterizedTest(name = "parallelism 2 -> {0}")
    @CsvSource({"3", "1"})
    void stopWithSavepointAndRestoreAtAnotherParallelismLoseAndDuplicateNothing(
            int restoredParallelism, @TempDir Path dir, @TempDir Path savepoints) throws Exception {
        long rows = 300_000;
        StreamExecutionEnvironment env = environment(new Configuration(), 2);
        env.fromSource(source(rows, 60_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(dir, RowGroupMode.EXACT, true))
                .uid("sink");
        JobClient job = env.executeAsync("before-savepoint");
        for (int i = 0; i < 600 && TestingSinkFiles.hidden(dir).size() < 2 * PARTS; i++) {
            Thread.sleep(50);
        }
        Thread.sleep(500);
        String savepoint =
                job.stopWithSavepoint(
                                false, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get();
        assertThat(TestingSinkFiles.hidden(dir))
                .as("files open in the savepoint, in progress")
                .hasSizeGreaterThanOrEqualTo(2 * PARTS);
        assertThat(countRows(dir)).isLessThan(rows);

        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, savepoint);
        StreamExecutionEnvironment resumed = environment(restore, restoredParallelism);
        resumed.fromSource(source(rows, 200_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(dir, RowGroupMode.EXACT, true))
                .uid("sink");
        resumed.execute("after-savepoint");

        List<Path> files = assertExactlyOnce(dir, rows, true);
        assertRowGroups(files, RowGroupMode.EXACT);
    }

    /**
     * Passes rows through and, from the third checkpoint its attempt sees complete, fails in the
     * synchronous part of a checkpoint's snapshot until the failures run out: chained before the
     * sink, it is snapshotted after it (Flink snapshots a chain from its tail), so the sink has
     * written that checkpoint's row-log segments by then, and the checkpoint never completes.
     */
    static final class SnapshotFailingMapper extends RichMapFunction<RowData, RowData>
            implements CheckpointedFunction, CheckpointListener {
        static final AtomicInteger FAILURES_LEFT = new AtomicInteger();
        private transient int completed;

        @Override
        public RowData map(RowData row) {
            return row;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (completed >= 2 && FAILURES_LEFT.getAndDecrement() > 0) {
                throw new IllegalStateException(
                        "injected failure in the snapshot of checkpoint "
                                + context.getCheckpointId()
                                + ", after the sink's");
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
            completed = 0;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            completed++;
        }
    }

    /**
     * Failures between a snapshot and its completion, and ordinary failures, with files open across
     * checkpoints and carried across restores under their first names: the job that ends leaves no
     * hidden file (no row-log segment of a snapshot that never completed), and every row is
     * committed once.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"EXACT", "APPROXIMATE"})
    void snapshotsThatNeverCompleteLeaveNoHiddenFileOnceTheJobEnds(
            RowGroupMode mode, @TempDir Path dir) throws Exception {
        long seed = System.nanoTime();
        LOG.info("Snapshot failures of {}: seed {}", mode, seed);
        long rows = 600_000;
        FailingMapper.FAILURES_LEFT.set(2);
        SnapshotFailingMapper.FAILURES_LEFT.set(3);
        StreamExecutionEnvironment env = environment(new Configuration(), 2);
        env.fromSource(source(rows, 150_000), WatermarkStrategy.noWatermarks(), "rows")
                .map(new FailingMapper(seed))
                .returns(InternalTypeInfo.of(TYPE))
                .map(new SnapshotFailingMapper())
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(sink(dir, mode, true));
        env.execute("snapshot-failures");

        assertThat(SnapshotFailingMapper.FAILURES_LEFT.get())
                .as("every snapshot failure happened (seed %d)", seed)
                .isLessThanOrEqualTo(0);
        assertExactlyOnce(dir, rows, true);
    }

    /** Counts the rows that reach the sink, so a test knows what was sent before a stop. */
    static final class CountingMapper extends RichMapFunction<RowData, RowData> {
        static final AtomicLong SENT = new AtomicLong();

        @Override
        public RowData map(RowData row) {
            SENT.incrementAndGet();
            return row;
        }
    }

    /**
     * A drained stop-with-savepoint ({@code flink stop --drain}) ends the input before the
     * savepoint: every open file closes, and the savepoint's completion publishes it. Flink gives a
     * Sink V2 writer no way to tell a savepoint from a checkpoint (see the README), so this is how
     * to stop a job with pqx's default options and see every row at once.
     */
    @Test
    void aDrainedStopWithSavepointPublishesEveryRowSentBeforeIt(
            @TempDir Path dir, @TempDir Path savepoints) throws Exception {
        CountingMapper.SENT.set(0);
        StreamExecutionEnvironment env = environment(new Configuration(), 2);
        env.fromSource(source(50_000_000, 60_000), WatermarkStrategy.noWatermarks(), "rows")
                .map(new CountingMapper())
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(sink(dir, RowGroupMode.EXACT, true));
        JobClient job = env.executeAsync("drained-stop");
        for (int i = 0; i < 600 && TestingSinkFiles.hidden(dir).size() < 2 * PARTS; i++) {
            Thread.sleep(50);
        }
        Thread.sleep(500);
        assertThat(TestingSinkFiles.hidden(dir)).as("files open across checkpoints").isNotEmpty();
        job.stopWithSavepoint(true, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                .get();
        long sent = CountingMapper.SENT.get();
        assertThat(sent).isGreaterThan(0);
        assertThat(TestingSinkFiles.hidden(dir))
                .as("no in-progress file or row-log segment after a drained stop")
                .isEmpty();
        assertThat(countRows(dir))
                .as("every row sent before the stop is published")
                .isEqualTo(sent);
        BitSet seen = new BitSet();
        for (Path file : TestingSinkFiles.committed(dir)) {
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                assertThat(seen.get((int) id)).as("row %d twice", id).isFalse();
                seen.set((int) id);
            }
        }
    }

    /**
     * A restore from a savepoint older than a later commit: the savepoint kept files open that the
     * job, running on, closed and published. The restore fails once, with Flink's restart strategy
     * (20 attempts) left unused, saying why.
     */
    @Test
    void aRestoreOfASavepointOlderThanALaterCommitFailsOnceWithoutRestarts(
            @TempDir Path dir,
            @TempDir Path savepoints,
            @InjectClusterClient RestClusterClient<?> client)
            throws Exception {
        StreamExecutionEnvironment env = environment(new Configuration(), 1);
        env.fromSource(source(50_000_000, 60_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(dir, RowGroupMode.EXACT, true))
                .uid("sink");
        JobClient job = env.executeAsync("before-older-savepoint");
        for (int i = 0; i < 600 && TestingSinkFiles.hidden(dir).size() < PARTS; i++) {
            Thread.sleep(50);
        }
        Thread.sleep(300);
        String older =
                job.triggerSavepoint(savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                        .get();
        Thread.sleep(300);
        // The job goes on, and a drained stop closes and publishes every file open at `older`.
        job.stopWithSavepoint(true, savepoints.toUri().toString(), SavepointFormatType.CANONICAL)
                .get();

        Configuration restore = new Configuration();
        restore.set(StateRecoveryOptions.SAVEPOINT_PATH, older);
        StreamExecutionEnvironment resumed = environment(restore, 1);
        resumed.fromSource(source(50_000_000, 60_000), WatermarkStrategy.noWatermarks(), "rows")
                .uid("rows")
                .sinkTo(sink(dir, RowGroupMode.EXACT, true))
                .uid("sink");
        JobClient failing = resumed.executeAsync("restored-from-older-savepoint");
        Throwable failure = Assertions.catchThrowable(() -> failing.getJobExecutionResult().get());
        assertThat(failure).as("the restore fails").isNotNull();
        assertThat(ExceptionUtils.stringifyException(failure))
                .contains("SuppressRestartsException")
                .contains("was published after the checkpoint being restored")
                .contains("would write its rows after the checkpoint twice")
                .contains("sink.restore.discard-published-open-files");
        var details = client.getJobDetails(failing.getJobID()).get();
        assertThat(details.getJobStatus()).isEqualTo(JobStatus.FAILED);
        assertThat(details.getTimestamps().getOrDefault(JobStatus.RESTARTING, 0L))
                .as(
                        "never restarted, whatever the restart strategy allows (%s)",
                        details.getTimestamps())
                .isZero();
    }

    private static long countRows(Path dir) throws Exception {
        long total = 0;
        for (Path file : TestingSinkFiles.committed(dir)) {
            total += TestingSinkFiles.footer(file).numRows();
        }
        return total;
    }

    /** Every id once, each row in its partition's directory, and no in-progress file left. */
    static List<Path> assertExactlyOnce(Path dir, long rows, boolean partitioned) throws Exception {
        List<Path> files = TestingSinkFiles.committed(dir);
        assertThat(files).isNotEmpty();
        BitSet seen = new BitSet();
        long total = 0;
        long duplicates = 0;
        for (Path file : files) {
            assertThat(file.getFileName().toString())
                    .matches("part-[0-9a-f-]{36}-\\d+-\\d+\\.parquet");
            String part = partitioned ? file.getParent().getFileName().toString() : null;
            for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                if (part != null) {
                    assertThat(part).isEqualTo("part=" + id % PARTS);
                }
                if (seen.get((int) id)) {
                    duplicates++;
                }
                seen.set((int) id);
                total++;
            }
        }
        assertThat(duplicates).as("duplicated rows").isZero();
        assertThat(total).isEqualTo(rows);
        assertThat(seen.cardinality()).isEqualTo((int) rows);
        assertThat(TestingSinkFiles.hidden(dir)).as("in-progress files left behind").isEmpty();
        return files;
    }

    /**
     * Exact: every row group but each file's last has exactly the target. Approximate: groups
     * between 2T/3 and 4T/3 rows, except in files under 2T/3 rows.
     */
    static void assertRowGroups(List<Path> files, RowGroupMode mode) throws Exception {
        for (Path file : files) {
            FileMetadataView footer = TestingSinkFiles.footer(file);
            List<RowGroupView> groups = footer.rowGroups();
            for (int g = 0; g < groups.size(); g++) {
                long n = groups.get(g).numRows();
                if (mode == RowGroupMode.EXACT) {
                    if (g < groups.size() - 1) {
                        assertThat(n).as("group %d of %s", g, file).isEqualTo(GROUP_ROWS);
                    } else {
                        assertThat(n).isBetween(1L, (long) GROUP_ROWS);
                    }
                } else if (footer.numRows() >= 2 * GROUP_ROWS / 3) {
                    assertThat(n)
                            .as("group %d of %s", g, file)
                            .isBetween(2L * GROUP_ROWS / 3, 4L * GROUP_ROWS / 3 + 1);
                }
            }
        }
    }
}
