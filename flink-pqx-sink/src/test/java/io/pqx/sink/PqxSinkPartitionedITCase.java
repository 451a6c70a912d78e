package io.pqx.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.sink.options.PartitionCommitTrigger;
import io.pqx.sink.partition.PartitionCommitOperator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streaming job over several partitions: committed files appear per partition while the job runs
 * (one per checkpoint and subtask), rows equal the input, and each partition gets {@code _SUCCESS}.
 */
class PqxSinkPartitionedITCase {
    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"id", "region"});
    static final String[] REGIONS = {"eu", "us/east", "ap=1", "sa"};

    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    static final class RegionRows implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(i, StringData.fromString(REGIONS[(int) (i % REGIONS.length)]));
        }
    }

    @Test
    void filesAppearCommittedPerPartitionWhileTheJobRuns(@TempDir Path dir) throws Exception {
        long rows = 200_000;
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        DataGeneratorSource<RowData> source =
                new DataGeneratorSource<>(
                        new RegionRows(),
                        rows,
                        RateLimiterStrategy.perSecond(50_000),
                        InternalTypeInfo.of(TYPE));
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "rows")
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .rowType(TYPE)
                                .partitionBy("region")
                                .set(PqxSinkOptions.MAX_OPEN_FILES, REGIONS.length)
                                .set(PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE, true)
                                // files stay open across checkpoints: roll them every second
                                .set(
                                        PqxSinkOptions.ROLLING_ROLLOVER_INTERVAL,
                                        Duration.ofSeconds(1))
                                .set(PqxSinkOptions.ROLLING_CHECK_INTERVAL, Duration.ofMillis(100))
                                .build());
        JobClient job = env.executeAsync("partitioned");

        boolean allPartitionsWhileRunning = false;
        for (int i = 0; i < 600 && !allPartitionsWhileRunning; i++) {
            allPartitionsWhileRunning =
                    byPartition(dir).size() == REGIONS.length
                            && !job.getJobStatus().get().isTerminalState();
            Thread.sleep(50);
        }
        job.getJobExecutionResult().get();
        assertThat(allPartitionsWhileRunning)
                .as("every partition had committed files before the job finished")
                .isTrue();

        Map<String, List<Path>> partitions = byPartition(dir);
        assertThat(partitions.keySet())
                .containsExactlyInAnyOrder(
                        "region=eu", "region=us%2Feast", "region=ap%3D1", "region=sa");
        BitSet seen = new BitSet();
        long total = 0;
        for (Map.Entry<String, List<Path>> e : partitions.entrySet()) {
            assertThat(e.getValue()).as("files of " + e.getKey()).hasSizeGreaterThan(2);
            assertThat(dir.resolve(e.getKey()).resolve(PartitionCommitOperator.SUCCESS_FILE))
                    .exists();
            int region =
                    List.of("region=eu", "region=us%2Feast", "region=ap%3D1", "region=sa")
                            .indexOf(e.getKey());
            for (Path file : e.getValue()) {
                for (long id : TestingSinkFiles.read(file, r -> r.getLong(0))) {
                    assertThat(id % REGIONS.length).isEqualTo(region);
                    assertThat(seen.get((int) id)).as("duplicate " + id).isFalse();
                    seen.set((int) id);
                    total++;
                }
            }
        }
        assertThat(total).isEqualTo(rows);
        assertThat(seen.cardinality()).isEqualTo((int) rows);
        assertDuckDbReadsEveryRowOnce(dir, rows);
    }

    /** DuckDB, reading the committed files with hive partitioning, sees each row once. */
    private static void assertDuckDbReadsEveryRowOnce(Path dir, long rows) throws Exception {
        String glob = dir.toString().replace("'", "''") + "/*/*.parquet";
        try (var connection = DriverManager.getConnection("jdbc:duckdb:");
                var statement = connection.createStatement();
                var result =
                        statement.executeQuery(
                                "SELECT count(*), count(DISTINCT id), count(DISTINCT region),"
                                        + " min(id), max(id) FROM read_parquet('"
                                        + glob
                                        + "', hive_partitioning = true)")) {
            assertThat(result.next()).isTrue();
            assertThat(result.getLong(1)).isEqualTo(rows);
            assertThat(result.getLong(2)).isEqualTo(rows);
            assertThat(result.getLong(3)).isEqualTo(REGIONS.length);
            assertThat(result.getLong(4)).isZero();
            assertThat(result.getLong(5)).isEqualTo(rows - 1);
        }
    }

    /** Rows in id order: bucket b0 holds ids 0..49999, b1 the next 50,000, and so on. */
    static final class BucketRows implements GeneratorFunction<Long, RowData> {
        @Override
        public RowData map(Long i) {
            return GenericRowData.of(i, StringData.fromString("b" + i / 50_000));
        }
    }

    @Test
    void theWatermarkTriggerCompletesAPartitionWhileTheJobRuns(@TempDir Path dir) throws Exception {
        long rows = 400_000;
        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.enableCheckpointing(200);
        DataGeneratorSource<RowData> source =
                new DataGeneratorSource<>(
                        new BucketRows(),
                        rows,
                        RateLimiterStrategy.perSecond(50_000),
                        InternalTypeInfo.of(TYPE));
        env.fromSource(
                        source,
                        WatermarkStrategy.<RowData>forMonotonousTimestamps()
                                .withTimestampAssigner((row, ts) -> row.getLong(0)),
                        "rows")
                .sinkTo(
                        PqxSink.builder()
                                .basePath(dir.toUri().toString())
                                .rowType(TYPE)
                                .partitionBy("region")
                                .set(PqxSinkOptions.PARTITION_COMMIT_SUCCESS_FILE, true)
                                .set(
                                        PqxSinkOptions.PARTITION_COMMIT_TRIGGER,
                                        PartitionCommitTrigger.WATERMARK)
                                .set(PqxSinkOptions.PARTITION_COMMIT_DELAY, Duration.ofMillis(1))
                                .build());
        JobClient job = env.executeAsync("watermark-commit");
        Path firstSuccess = dir.resolve("region=b0").resolve(PartitionCommitOperator.SUCCESS_FILE);
        Path lastSuccess = dir.resolve("region=b7").resolve(PartitionCommitOperator.SUCCESS_FILE);
        boolean firstCompleteWhileRunning = false;
        for (int i = 0; i < 600 && !firstCompleteWhileRunning; i++) {
            firstCompleteWhileRunning =
                    Files.exists(firstSuccess)
                            && !Files.exists(lastSuccess)
                            && !job.getJobStatus().get().isTerminalState();
            Thread.sleep(50);
        }
        job.getJobExecutionResult().get();
        assertThat(firstCompleteWhileRunning)
                .as("b0 got _SUCCESS from the watermark before the input ended")
                .isTrue();
        // b0..b6 complete while the job runs: the watermark passes them, their files close and
        // commit. b7's only file is committed by the final checkpoint of this bounded job, and
        // Flink's committer emits those commits after the post-commit step's input has ended,
        // so b7 gets no _SUCCESS (see the sink README, "Partition commits at the end").
        for (int b = 0; b < 7; b++) {
            assertThat(dir.resolve("region=b" + b).resolve(PartitionCommitOperator.SUCCESS_FILE))
                    .as("files %s", TestingSinkFiles.committed(dir))
                    .exists();
        }
        assertThat(
                        TestingSinkFiles.committed(dir).stream()
                                .filter(f -> f.getParent().endsWith("region=b7"))
                                .filter(f -> f.getFileName().toString().endsWith(".parquet")))
                .hasSize(1);
    }

    private static Map<String, List<Path>> byPartition(Path dir) throws Exception {
        Map<String, List<Path>> out = new TreeMap<>();
        for (Path file : TestingSinkFiles.committed(dir)) {
            if (file.getFileName().toString().endsWith(".parquet") && Files.size(file) > 0) {
                out.computeIfAbsent(
                                dir.relativize(file.getParent()).toString(), k -> new ArrayList<>())
                        .add(file);
            }
        }
        return out;
    }
}
