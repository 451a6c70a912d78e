package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import io.pqx.table.lookup.TestingDimTable;
import io.pqx.table.lookup.TestingDimTable.DimRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
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
 * Streaming lookup joins ({@code FOR SYSTEM_TIME AS OF}) against a pqx dimension table of 100,000
 * rows (4 files, row groups of 5,000, key sorted, bloom filter on the key): the joined rows equal
 * the same join computed in Java from the rows written; inner and LEFT, without and with Flink's
 * partial cache, one- and two-column keys.
 */
class PqxTableLookupITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir static Path dir;

    private static List<DimRow> rows;

    /** Probe keys: present, missing (odd, negative, past the end), repeated, two-row keys, NULL. */
    private static List<Long> probes;

    @BeforeAll
    static void writeTable() throws Exception {
        rows = TestingDimTable.write(dir.resolve("dim"), 100_000, 4, 5_000);
        Random random = new Random(42);
        probes = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            probes.add((long) random.nextInt(200_100) - 50);
        }
        probes.addAll(List.of(0L, 100L, 100L, 199_998L, 199_999L, -2L, 200_000L));
        probes.add(null); // a NULL key: no row (inner), nulls (LEFT)
    }

    private static TableEnvironment env(String extraOptions) {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        t.executeSql(
                "CREATE TABLE dim (k BIGINT, k2 INT, name STRING, v DOUBLE) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.resolve("dim").toUri()
                        + "'"
                        + extraOptions
                        + ")");
        return t;
    }

    /** A bounded pqx probe table {@code name (id INT, k BIGINT, k2 INT, proc AS PROCTIME())}. */
    private static void probeTable(
            TableEnvironment t, String name, List<Long> keys, List<Integer> k2s) throws Exception {
        Path file = dir.resolve(name).resolve("probe.parquet");
        Files.createDirectories(file.getParent());
        RowType type =
                RowType.of(
                        new LogicalType[] {new IntType(), new BigIntType(), new IntType()},
                        new String[] {"id", "k", "k2"});
        if (!Files.exists(file)) { // the same probes for every test using them
            try (ParquetWriter w =
                    ParquetWriter.builder(type)
                            .options(WriteOptions.builder().build())
                            .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
                for (int id = 0; id < keys.size(); id++) {
                    w.write(GenericRowData.of(id, keys.get(id), k2s == null ? null : k2s.get(id)));
                }
            }
        }
        t.executeSql(
                "CREATE TABLE "
                        + name
                        + " (id INT, k BIGINT, k2 INT, proc AS PROCTIME()) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + file.getParent().toUri()
                        + "')");
    }

    private static List<String> collect(TableEnvironment t, String query) throws Exception {
        List<String> got = new ArrayList<>();
        try (CloseableIterator<Row> it = t.executeSql(query).collect()) {
            it.forEachRemaining(r -> got.add(r.toString()));
        }
        return got;
    }

    private static String show(Object value) {
        return value == null ? "null" : value.toString();
    }

    /** The inner (or LEFT) join of the probe ids and keys with the rows, as Flink prints it. */
    private static List<String> expected(List<Long> keys, boolean left) {
        List<String> out = new ArrayList<>();
        for (int id = 0; id < keys.size(); id++) {
            List<DimRow> match = TestingDimTable.matching(rows, keys.get(id), null);
            for (DimRow r : match) {
                out.add(
                        "+I["
                                + id
                                + ", "
                                + keys.get(id)
                                + ", "
                                + show(r.name())
                                + ", "
                                + r.v()
                                + "]");
            }
            if (match.isEmpty() && left) {
                out.add("+I[" + id + ", " + keys.get(id) + ", null, null]");
            }
        }
        return out;
    }

    private static String join(String kind) {
        return "SELECT p.id, p.k, d.name, d.v FROM probe AS p "
                + kind
                + " JOIN dim FOR SYSTEM_TIME AS OF p.proc AS d ON p.k = d.k";
    }

    private static TableEnvironment withProbes(String extraOptions) throws Exception {
        TableEnvironment t = env(extraOptions);
        probeTable(t, "probe", probes, null);
        return t;
    }

    @Test
    void anInnerLookupJoinEqualsTheJoinOfTheRowsWritten() throws Exception {
        List<String> want = expected(probes, false);
        assertThat(want).hasSizeGreaterThan(250); // present keys, two-row keys among them
        assertThat(collect(withProbes(""), join(""))).containsExactlyInAnyOrderElementsOf(want);
    }

    @Test
    void aLeftLookupJoinGivesNullsForMissingKeys() throws Exception {
        assertThat(collect(withProbes(""), join("LEFT")))
                .containsExactlyInAnyOrderElementsOf(expected(probes, true));
    }

    @Test
    void withFlinksPartialCacheTheJoinIsTheSame() throws Exception {
        TableEnvironment t =
                withProbes(
                        ", 'lookup.cache'='PARTIAL', 'lookup.partial-cache.max-rows'='200',"
                                + " 'lookup.partial-cache.expire-after-write'='1 h'");
        assertThat(t.explainSql(join("LEFT"))).contains("LookupJoin");
        assertThat(collect(t, join("LEFT")))
                .containsExactlyInAnyOrderElementsOf(expected(probes, true));
    }

    @Test
    void aTwoColumnKeyMatchesBothColumns() throws Exception {
        List<Long> keys = new ArrayList<>();
        List<Integer> k2s = new ArrayList<>();
        List<String> want = new ArrayList<>();
        Random random = new Random(7);
        for (int id = 0; id < 300; id++) {
            DimRow r = TestingDimTable.row(random.nextInt(100_000));
            int k2 = random.nextBoolean() ? r.k2() : (r.k2() + 1) % 7;
            keys.add(r.k());
            k2s.add(k2);
            for (DimRow m : TestingDimTable.matching(rows, r.k(), k2)) {
                want.add("+I[" + id + ", " + show(m.name()) + "]");
            }
        }
        assertThat(want).hasSizeGreaterThan(100);
        TableEnvironment t = env("");
        probeTable(t, "probe2", keys, k2s);
        String query =
                "SELECT p.id, d.name FROM probe2 AS p"
                        + " JOIN dim FOR SYSTEM_TIME AS OF p.proc AS d ON p.k = d.k AND p.k2 = d.k2";
        assertThat(collect(t, query)).containsExactlyInAnyOrderElementsOf(want);
    }

    @Test
    void asynchronousLookupsInBatchesGiveTheSameJoin() throws Exception {
        TableEnvironment t =
                withProbes(
                        ", 'lookup.async'='true', 'lookup.async.batch-size'='16',"
                                + " 'lookup.async.threads'='3'");
        t.getConfig().set("table.exec.async-lookup.buffer-capacity", "40");
        assertThat(t.explainSql(join("LEFT"))).contains("async=[");
        assertThat(collect(t, join("LEFT")))
                .containsExactlyInAnyOrderElementsOf(expected(probes, true));
    }

    @Test
    void asynchronousLookupsBehindFlinksPartialCacheGiveTheSameJoin() throws Exception {
        TableEnvironment t =
                withProbes(
                        ", 'lookup.async'='true', 'lookup.cache'='PARTIAL',"
                                + " 'lookup.partial-cache.max-rows'='100'");
        assertThat(collect(t, join("")))
                .containsExactlyInAnyOrderElementsOf(expected(probes, false));
    }

    @Test
    void flinksFullCacheLoadedByPqxGivesTheSameJoin() throws Exception {
        TableEnvironment t =
                withProbes(
                        ", 'lookup.cache'='FULL',"
                                + " 'lookup.full-cache.periodic-reload.interval'='1 h'");
        assertThat(collect(t, join("LEFT")))
                .containsExactlyInAnyOrderElementsOf(expected(probes, true));
    }

    @Test
    void aKeyOnAFieldAfterOnesNotSelectedIndexesTheProjectedRow() throws Exception {
        // the planner pushes the projection [name, v] and gives the key (v) as its index there
        List<String> want = new ArrayList<>();
        for (int id = 0; id < probes.size(); id++) {
            Long k = probes.get(id);
            if (k != null && k % 2 == 0 && k >= 0 && k / 2 < 100_000) {
                DimRow r = TestingDimTable.row((int) (k / 2));
                if (r.v() == k / 4.0) {
                    want.add("+I[" + id + ", " + show(r.name()) + "]");
                }
            }
        }
        assertThat(want).hasSizeGreaterThan(100);
        String query =
                "SELECT p.id, d.name FROM (SELECT id, CAST(k AS DOUBLE) / 4 AS v, proc"
                        + " FROM probe) AS p JOIN dim FOR SYSTEM_TIME AS OF p.proc AS d ON p.v = d.v";
        for (String options :
                List.of(
                        "",
                        ", 'lookup.async'='true'",
                        ", 'lookup.cache'='FULL',"
                                + " 'lookup.full-cache.periodic-reload.interval'='1 h'")) {
            TableEnvironment t = withProbes(options);
            assertThat(collect(t, query))
                    .as("with %s", options)
                    .containsExactlyInAnyOrderElementsOf(want);
        }
    }

    @Test
    void aWhereOnTheDimensionSideFiltersTheJoinedRows() throws Exception {
        List<String> want = new ArrayList<>();
        for (int id = 0; id < probes.size(); id++) {
            for (DimRow r : TestingDimTable.matching(rows, probes.get(id), null)) {
                if (r.v() > 30_000.0) {
                    want.add("+I[" + id + ", " + r.v() + "]");
                }
            }
        }
        String query =
                "SELECT p.id, d.v FROM probe AS p"
                        + " JOIN dim FOR SYSTEM_TIME AS OF p.proc AS d ON p.k = d.k WHERE d.v > 30000";
        assertThat(want).isNotEmpty();
        assertThat(collect(withProbes(""), query)).containsExactlyInAnyOrderElementsOf(want);
    }
}
