package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A pqx table written and read through SQL, batch. */
class PqxTableSmokeITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir Path dir;

    @Test
    void insertsAndSelectsThroughSql() throws Exception {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.executeSql(
                "CREATE TABLE t (id INT, name STRING, dt STRING) PARTITIONED BY (dt) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.toUri()
                        + "')");
        t.executeSql("INSERT INTO t VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd2')").await();
        List<Row> rows =
                CollectionUtil.iteratorToList(
                        t.executeSql("SELECT name, id FROM t WHERE id >= 2").collect());
        assertThat(rows)
                .extracting(Row::toString)
                .containsExactlyInAnyOrder("+I[b, 2]", "+I[c, 3]");
        List<Row> byDate =
                CollectionUtil.iteratorToList(
                        t.executeSql("SELECT id FROM t WHERE dt = 'd1'").collect());
        assertThat(byDate).extracting(r -> r.getField(0)).containsExactlyInAnyOrder(1, 2);
    }
}
