package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pqx table returns the VARIANTs SQL inserted into it: {@code INSERT INTO ... SELECT id,
 * PARSE_JSON(j)} of JSON texts of every kind (nested objects and arrays, integers of every width
 * and beyond 64 bits, decimals, doubles, non-ASCII and escaped strings, JSON nulls at every level,
 * empty objects and arrays, non-objects) and a SQL NULL, unshredded and under shredding types that
 * match the objects, match them partly (fields of other types, integers too wide) and shred a
 * nested ROW and an ARRAY; then {@code JSON_STRING(v)} of each row read from the table equals
 * Flink's own {@code JSON_STRING(PARSE_JSON(j))} of the same text. The shredding types hold no
 * DECIMAL: a decimal shredded into a DECIMAL of a larger scale is the same Variant value but prints
 * with the column's scale.
 */
class PqxTableVariantRoundTripITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    /** The JSON texts, one a row (ids from 1); no single quotes, they go into SQL literals. */
    private static final List<String> JSON =
            List.of(
                    "{\"id\": 7, \"name\": \"zürich\", \"flag\": true, \"ratio\": 1.5e300,"
                            + " \"tags\": [\"a\", \"日本語\"], \"address\": {\"city\": \"Ελληνικά\","
                            + " \"zip\": 8001}, \"items\": [{\"sku\": \"x\", \"qty\": 3}]}",
                    "{\"id\": 9223372036854775807, \"name\": 42, \"flag\": \"yes\", \"tags\": [1,"
                            + " null, 2], \"address\": \"none\", \"items\": [{\"sku\": null,"
                            + " \"qty\": 70000, \"extra\": {}}, null, 5]}",
                    "{\"id\": -128, \"name\": null, \"address\": {\"city\": null, \"zip\":"
                            + " 123456789012345678901234, \"more\": [[], {}]}, \"price\": 12.34}",
                    "{}",
                    "[]",
                    "[{\"sku\": \"emoji 😀\", \"qty\": -32768}, {\"qty\": 1.50}, [1, 2], \"s\"]",
                    "null",
                    "\"tab\\tquote\\\"back\\\\slash ctl \\u0001\"",
                    "-12345678901234567890.1234567890",
                    "3.14159265358979323846264338327950288419716939937510",
                    "{\"ratio\": -2.5E-300, \"nested\": {\"deep\": {\"deeper\": [null, {\"x\":"
                            + " false}]}}, \"flag\": false, \"id\": 2147483648}",
                    "{\"tags\": [], \"items\": [], \"address\": {}, \"id\": 0.5}");

    private static final String[] SHREDDINGS = {
        "",
        "ROW<id BIGINT, name STRING, flag BOOLEAN, ratio DOUBLE, tags ARRAY<STRING>,"
                + " address ROW<city STRING, zip BIGINT>, items ARRAY<ROW<sku STRING, qty BIGINT>>>",
        "ROW<id INT, name BIGINT, flag STRING, ratio FLOAT, tags ARRAY<TINYINT>, address STRING>",
        "ROW<address ROW<city STRING, zip INT>, items ARRAY<ROW<sku STRING, qty SMALLINT>>>",
        "ARRAY<ROW<sku STRING, qty BIGINT>>"
    };

    /** Lookup keys: documents, the SQL NULL row (its JSON_STRINGs are null) and a missing id. */
    private static final List<Integer> PROBES = List.of(1, 2, 6, 11, JSON.size() + 1, 99);

    @TempDir Path dir;
    TableEnvironment t;

    @BeforeEach
    void batch() {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("parallelism.default", "1");
    }

    /** The texts, and a SQL NULL as the last row, as a VALUES table {@code t(id, j)}. */
    private static String texts() {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < JSON.size(); i++) {
            rows.add("(" + (i + 1) + ", '" + JSON.get(i) + "')");
        }
        rows.add("(" + (JSON.size() + 1) + ", CAST(NULL AS STRING))");
        return "(VALUES " + String.join(", ", rows) + ") AS t(id, j)";
    }

    @Test
    void jsonStringsOfTheVariantsReadEqualFlinksOwnUnderEveryShredding() throws Exception {
        Map<Integer, String> expected =
                collect("SELECT id, JSON_STRING(PARSE_JSON(j)) FROM " + texts());
        assertThat(expected).hasSize(JSON.size() + 1).containsEntry(JSON.size() + 1, null);
        assertThat(expected.get(1)).contains("\"zürich\"", "8001");
        for (int i = 0; i < SHREDDINGS.length; i++) {
            String name = "v" + i;
            String option =
                    SHREDDINGS[i].isEmpty()
                            ? ""
                            : ", 'sink.variant.shredding.v'='" + SHREDDINGS[i] + "'";
            t.executeSql(
                    "CREATE TABLE "
                            + name
                            + " (id INT, v VARIANT) WITH ('connector'='pqx', 'path'='"
                            + dir.resolve(name).toUri()
                            + "'"
                            + option
                            + ")");
            t.executeSql("INSERT INTO " + name + " SELECT id, PARSE_JSON(j) FROM " + texts())
                    .await();
            assertThat(collect("SELECT id, JSON_STRING(v) FROM " + name))
                    .as("shredding <%s>", SHREDDINGS[i])
                    .isEqualTo(expected);
        }
    }

    /**
     * VARIANTs as ARRAY elements and MAP values read back too (Flink 2.3's own columnar array
     * refuses {@code getVariant}): {@code JSON_STRING(a[1])} and {@code JSON_STRING(m['k'])} equal
     * Flink's {@code JSON_STRING(PARSE_JSON(j))}, unshredded and shredded.
     */
    @Test
    void jsonStringsOfVariantsInArraysAndMapsEqualFlinksOwn() throws Exception {
        Map<Integer, String> expected =
                collect("SELECT id, JSON_STRING(PARSE_JSON(j)) FROM " + texts());
        t.executeSql(
                "CREATE TABLE probe (k INT, proc AS PROCTIME()) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("probe").toUri()
                        + "')");
        t.executeSql(
                        "INSERT INTO probe VALUES "
                                + String.join(
                                        ", ", PROBES.stream().map(k -> "(" + k + ")").toList()))
                .await();
        for (int i = 0; i < 2; i++) {
            String name = "c" + i;
            String shredding = SHREDDINGS[1];
            String options =
                    i == 0
                            ? ""
                            : ", 'sink.variant.shredding.a.list.element'='"
                                    + shredding
                                    + "', 'sink.variant.shredding.m.key_value.value'='"
                                    + shredding
                                    + "'";
            t.executeSql(
                    "CREATE TABLE "
                            + name
                            + " (id INT, a ARRAY<VARIANT>, m MAP<STRING, VARIANT>) WITH"
                            + " ('connector'='pqx', 'path'='"
                            + dir.resolve(name).toUri()
                            + "'"
                            + options
                            + ")");
            t.executeSql(
                            "INSERT INTO "
                                    + name
                                    + " SELECT id, ARRAY[PARSE_JSON(j)],"
                                    + " MAP['k', PARSE_JSON(j)] FROM "
                                    + texts())
                    .await();
            assertThat(collect("SELECT id, JSON_STRING(a[1]) FROM " + name))
                    .as("array, shredded %s", i == 1)
                    .isEqualTo(expected);
            assertThat(collect("SELECT id, JSON_STRING(m['k']) FROM " + name))
                    .as("map, shredded %s", i == 1)
                    .isEqualTo(expected);
            // a lookup join copies the rows it serves, which reads each element's variant
            String join =
                    "SELECT p.k, JSON_STRING(d.a[1]) || ' ' || JSON_STRING(d.m['k']) FROM probe"
                            + " AS p JOIN "
                            + name
                            + " FOR SYSTEM_TIME AS OF p.proc AS d ON p.k = d.id";
            assertThat(t.explainSql(join)).contains("LookupJoin");
            Map<Integer, String> joined = new TreeMap<>();
            for (int k : PROBES) {
                if (expected.containsKey(k)) {
                    String json = expected.get(k);
                    joined.put(k, json == null ? null : json + " " + json);
                }
            }
            assertThat(collect(join)).as("lookup join, shredded %s", i == 1).isEqualTo(joined);
        }
    }

    private Map<Integer, String> collect(String query) throws Exception {
        Map<Integer, String> got = new TreeMap<>();
        try (CloseableIterator<Row> it = t.executeSql(query).collect()) {
            it.forEachRemaining(r -> got.put((Integer) r.getField(0), (String) r.getField(1)));
        }
        return got;
    }
}
