package io.pqx.e2e.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partitioned table written by pqx through SQL ({@code INSERT INTO}) is read by DuckDB 2.0 with
 * {@code hive_partitioning} as the same rows Flink reads back through pqx.
 */
class SqlWrittenDuckDbReadsITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path dir;

    @Test
    void duckDbReadsTheRowsFlinkWroteThroughPqx() throws Exception {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("parallelism.default", "2");
        t.executeSql(
                "CREATE TABLE t (id INT, big BIGINT, name STRING, price DECIMAL(10, 2),"
                        + " d DATE, ts TIMESTAMP(6), ok BOOLEAN, x DOUBLE, region STRING)"
                        + " PARTITIONED BY (region) WITH ('connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "',"
                        + " 'sink.row-group.rows'='50')");
        // literals only: a VALUES row with expressions becomes a source task of its own
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            values.append(i == 0 ? "" : ", ")
                    .append('(')
                    .append(i)
                    .append(", ")
                    .append(i * 1_000_003L)
                    .append(", '")
                    .append(i % 9 == 0 ? "" : "n" + i)
                    .append("', ")
                    .append(i)
                    .append(".25, DATE '")
                    .append(LocalDate.of(2024, 1, 1).plusDays(i))
                    .append("', TIMESTAMP '")
                    .append(
                            LocalDateTime.of(2024, 3, 9, 10, 0, 0, 123_456_000)
                                    .plusMinutes(i)
                                    .toString()
                                    .replace('T', ' '))
                    .append("', ")
                    .append(i % 2 == 0)
                    .append(", ")
                    .append(i)
                    .append(", '")
                    .append(i % 3 == 0 ? "eu" : i % 3 == 1 ? "us" : "ap")
                    .append("')");
        }
        t.executeSql(
                        "INSERT INTO t SELECT id, CAST(big AS BIGINT), NULLIF(name, ''),"
                                + " CAST(price AS DECIMAL(10, 2)), d, CAST(ts AS TIMESTAMP(6)), ok, half / 2.0E0, region"
                                + " FROM (VALUES "
                                + values
                                + ") AS v(id, big, name, price, d, ts, ok, half, region)")
                .await();

        List<String> flink = new ArrayList<>();
        for (Row r : CollectionUtil.iteratorToList(t.executeSql("SELECT * FROM t").collect())) {
            List<Object> fields = new ArrayList<>();
            for (int i = 0; i < r.getArity(); i++) {
                fields.add(r.getField(i));
            }
            flink.add(render(fields));
        }

        List<String> duck = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT id, big, name, price, d, ts, ok, x, region FROM"
                                        + " read_parquet('"
                                        + dir
                                        + "/**/*.parquet', hive_partitioning = true)")) {
            while (rs.next()) {
                List<Object> fields = new ArrayList<>();
                fields.add(rs.getObject(1));
                fields.add(rs.getObject(2));
                fields.add(rs.getString(3));
                fields.add(rs.getBigDecimal(4));
                fields.add(rs.getObject(5, LocalDate.class));
                fields.add(rs.getObject(6, LocalDateTime.class));
                fields.add(rs.getObject(7));
                fields.add(rs.getObject(8));
                fields.add(rs.getString(9));
                duck.add(render(fields));
            }
        }
        assertThat(duck).hasSize(300).containsExactlyInAnyOrderElementsOf(flink);
    }

    private static String render(List<Object> fields) {
        List<String> out = new ArrayList<>();
        for (Object f : fields) {
            out.add(
                    f instanceof BigDecimal d
                            ? d.stripTrailingZeros().toPlainString()
                            : Objects.toString(f));
        }
        return String.join("|", out);
    }
}
