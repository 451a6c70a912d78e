package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Aggregates answered from footers: the same results as the plan that reads the rows, and pushed
 * only where the footers answer exactly.
 */
class PqxTableAggregateITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir static Path dir;
    static TableEnvironment pushed;
    static TableEnvironment unpushed;

    @BeforeAll
    static void createTable() throws Exception {
        pushed = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        unpushed = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        unpushed.getConfig().set("table.optimizer.source.aggregate-pushdown-enabled", "false");
        String ddl =
                "CREATE TABLE t (id INT, big BIGINT, d DATE, s STRING, x DOUBLE, dt STRING)"
                        + " PARTITIONED BY (dt) WITH ('connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "',"
                        + " 'sink.row-group.rows'='7')";
        pushed.executeSql(ddl);
        unpushed.executeSql(ddl);
        // literals only (a VALUES row with expressions becomes a task of its own); -999 is NULL
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            values.append(i == 0 ? "" : ", ")
                    .append('(')
                    .append(i % 11 == 0 ? -999 : i * 7 % 50 - 20)
                    .append(", ")
                    .append((long) i * 1_000_000_007L)
                    .append(", DATE '")
                    .append(LocalDate.of(2024, 1, 1).plusDays(i))
                    .append("', 's")
                    .append(i % 5)
                    .append("', ")
                    .append(i)
                    .append(", '")
                    .append(i < 20 ? "a" : i < 45 ? "b" : "")
                    .append("')");
        }
        pushed.executeSql(
                        "INSERT INTO t SELECT NULLIF(id, -999), big, d, s, x / 2.0E0, NULLIF(dt, '')"
                                + " FROM (VALUES "
                                + values
                                + ") AS v(id, big, d, s, x, dt)")
                .await();
    }

    private static List<String> rows(TableEnvironment t, String sql) {
        return CollectionUtil.iteratorToList(t.executeSql(sql).collect()).stream()
                .map(Row::toString)
                .toList();
    }

    private static void assertSame(String sql, boolean expectPushed) {
        String plan = pushed.explainSql(sql);
        assertThat(plan.contains("aggregates=[")).as("pushed: " + plan).isEqualTo(expectPushed);
        assertThat(rows(pushed, sql)).containsExactlyInAnyOrderElementsOf(rows(unpushed, sql));
    }

    @Test
    void countsAndIntegerBoundsComeFromFooters() {
        assertSame("SELECT COUNT(*) FROM t", true);
        assertSame("SELECT COUNT(*), COUNT(id), MIN(id), MAX(id), MIN(big), MAX(d) FROM t", true);
        assertSame("SELECT dt, COUNT(*), MAX(id) FROM t GROUP BY dt", true);
        assertSame("SELECT COUNT(*), MIN(id) FROM t WHERE dt = 'b'", true);
        assertSame("SELECT COUNT(*) FROM t WHERE dt IS NULL", true);
    }

    @Test
    void whatFootersCannotAnswerExactlyIsNotPushed() {
        assertSame("SELECT COUNT(*) FROM t WHERE id > 3", false);
        assertSame("SELECT MIN(s), MAX(x) FROM t", false);
        assertSame("SELECT s, COUNT(*) FROM t GROUP BY s", false);
        assertSame("SELECT COUNT(DISTINCT id) FROM t", false);
    }
}
