package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.table.sink.TestingFailOnceFunction;
import io.pqx.table.sink.TestingTableFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch {@code INSERT INTO} and {@code INSERT OVERWRITE} into pqx tables through SQL: dynamic and
 * static partitions, unpartitioned tables, the default partition name and the success-file policy;
 * every table read back through SQL and the files on disk checked.
 */
class PqxTableSinkBatchITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    @TempDir Path dir;
    TableEnvironment t;

    @BeforeEach
    void batch() {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("parallelism.default", "2");
    }

    private void partitioned(String name, String extraOptions) {
        t.executeSql(
                "CREATE TABLE "
                        + name
                        + " (id INT, name STRING, dt STRING, hr INT)"
                        + " PARTITIONED BY (dt, hr) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve(name).toUri()
                        + "'"
                        + extraOptions
                        + ")");
    }

    private void unpartitioned(String name) {
        t.executeSql(
                "CREATE TABLE "
                        + name
                        + " (id INT, name STRING) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + dir.resolve(name).toUri()
                        + "')");
    }

    private void run(String sql) throws Exception {
        t.executeSql(sql).await();
    }

    private List<String> rows(String query) {
        return CollectionUtil.iteratorToList(t.executeSql(query).collect()).stream()
                .map(Row::toString)
                .sorted()
                .toList();
    }

    /** A VALUES list of n rows: (id, 'n<id>') with ids from {@code from}. */
    private static String values(int from, int n) {
        StringBuilder s = new StringBuilder("VALUES ");
        for (int i = from; i < from + n; i++) {
            s.append(i > from ? ", " : "")
                    .append("(")
                    .append(i)
                    .append(", 'n")
                    .append(i)
                    .append("')");
        }
        return s.toString();
    }

    @Test
    void dynamicPartitionsAreWrittenAndReadBack() throws Exception {
        partitioned("t", "");
        run(
                "INSERT INTO t SELECT id, name, IF(MOD(id, 2) = 0, 'd0', 'd1'), MOD(id, 3)"
                        + " FROM ("
                        + values(0, 60)
                        + ") AS v(id, name)");
        assertThat(TestingTableFiles.partitions(dir.resolve("t")))
                .containsExactly(
                        "dt=d0/hr=0",
                        "dt=d0/hr=1",
                        "dt=d0/hr=2",
                        "dt=d1/hr=0",
                        "dt=d1/hr=1",
                        "dt=d1/hr=2");
        // data columns only in the files; partition values from the directories
        assertThat(TestingTableFiles.rows(dir.resolve("t/dt=d1/hr=2"), r -> r.getArity()))
                .containsOnly(2)
                .hasSize(10);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            expected.add(
                    "+I[" + i + ", n" + i + ", " + (i % 2 == 0 ? "d0" : "d1") + ", " + i % 3 + "]");
        }
        assertThat(rows("SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void staticPartitionsTakeTheirValuesFromThePartitionClause() throws Exception {
        partitioned("t", "");
        run(
                "INSERT INTO t PARTITION (dt='2024-03-09', hr=7) SELECT * FROM ("
                        + values(0, 3)
                        + ") AS v(id, name)");
        // a static prefix, a dynamic rest
        run(
                "INSERT INTO t PARTITION (dt='x y') SELECT id, name, id FROM ("
                        + values(10, 2)
                        + ") AS v(id, name)");
        assertThat(TestingTableFiles.partitions(dir.resolve("t")))
                .containsExactly("dt=2024-03-09/hr=7", "dt=x y/hr=10", "dt=x y/hr=11");
        assertThat(rows("SELECT * FROM t"))
                .containsExactlyInAnyOrder(
                        "+I[0, n0, 2024-03-09, 7]",
                        "+I[1, n1, 2024-03-09, 7]",
                        "+I[2, n2, 2024-03-09, 7]",
                        "+I[10, n10, x y, 10]",
                        "+I[11, n11, x y, 11]");
    }

    @Test
    void unpartitionedTablesAppend() throws Exception {
        unpartitioned("u");
        run("INSERT INTO u " + values(0, 5));
        run("INSERT INTO u " + values(5, 5));
        assertThat(TestingTableFiles.partitions(dir.resolve("u"))).containsExactly("");
        assertThat(rows("SELECT id FROM u"))
                .hasSize(10)
                .containsExactlyInAnyOrder(
                        "+I[0]", "+I[1]", "+I[2]", "+I[3]", "+I[4]", "+I[5]", "+I[6]", "+I[7]",
                        "+I[8]", "+I[9]");
    }

    @Test
    void nullAndEmptyPartitionValuesGoToTheDefaultName() throws Exception {
        partitioned("t", ", 'partition.default-name'='none/yet'");
        run(
                "INSERT INTO t VALUES (1, 'a', CAST(NULL AS STRING), 1), (2, 'b', '', 1),"
                        + " (3, 'c', 'd', CAST(NULL AS INT))");
        assertThat(TestingTableFiles.partitions(dir.resolve("t")))
                .containsExactly("dt=d/hr=none%2Fyet", "dt=none%2Fyet/hr=1");
        assertThat(TestingTableFiles.rows(dir.resolve("t/dt=none%2Fyet"), r -> r.getInt(0)))
                .containsExactlyInAnyOrder(1, 2);
        // read back as NULL (the empty string too, as Flink's filesystem connector does)
        assertThat(rows("SELECT * FROM t"))
                .containsExactly("+I[1, a, null, 1]", "+I[2, b, null, 1]", "+I[3, c, d, null]");
    }

    @Test
    void overwriteReplacesOnlyThePartitionsWritten() throws Exception {
        partitioned("t", "");
        run("INSERT INTO t VALUES (1, 'old', 'a', 0), (2, 'old', 'b', 0), (3, 'old', 'c', 0)");
        run("INSERT INTO t VALUES (4, 'older', 'a', 0)");
        run(
                "INSERT OVERWRITE t VALUES (10, 'new', 'a', 0), (11, 'new', 'b', 0),"
                        + " (12, 'new', 'b', 1)");
        assertThat(rows("SELECT * FROM t"))
                .containsExactly(
                        "+I[10, new, a, 0]",
                        "+I[11, new, b, 0]",
                        "+I[12, new, b, 1]",
                        "+I[3, old, c, 0]");
        // a fully static partition clause replaces its partition even when no row goes there
        run("INSERT OVERWRITE t PARTITION (dt='c', hr=0) SELECT id, name FROM t WHERE id < 0");
        assertThat(rows("SELECT id FROM t")).containsExactly("+I[10]", "+I[11]", "+I[12]");
        // a static prefix with no row replaces nothing (only written partitions are replaced)
        run("INSERT OVERWRITE t PARTITION (dt='a') SELECT id, name, hr FROM t WHERE id < 0");
        assertThat(rows("SELECT id FROM t")).containsExactly("+I[10]", "+I[11]", "+I[12]");
    }

    @Test
    void overwriteOfAnUnpartitionedTableReplacesEverything() throws Exception {
        unpartitioned("u");
        run("INSERT INTO u " + values(0, 40));
        Path hidden = Files.createFile(dir.resolve("u/_keep-me"));
        run("INSERT OVERWRITE u " + values(100, 3));
        assertThat(rows("SELECT * FROM u"))
                .containsExactly("+I[100, n100]", "+I[101, n101]", "+I[102, n102]");
        assertThat(hidden).as("hidden files are not the table's data").exists();
        run("INSERT OVERWRITE u SELECT * FROM u WHERE id < 0");
        assertThat(rows("SELECT * FROM u")).isEmpty();
        assertThat(TestingTableFiles.visible(dir.resolve("u"))).isEmpty();
    }

    @Test
    void theSuccessFilePolicyMarksEachCommittedPartition() throws Exception {
        partitioned("t", ", 'sink.partition-commit.policy.kind'='success-file'");
        run("INSERT INTO t VALUES (1, 'a', 'x', 0), (2, 'b', 'y', 0), (3, 'c', 'y', 1)");
        for (String p : List.of("dt=x/hr=0", "dt=y/hr=0", "dt=y/hr=1")) {
            assertThat(dir.resolve("t").resolve(p).resolve("_SUCCESS")).exists();
        }
        partitioned("plain", "");
        run("INSERT INTO plain VALUES (1, 'a', 'x', 0)");
        assertThat(dir.resolve("plain/dt=x/hr=0/_SUCCESS")).doesNotExist();
        assertThat(rows("SELECT id FROM t")).containsExactly("+I[1]", "+I[2]", "+I[3]");
    }

    @Test
    void aFailedOverwriteLeavesTheOldDataAsItWas() throws Exception {
        t.getConfig().set("restart-strategy.type", "none");
        partitioned("t", "");
        run("INSERT INTO t VALUES (1, 'old', 'a', 0), (2, 'old', 'b', 0)");
        List<Path> before = TestingTableFiles.visible(dir.resolve("t"));
        TestingFailOnceFunction.arm(13);
        t.createTemporarySystemFunction("failOnce", TestingFailOnceFunction.class);
        assertThatThrownBy(
                        () ->
                                run(
                                        "INSERT OVERWRITE t SELECT failOnce(id), name, 'a', 0 FROM ("
                                                + values(0, 40)
                                                + ") AS v(id, name)"))
                .hasStackTraceContaining("injected failure at 13");
        assertThat(TestingFailOnceFunction.failures()).isEqualTo(1);
        assertThat(TestingTableFiles.visible(dir.resolve("t"))).isEqualTo(before);
        assertThat(rows("SELECT * FROM t")).containsExactly("+I[1, old, a, 0]", "+I[2, old, b, 0]");
    }

    @Test
    void anOverwriteRestartedAfterAFailureCommitsEveryRowOnce() throws Exception {
        t.getConfig().set("restart-strategy.type", "fixed-delay");
        t.getConfig().set("restart-strategy.fixed-delay.attempts", "3");
        t.getConfig().set("restart-strategy.fixed-delay.delay", "50 ms");
        partitioned("t", "");
        run("INSERT INTO t VALUES (1, 'old', 'a', 0), (2, 'old', 'b', 0)");
        TestingFailOnceFunction.arm(13);
        t.createTemporarySystemFunction("failOnce", TestingFailOnceFunction.class);
        run(
                "INSERT OVERWRITE t SELECT failOnce(id), name, 'a', MOD(id, 2) FROM ("
                        + values(0, 40)
                        + ") AS v(id, name)");
        assertThat(TestingFailOnceFunction.failures()).isEqualTo(1);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            expected.add("+I[" + i + "]");
        }
        assertThat(rows("SELECT id FROM t WHERE dt = 'a'"))
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(rows("SELECT * FROM t WHERE dt = 'b'")).containsExactly("+I[2, old, b, 0]");
    }
}
