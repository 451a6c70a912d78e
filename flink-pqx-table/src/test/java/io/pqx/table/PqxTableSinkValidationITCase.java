package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a pqx table's sink refuses when an {@code INSERT} is planned, each with a message naming the
 * table and the option or column; no job runs and nothing is written.
 */
class PqxTableSinkValidationITCase {
    @TempDir Path dir;
    TableEnvironment t;

    @BeforeEach
    void batch() {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    private AbstractThrowableAssert<?, ? extends Throwable> insertFails(
            String columns, String partitionedBy, String options, String values) {
        t.executeSql(
                "CREATE TABLE t ("
                        + columns
                        + ")"
                        + partitionedBy
                        + " WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("t").toUri()
                        + "'"
                        + options
                        + ")");
        return assertThatThrownBy(() -> t.executeSql("INSERT INTO t VALUES " + values).await())
                .isInstanceOf(ValidationException.class);
    }

    private AbstractThrowableAssert<?, ? extends Throwable> insertFails(String options) {
        return insertFails("id INT, dt STRING", " PARTITIONED BY (dt)", options, "(1, 'x')");
    }

    @Test
    void anUnknownSinkOptionIsRefused() {
        insertFails(", 'sink.row-group.row'='5'")
                .hasStackTraceContaining("sink.row-group.row")
                .hasStackTraceContaining("default_catalog.default_database.t");
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        insertFails(", 'sink.row-group.rows'='many'")
                .hasStackTraceContaining("sink.row-group.rows")
                .hasStackTraceContaining("many");
    }

    @Test
    void valuesTheSinkRefusesAreNamedWithTheTable() {
        insertFails(", 'sink.row-group.rows'='0'")
                .hasStackTraceContaining("Table default_catalog.default_database.t")
                .hasStackTraceContaining("sink.row-group.rows must be > 0 but is 0");
    }

    @Test
    void aColumnTypePqxCannotWriteIsNamed() {
        insertFails(
                        "id INT, doc ROW<>, dt STRING",
                        " PARTITIONED BY (dt)",
                        "",
                        "(1, CAST(NULL AS ROW<>), 'x')")
                .hasStackTraceContaining("Table default_catalog.default_database.t")
                .hasStackTraceContaining("field doc")
                .hasStackTraceContaining("a ROW needs at least one field");
    }

    @Test
    void theMetastorePolicyIsRefusedSayingWhy() {
        insertFails(", 'sink.partition-commit.policy.kind'='metastore,success-file'")
                .hasStackTraceContaining("'sink.partition-commit.policy.kind' names 'metastore'")
                .hasStackTraceContaining("GenericInMemoryCatalog");
    }

    @Test
    void unknownPolicyKindsAndDisagreeingSuccessFileOptionsAreRefused() {
        insertFails(", 'sink.partition-commit.policy.kind'='success_file'")
                .hasStackTraceContaining("must be a comma-separated list of 'success-file'");
        t.executeSql("DROP TABLE t");
        insertFails(
                        ", 'sink.partition-commit.policy.kind'='success-file',"
                                + " 'sink.partition-commit.success-file'='false'")
                .hasStackTraceContaining("'sink.partition-commit.success-file' is false");
    }

    @Test
    void badTableLevelSinkOptionsAreRefused() {
        insertFails(", 'sink.parallelism'='0'")
                .hasStackTraceContaining("'sink.parallelism' must be > 0");
        t.executeSql("DROP TABLE t");
        insertFails(", 'partition.default-name'=' '")
                .hasStackTraceContaining("default partition name must not be empty");
    }
}
