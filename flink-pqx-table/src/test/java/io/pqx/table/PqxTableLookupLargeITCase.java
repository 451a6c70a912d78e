package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.table.lookup.TestingDimTable;
import io.pqx.table.lookup.TestingDimTable.DimRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.api.common.JobID;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A streaming lookup join against a pqx table of 1,000,000 rows (4 files, row groups of 50,000
 * rows, pages of 20,000, key sorted with a bloom filter) gives the same rows as the same join
 * against the table held in memory (Flink's full cache, loaded by pqx) and as the join computed
 * from the rows written; pqx's lookup metrics show row groups and pages skipped.
 */
class PqxTableLookupLargeITCase {
    private static final TestingMetrics METRICS = new TestingMetrics();

    @RegisterExtension static final MiniClusterExtension CLUSTER = METRICS.cluster();

    private static final int ROWS = 1_000_000;
    private static final int PROBES = 20_000;

    @TempDir static Path dir;
    private static List<Long> probes;
    private static List<String> expected;

    @BeforeAll
    static void writeTables() throws Exception {
        List<DimRow> rows = TestingDimTable.write(dir.resolve("dim"), ROWS, 4, 50_000);
        Map<Long, List<DimRow>> byKey = new HashMap<>();
        rows.forEach(r -> byKey.computeIfAbsent(r.k(), k -> new ArrayList<>()).add(r));
        Random random = new Random(1_000_000);
        probes = new ArrayList<>();
        expected = new ArrayList<>();
        Path probeFile = Files.createDirectories(dir.resolve("probe")).resolve("probe.parquet");
        RowType type =
                RowType.of(
                        new LogicalType[] {new IntType(), new BigIntType()},
                        new String[] {"id", "k"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(probeFile.toUri()))) {
            for (int id = 0; id < PROBES; id++) {
                long k = random.nextInt(2 * ROWS + 100) - 50; // half the keys are odd: missing
                probes.add(k);
                w.write(GenericRowData.of(id, k));
                List<DimRow> match = byKey.getOrDefault(k, List.of());
                for (DimRow r : match) {
                    expected.add(
                            "+I["
                                    + id
                                    + ", "
                                    + k
                                    + ", "
                                    + (r.name() == null ? "null" : r.name())
                                    + ", "
                                    + r.v()
                                    + "]");
                }
                if (match.isEmpty()) {
                    expected.add("+I[" + id + ", " + k + ", null, null]");
                }
            }
        }
    }

    private static StreamTableEnvironment env(String dimOptions) {
        StreamTableEnvironment t =
                StreamTableEnvironment.create(StreamExecutionEnvironment.getExecutionEnvironment());
        t.executeSql(
                "CREATE TABLE dim (k BIGINT, k2 INT, name STRING, v DOUBLE) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.resolve("dim").toUri()
                        + "'"
                        + dimOptions
                        + ")");
        t.executeSql(
                "CREATE TABLE probe (id INT, k BIGINT, proc AS PROCTIME()) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.resolve("probe").toUri()
                        + "')");
        return t;
    }

    private static final String JOIN =
            "SELECT p.id, p.k, d.name, d.v FROM probe AS p"
                    + " LEFT JOIN dim FOR SYSTEM_TIME AS OF p.proc AS d ON p.k = d.k";

    private record Outcome(List<String> rows, JobID job) {}

    private static Outcome run(StreamTableEnvironment t) throws Exception {
        TableResult result = t.executeSql(JOIN);
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(r -> rows.add(r.toString()));
        }
        return new Outcome(rows, result.getJobClient().orElseThrow().getJobID());
    }

    private static long counter(JobID job, String name) {
        return METRICS.counter(job, name);
    }

    @Test
    void aLookupJoinAgainstAMillionRowsEqualsTheJoinAgainstTheTableInMemory() throws Exception {
        Outcome pqx = run(env(", 'lookup.async'='true'"));
        Outcome memory =
                run(
                        env(
                                ", 'lookup.cache'='FULL',"
                                        + " 'lookup.full-cache.periodic-reload.interval'='1 h'"));
        assertThat(expected).hasSizeGreaterThanOrEqualTo(PROBES);
        assertThat(pqx.rows).containsExactlyInAnyOrderElementsOf(memory.rows);
        assertThat(pqx.rows).containsExactlyInAnyOrderElementsOf(expected);

        long lookups = counter(pqx.job, "pqxLookups");
        long read = counter(pqx.job, "pqxLookupRowGroupsRead");
        long skipped = counter(pqx.job, "pqxLookupRowGroupsSkipped");
        long pages = counter(pqx.job, "pqxLookupPagesSkipped");
        long batches = counter(pqx.job, "pqxLookupBatches");
        System.out.printf(
                "PqxTableLookupLargeITCase: %d lookups in %d batches, row groups read %d,"
                        + " skipped %d, pages skipped %d%n",
                lookups, batches, read, skipped, pages);
        assertThat(lookups).isEqualTo(PROBES);
        assertThat(batches).isPositive().isLessThan(PROBES);
        assertThat(skipped).as("row groups skipped").isGreaterThan(read);
        assertThat(pages).as("pages skipped").isPositive();
    }
}
