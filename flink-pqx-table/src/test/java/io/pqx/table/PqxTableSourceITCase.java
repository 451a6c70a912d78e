package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The scan of pqx tables through SQL, batch: what is pushed and what comes out. */
class PqxTableSourceITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir Path dir;
    TableEnvironment t;

    @BeforeEach
    void createTable() throws Exception {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.executeSql(
                "CREATE TABLE t (id INT, addr ROW<city STRING, zip INT>, note STRING, dt STRING)"
                        + " PARTITIONED BY (dt) WITH ('connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "',"
                        + " 'sink.row-group.rows'='10')");
        t.executeSql(
                        "INSERT INTO t SELECT id, ROW(CONCAT('c', CAST(MOD(id, 3) AS STRING)), id * 10),"
                                + " CASE WHEN MOD(id, 5) = 0 THEN CAST(NULL AS STRING) ELSE 'n' END,"
                                + " CASE WHEN id < 40 THEN 'a' WHEN id < 80 THEN 'b' ELSE CAST(NULL AS STRING) END"
                                + " FROM (VALUES "
                                + ids(100)
                                + ") AS s(id)")
                .await();
    }

    static String ids(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append('(').append(i).append(')');
        }
        return b.toString();
    }

    private List<Row> rows(String sql) {
        return CollectionUtil.iteratorToList(t.executeSql(sql).collect());
    }

    @Test
    void explainShowsWhatWasPushed() {
        String plan = t.explainSql("SELECT addr.zip, id FROM t WHERE dt = 'b' LIMIT 3");
        // the scan's digest names the partitions left, the projected fields (nested) and the limit
        assertThat(plan)
                .contains("partitions=[{dt=b}]")
                .contains("project=[addr_zip, id]")
                .contains("limit=[3]");
        String nulls = t.explainSql("SELECT id FROM t WHERE dt IS NULL");
        assertThat(nulls).contains("partitions=[{dt=null}]");
    }

    @Test
    void twoScansOfOneTableThatPruneDifferentlyEachKeepTheirRows() throws Exception {
        t.executeSql(
                "CREATE TABLE x (id INT, up DOUBLE, down DOUBLE) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + dir.resolve("x").toUri()
                        + "', 'sink.row-group.rows'='10',"
                        + " 'sink.parallelism'='1')");
        t.executeSql(
                        "INSERT INTO x SELECT id, CAST(id AS DOUBLE), CAST(100 - id AS DOUBLE)"
                                + " FROM (VALUES "
                                + ids(100)
                                + ") AS s(id)")
                .await();
        // DOUBLE comparisons prune row groups (by their minimum) but stay remaining: the planner
        // must not take either scan for the other, as it does for scans that accept the same
        String query =
                "SELECT 'lo', * FROM x WHERE up < 10 UNION ALL SELECT 'hi', * FROM x"
                        + " WHERE down < 10";
        List<Row> out = rows(query);
        assertThat(out.stream().filter(r -> r.getField(0).equals("lo"))).hasSize(10);
        assertThat(out.stream().filter(r -> r.getField(0).equals("hi"))).hasSize(9);
        // and Flink still evaluates both on every row
        assertThat(t.explainSql(query))
                .contains("where=[<(up, 10)]")
                .contains("where=[<(down, 10)]");
    }

    @Test
    void nestedProjectionGivesTheNestedValues() {
        List<Row> got = rows("SELECT addr.zip, id, addr.city FROM t WHERE id IN (3, 4)");
        assertThat(got)
                .extracting(Row::toString)
                .containsExactlyInAnyOrder("+I[30, 3, c0]", "+I[40, 4, c1]");
    }

    @Test
    void partitionPushDownReadsOnlyThePartitionsLeftAndTheNullOne() {
        assertThat(rows("SELECT id FROM t WHERE dt = 'b'"))
                .hasSize(40)
                .allMatch(r -> (int) r.getField(0) >= 40 && (int) r.getField(0) < 80);
        assertThat(rows("SELECT id FROM t WHERE dt IS NULL"))
                .hasSize(20)
                .allMatch(r -> (int) r.getField(0) >= 80);
        assertThat(rows("SELECT id FROM t WHERE dt > 'a'")).hasSize(40);
        assertThat(rows("SELECT id FROM t WHERE UPPER(dt) = 'A'")).hasSize(40);
    }

    @Test
    void aLimitReturnsThatManyRows() {
        assertThat(rows("SELECT id FROM t LIMIT 7")).hasSize(7);
        assertThat(rows("SELECT id FROM t WHERE note IS NULL LIMIT 3")).hasSize(3);
    }

    @Test
    void badOptionsAndUnreadableColumnsFailAtPlanTime() {
        t.executeSql(
                "CREATE TABLE typo (id INT) WITH ('connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "', 'source.batch-sise'='10')");
        assertThatThrownBy(() -> t.explainSql("SELECT * FROM typo"))
                .hasStackTraceContaining("source.batch-sise");
        t.executeSql(
                "CREATE TABLE bad (id INT) WITH ('connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "', 'source.batch-size'='many')");
        assertThatThrownBy(() -> t.explainSql("SELECT * FROM bad"))
                .hasStackTraceContaining("source.batch-size")
                .hasStackTraceContaining("many");
        t.executeSql(
                "CREATE TABLE wrong (id INT, note INT, dt STRING) PARTITIONED BY (dt) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "')");
        assertThatThrownBy(() -> t.explainSql("SELECT * FROM wrong"))
                .hasStackTraceContaining("note")
                .hasStackTraceContaining(".parquet");
    }
}
