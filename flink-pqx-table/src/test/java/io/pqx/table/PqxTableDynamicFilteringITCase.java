package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dynamic filtering (batch DPP) into pqx tables on a MiniCluster: a partitioned fact table of
 * 200,000 rows (8 partitions of 2 files, key {@code k} sorted, row groups of 5,000 rows, a bloom
 * filter on {@code k}) joined with small filtered dimension tables, once on the partition column
 * and once on the data column {@code k}. Each join returns the same rows as with {@code
 * table.optimizer.dynamic-filtering.enabled=false}, the plan holds Flink's {@code
 * DynamicFilteringDataCollector}, and the fact scan's counters (read through an {@link
 * InMemoryReporter}, {@link TestingMetrics}) show that it read a fraction of the table.
 */
class PqxTableDynamicFilteringITCase {
    private static final TestingMetrics METRICS = new TestingMetrics();

    @RegisterExtension static final MiniClusterExtension CLUSTER = METRICS.cluster();

    private static final int PARTITIONS = 8;
    private static final int ROWS_PER_PARTITION = 25_000;
    private static final int FACT_ROWS = PARTITIONS * ROWS_PER_PARTITION;
    private static final int ROW_GROUP_ROWS = 5_000;

    private static final RowType FACT_FILE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(),
                        new BigIntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new DoubleType()
                    },
                    new String[] {"k", "v", "s", "x"});
    private static final RowType DIM_PART =
            RowType.of(
                    new LogicalType[] {
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"part", "label"});
    private static final RowType DIM_KEY =
            RowType.of(
                    new LogicalType[] {new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH)},
                    new String[] {"id", "name"});

    @TempDir static Path dir;
    static TableEnvironment dpp;
    static TableEnvironment plain;

    @BeforeAll
    static void writeTables() throws Exception {
        // fact: partition p<n> holds k in [n * 25,000, (n + 1) * 25,000), in two files
        for (int p = 0; p < PARTITIONS; p++) {
            for (int f = 0; f < 2; f++) {
                List<GenericRowData> rows = new ArrayList<>();
                long from = (long) p * ROWS_PER_PARTITION + (long) f * ROWS_PER_PARTITION / 2;
                for (long k = from; k < from + ROWS_PER_PARTITION / 2; k++) {
                    rows.add(
                            GenericRowData.of(
                                    k, k * 3, StringData.fromString("s" + k % 97), k / 2.0));
                }
                write(dir.resolve("fact/part=p" + p + "/f" + f + ".parquet"), FACT_FILE, rows, "k");
            }
        }
        // dim_part: p0..p9 (p8 and p9 hold no fact row); label 'keep' for p2 and p5
        List<GenericRowData> parts = new ArrayList<>();
        for (int p = 0; p < 10; p++) {
            parts.add(
                    GenericRowData.of(
                            StringData.fromString("p" + p),
                            StringData.fromString(p == 2 || p == 5 ? "keep" : "other")));
        }
        write(dir.resolve("dim_part/d.parquet"), DIM_PART, parts, null);
        // dim_key: ids 50,000 + 3j (j < 1,000), 'sel' for every tenth (ids 50,000..52,970, in
        // the fact row group of k 50,000..54,999), and a 'sel' row with a NULL id (matches nothing)
        List<GenericRowData> keys = new ArrayList<>();
        for (int j = 0; j < 1000; j++) {
            keys.add(
                    GenericRowData.of(
                            50_000L + 3L * j,
                            StringData.fromString(j % 10 == 0 ? "sel" + j : "other" + j)));
        }
        keys.add(GenericRowData.of(null, StringData.fromString("sel-null")));
        write(dir.resolve("dim_key/d.parquet"), DIM_KEY, keys, null);
        write(
                dir.resolve("dim_x/d.parquet"),
                RowType.of(
                        new LogicalType[] {
                            new DoubleType(), new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"x", "name"}),
                List.of(
                        GenericRowData.of(0.5, StringData.fromString("a")),
                        GenericRowData.of(-0.0, StringData.fromString("a"))),
                null);
    }

    /**
     * The two table environments, DPP on and off, on the extension's MiniCluster: made before each
     * test, since the extension makes its cluster the context environment only then (one made in
     * {@code @BeforeAll} starts a cluster of its own, whose metrics the reporter misses).
     */
    @BeforeEach
    void createTables() {
        dpp = batchOnCluster();
        plain = batchOnCluster();
        plain.getConfig().set("table.optimizer.dynamic-filtering.enabled", "false");
        for (TableEnvironment t : List.of(dpp, plain)) {
            t.getConfig().set("table.exec.resource.default-parallelism", "2");
            t.executeSql(
                    "CREATE TABLE fact (k BIGINT, v BIGINT, s STRING, x DOUBLE, part STRING)"
                            + " PARTITIONED BY (part) WITH ('connector'='pqx', 'path'='"
                            + dir.resolve("fact").toUri()
                            + "')");
            t.executeSql(
                    "CREATE TABLE dim_part (part STRING, label STRING) WITH ('connector'='pqx',"
                            + " 'path'='"
                            + dir.resolve("dim_part").toUri()
                            + "')");
            t.executeSql(
                    "CREATE TABLE dim_x (x DOUBLE, name STRING) WITH ('connector'='pqx',"
                            + " 'path'='"
                            + dir.resolve("dim_x").toUri()
                            + "')");
            t.executeSql(
                    "CREATE TABLE dim_key (id BIGINT, name STRING) WITH ('connector'='pqx',"
                            + " 'path'='"
                            + dir.resolve("dim_key").toUri()
                            + "')");
        }
    }

    private static TableEnvironment batchOnCluster() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        return StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode());
    }

    private static void write(
            Path file, RowType type, List<GenericRowData> rows, String bloomColumn)
            throws Exception {
        Files.createDirectories(file.getParent());
        WriteOptions.Builder options = WriteOptions.builder().rowGroupRows(ROW_GROUP_ROWS);
        if (bloomColumn != null) {
            options.bloomFilter(bloomColumn, new BloomFilterSpec(ROW_GROUP_ROWS, 0.01));
        }
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(options.build())
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (GenericRowData row : rows) {
                w.write(row);
            }
        }
    }

    /**
     * What one run of a query returned and what its fact scan read. {@code rowGroupsHandedOut}: row
     * groups planned less those of pending splits a runtime filter dropped (the filter prunes at
     * planning when it arrives first, else the pending splits: either way fewer are read).
     */
    private record Run(
            List<String> rows,
            long rowsDecoded,
            long bytesRead,
            long filtersApplied,
            long rowGroupsHandedOut) {}

    private static Run run(TableEnvironment t, String sql) throws Exception {
        TableResult result = t.executeSql(sql);
        JobID job = result.getJobClient().orElseThrow().getJobID();
        List<String> rows =
                CollectionUtil.iteratorToList(result.collect()).stream()
                        .map(Row::toString)
                        .toList();
        result.getJobClient().orElseThrow().getJobExecutionResult().get();
        return new Run(
                rows,
                factCounter(job, "pqxRowsDecoded"),
                factCounter(job, "pqxBytesRead"),
                factCounter(job, "pqxRuntimeFiltersApplied"),
                factCounter(job, "pqxRowGroupsPlanned")
                        - factCounter(job, "pqxRowGroupsPrunedByRuntimeFilter"));
    }

    /** The sum of the counters named {@code name} of job {@code job}'s scans of table fact. */
    private static long factCounter(JobID job, String name) {
        return METRICS.counter(job, "fact", name);
    }

    @Test
    void aJoinOnThePartitionColumnReadsOnlyThePartitionsOfTheDimensionRows() throws Exception {
        String sql =
                "SELECT f.k, f.v, f.s, f.part, d.label FROM fact AS f JOIN dim_part AS d"
                        + " ON f.part = d.part WHERE d.label = 'keep'";
        String plan = dpp.explainSql(sql);
        assertThat(plan)
                .contains("DynamicFilteringDataCollector(fields=[part])")
                .contains(
                        "DynamicFilteringTableSourceScan(table=[[default_catalog, default_database, fact");
        assertThat(plain.explainSql(sql)).doesNotContain("DynamicFilteringDataCollector");

        Run on = run(dpp, sql);
        Run off = run(plain, sql);
        assertThat(on.rows())
                .hasSize(2 * ROWS_PER_PARTITION)
                .containsExactlyInAnyOrderElementsOf(off.rows());
        System.out.printf(
                "DPP on the partition column: rows decoded %d of %d (off: %d), bytes read %d"
                        + " (off: %d)%n",
                on.rowsDecoded(), FACT_ROWS, off.rowsDecoded(), on.bytesRead(), off.bytesRead());
        assertThat(off.rowsDecoded()).isEqualTo(FACT_ROWS);
        assertThat(on.rowsDecoded()).isLessThanOrEqualTo(FACT_ROWS / 3); // 2 of 8 partitions
        assertThat(on.bytesRead()).isLessThanOrEqualTo(off.bytesRead() / 3);
        assertThat(on.filtersApplied()).isPositive();
        assertThat(on.rowGroupsHandedOut()).isLessThan(off.rowGroupsHandedOut());
    }

    @Test
    void aJoinOnADataColumnReadsOnlyTheRowGroupsOfTheDimensionKeys() throws Exception {
        String sql =
                "SELECT f.k, f.v, f.s, f.part, d.name FROM fact AS f JOIN dim_key AS d"
                        + " ON f.k = d.id WHERE d.name LIKE 'sel%'";
        String plan = dpp.explainSql(sql);
        // the planner offers the data column k too: the fact table is partitioned and k is accepted
        assertThat(plan)
                .contains("DynamicFilteringDataCollector(fields=[id])")
                .contains(
                        "DynamicFilteringTableSourceScan(table=[[default_catalog, default_database, fact");

        Run on = run(dpp, sql);
        Run off = run(plain, sql);
        assertThat(on.rows()).hasSize(100).containsExactlyInAnyOrderElementsOf(off.rows());
        System.out.printf(
                "DPP on the data column: rows decoded %d of %d (off: %d), bytes read %d"
                        + " (off: %d)%n",
                on.rowsDecoded(), FACT_ROWS, off.rowsDecoded(), on.bytesRead(), off.bytesRead());
        assertThat(off.rowsDecoded()).isEqualTo(FACT_ROWS);
        // the keys' range [50,000, 52,970] lies in one row group of one file
        assertThat(on.rowsDecoded()).isLessThanOrEqualTo(2 * ROW_GROUP_ROWS);
        assertThat(on.bytesRead()).isLessThanOrEqualTo(off.bytesRead() / 3);
        assertThat(on.filtersApplied()).isPositive();
        assertThat(on.rowGroupsHandedOut()).isLessThan(off.rowGroupsHandedOut());
    }

    @Test
    void onlyKeysOfTypesPqxFiltersExactlyAreOffered() {
        // DOUBLE is not accepted (NaN, -0.0): no DPP into fact; a STRING data column is
        assertThat(
                        dpp.explainSql(
                                "SELECT f.k, d.name FROM fact AS f JOIN dim_x AS d ON f.x = d.x"
                                        + " WHERE d.name = 'a'"))
                .doesNotContain("DynamicFilteringDataCollector");
        assertThat(
                        dpp.explainSql(
                                "SELECT f.k, d.x FROM fact AS f JOIN dim_x AS d ON f.s = d.name"
                                        + " WHERE d.x > 0"))
                .contains("DynamicFilteringDataCollector(fields=[name])");
    }
}
