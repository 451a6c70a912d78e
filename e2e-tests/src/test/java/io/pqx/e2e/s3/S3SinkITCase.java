package io.pqx.e2e.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.sink.PqxSink;
import io.pqx.sink.PqxSinkOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * pqx's sink writing to {@code s3://} through Flink's S3 plugin (its {@code RecoverableWriter}: one
 * multipart upload per part file, completed by the commit) against a local S3 server, with failures
 * injected at random points of a streaming job that checkpoints every 200 ms: every row is
 * committed exactly once into its partition's directory, files span checkpoints (a handful of files
 * where rolling at each checkpoint would give hundreds), and no hidden object ({@code .} prefix:
 * in-progress names, row-log segments) is left once the job has finished.
 */
class S3SinkITCase {
    static final long ROWS = 200_000;
    static final int PARTS = 3;
    static final int PARALLELISM = 2;
    static final int FAILURES = 3;
    static final String OUT = "out/";

    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new IntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "part", "payload"});

    @RegisterExtension
    @Order(1)
    static final LocalS3 S3 = LocalS3.onFreePort();

    @RegisterExtension
    @Order(2)
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setConfiguration(S3.flinkConfiguration())
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(PARALLELISM)
                            .build());

    /** Row {@code i}: id i, partition i mod 3, a payload drawn from i. */
    static final class Rows implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(
                    i,
                    (int) (i % PARTS),
                    StringData.fromString("payload-" + Long.toHexString(i * 0x9E3779B97F4A7C15L)));
        }
    }

    /**
     * Passes rows through; once a checkpoint of its attempt has completed, fails at a random row
     * among the next {@link #WITHIN} (seeded from the test's seed, the subtask and the attempt)
     * until the failures run out. Counts subtask restarts and completed checkpoints (subtask 0's
     * view). A failure drawn by a fixed chance per row could stay unfired to the end of the input
     * (a few percent of runs); a failure due within a bounded number of rows always fires while the
     * input lasts.
     */
    static final class FailingMapper extends RichMapFunction<RowData, RowData>
            implements CheckpointListener {
        static final AtomicInteger FAILURES_LEFT = new AtomicInteger();
        static final AtomicInteger CHECKPOINTS = new AtomicInteger();
        static final AtomicInteger RESTARTS = new AtomicInteger();
        private final long seed;

        /** Rows after an attempt's first completed checkpoint within which its failure is due. */
        static final int WITHIN = 10_000;

        private transient Random random;
        private transient int rowsToFailure;
        private transient boolean counting;

        FailingMapper(long seed) {
            this.seed = seed;
        }

        @Override
        public void open(OpenContext context) {
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            int attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
            counting = subtask == 0;
            if (attempt > 0) {
                RESTARTS.incrementAndGet();
            }
            rowsToFailure = -1;
            random = new Random(seed * 31 + subtask + 1000L * attempt);
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
            if (counting) {
                CHECKPOINTS.incrementAndGet();
            }
        }
    }

    @Test
    void everyRowIsCommittedOnceToS3DespiteFailuresAndFilesSpanCheckpoints() throws Exception {
        long seed = System.nanoTime();
        FailingMapper.FAILURES_LEFT.set(FAILURES);
        FailingMapper.CHECKPOINTS.set(0);
        FailingMapper.RESTARTS.set(0);
        runJob(seed);

        List<FileStatus> files = committedFiles();
        long bytes = files.stream().mapToLong(FileStatus::getLen).sum();
        List<String> left = new ArrayList<>(S3.keys(OUT));
        for (FileStatus file : files) {
            left.remove(file.getPath().toUri().getPath().substring(1)); // the key: no "/"
        }
        List<String> writerTemps = left.stream().filter(S3SinkITCase::isWriterTemp).toList();
        String figures = figures(seed, files.size(), bytes, left.size(), writerTemps);
        System.out.println("S3SinkITCase: " + figures);

        assertThat(FailingMapper.FAILURES_LEFT.get()).as(figures).isLessThanOrEqualTo(0);
        assertExactlyOnce(files, figures);
        assertThat(left)
                .as("hidden objects left (in-progress files, row-log segments): " + figures)
                .noneMatch(key -> key.substring(key.lastIndexOf('/') + 1).startsWith("."));
        // What is left is known: tails of open files that Flink's S3 writer uploaded at a
        // persist() whose checkpoint a failure cut short. The sink has the committer discard
        // every tail once a later checkpoint supersedes it (cleanupRecoverableState, as Flink's
        // FileSink does), which covers every checkpoint that completed; a failure can orphan at
        // most the tails of the open files at the checkpoints in flight when it struck.
        assertThat(left).as(figures).containsExactlyInAnyOrderElementsOf(writerTemps);
        assertThat(writerTemps)
                .as("tails orphaned by the failures: " + figures)
                .hasSizeLessThanOrEqualTo(FAILURES * 2 * PARALLELISM * PARTS);
        // Files roll by size (1 mb) and at end of input only; rolling at every checkpoint would
        // give a file per subtask and partition per checkpoint.
        int streams = PARALLELISM * PARTS;
        assertThat(files.size())
                .as(figures)
                .isLessThanOrEqualTo((int) (bytes / (900 * 1024)) + streams)
                .isLessThan(FailingMapper.CHECKPOINTS.get());
        assertThat(S3.traffic().uploadsCompleted())
                .as("multipart uploads completed (one per committed file): " + figures)
                .isGreaterThanOrEqualTo(files.size());
    }

    /** The job: generated rows, the failing mapper, the sink at {@code s3://bucket/out/}. */
    private static void runJob(long seed) throws Exception {
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 20);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(100));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(200);
        env.fromSource(
                        new DataGeneratorSource<>(
                                new Rows(),
                                ROWS,
                                RateLimiterStrategy.perSecond(25_000),
                                InternalTypeInfo.of(TYPE)),
                        WatermarkStrategy.noWatermarks(),
                        "rows")
                .map(new FailingMapper(seed))
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(
                        PqxSink.builder()
                                .basePath(S3.uri(OUT))
                                .rowType(TYPE)
                                .partitionBy("part")
                                .set(PqxSinkOptions.ROW_GROUP_ROWS, 10_000)
                                .set(PqxSinkOptions.ROLLING_FILE_SIZE, MemorySize.parse("1 mb"))
                                .set(PqxSinkOptions.ENCODING_THREADS, 1)
                                .build());
        env.execute("pqx-to-s3");
    }

    /** What the run did, for the log and every assertion's message. */
    private static String figures(
            long seed, int files, long bytes, int left, List<String> writerTemps) {
        return String.format(
                "seed %d: %d rows, %d failures injected, %d subtask restarts, %d checkpoints"
                        + " completed; %d files committed (%d bytes); other objects left under"
                        + " %s: %d (%d of them the S3 writer's _<part file>_tmp_<uuid> objects, %d"
                        + " bytes); S3 traffic: %s",
                seed,
                ROWS,
                FAILURES - Math.max(0, FailingMapper.FAILURES_LEFT.get()),
                FailingMapper.RESTARTS.get(),
                FailingMapper.CHECKPOINTS.get(),
                files,
                bytes,
                OUT,
                left,
                writerTemps.size(),
                S3.sizeOf(writerTemps),
                S3.traffic());
    }

    /** An object Flink's S3 writer uploads at persist(): {@code <dir>/_<part file>_tmp_<uuid>}. */
    private static boolean isWriterTemp(String key) {
        String name = key.substring(key.lastIndexOf('/') + 1);
        return name.matches("_part-.+\\.parquet_tmp_[0-9a-f-]{36}");
    }

    /** The committed part files, through Flink's file system (S3A's listing). */
    private static List<FileStatus> committedFiles() throws Exception {
        Path out = new Path(S3.uri(OUT));
        FileSystem fs = out.getFileSystem();
        List<FileStatus> files = new ArrayList<>();
        for (FileStatus partition : fs.listStatus(out)) {
            assertThat(partition.isDir()).as("%s is a partition directory", partition).isTrue();
            for (FileStatus file : fs.listStatus(partition.getPath())) {
                String name = file.getPath().getName();
                if (!name.startsWith(".") && !name.startsWith("_")) {
                    files.add(file);
                }
            }
        }
        return files;
    }

    /** Every id once, each in its partition's directory. */
    private static void assertExactlyOnce(List<FileStatus> files, String figures) throws Exception {
        BitSet seen = new BitSet();
        long total = 0;
        long duplicates = 0;
        for (FileStatus file : files) {
            String partition = file.getPath().getParent().getName();
            assertThat(file.getPath().getName()).matches("part-[0-9a-f-]{36}-\\d+-\\d+\\.parquet");
            try (ParquetReader reader = ParquetReader.open(file.getPath());
                    CloseableIterator<RowData> rows = reader.rows(reader.project(List.of("id")))) {
                while (rows.hasNext()) {
                    long id = rows.next().getLong(0);
                    assertThat(partition).isEqualTo("part=" + id % PARTS);
                    duplicates += seen.get((int) id) ? 1 : 0;
                    seen.set((int) id);
                    total++;
                }
            }
        }
        assertThat(duplicates).as("duplicated rows: " + figures).isZero();
        assertThat(seen.cardinality()).as("distinct ids: " + figures).isEqualTo((int) ROWS);
        assertThat(total).as(figures).isEqualTo(ROWS);
    }
}
