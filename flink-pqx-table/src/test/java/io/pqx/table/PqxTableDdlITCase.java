package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DDL as Flink users write it, planned (no job runs): the filesystem connector's spellings are
 * accepted, and each mistake fails naming it in the message of the exception the factory throws,
 * which has no cause, so that it is also the innermost message, the one Flink's SQL client shows.
 */
class PqxTableDdlITCase {
    @TempDir Path dir;

    private final TableEnvironment batch =
            TableEnvironment.create(EnvironmentSettings.inBatchMode());

    /** Writes a file of the given INT columns (values 0..rows-1) into {@code table/sub}. */
    private Path file(String table, String sub, String... columns) throws Exception {
        Path directory = Files.createDirectories(dir.resolve(table).resolve(sub));
        LogicalType[] types = new LogicalType[columns.length];
        Arrays.fill(types, new IntType());
        try (ParquetWriter w =
                ParquetWriter.builder(RowType.of(types, columns))
                        .options(WriteOptions.builder().build())
                        .create(
                                new org.apache.flink.core.fs.Path(
                                        directory.resolve("f.parquet").toUri()))) {
            for (int i = 0; i < 3; i++) {
                Object[] values = new Object[columns.length];
                Arrays.fill(values, i);
                w.write(GenericRowData.of(values));
            }
        }
        return dir.resolve(table);
    }

    private void create(TableEnvironment t, String columns, Path path, String options) {
        t.executeSql(
                "CREATE TABLE t ("
                        + columns
                        + ") WITH ('connector'='pqx', 'path'='"
                        + path.toUri()
                        + "'"
                        + options
                        + ")");
    }

    /**
     * The exception pqx's factory threw, found under Flink's "Unable to create a source/sink"
     * wrapper; asserted to be the innermost one.
     */
    private static AbstractThrowableAssert<?, ? extends Throwable> factoryError(Throwable thrown) {
        Throwable t = thrown;
        while (t.getCause() != null
                && !String.valueOf(t.getMessage()).startsWith("Unable to create a")) {
            t = t.getCause();
        }
        assertThat(t.getMessage())
                .as("Flink's wrapper of the factory's exception")
                .startsWith("Unable to create a");
        Throwable factory = t.getCause();
        assertThat(factory).isInstanceOf(ValidationException.class);
        assertThat(factory.getCause()).as("the factory's message is the innermost one").isNull();
        return assertThat(factory);
    }

    private AbstractThrowableAssert<?, ? extends Throwable> selectFails(String query) {
        Throwable thrown = catchPlanning(() -> batch.explainSql(query));
        return factoryError(thrown);
    }

    private static Throwable catchPlanning(Runnable planning) {
        try {
            planning.run();
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError("planning succeeded");
    }

    @Test
    void aPathThatDoesNotExistFailsABoundedScanNamingPathAndOption() {
        Path missing = dir.resolve("no-such-table");
        create(batch, "id INT", missing, "");
        selectFails("SELECT * FROM t")
                .hasMessageContaining("option 'path'")
                .hasMessageContaining(missing.toUri().toString().replaceAll("/$", ""))
                .hasMessageContaining("does not exist");
    }

    @Test
    void aPathThatDoesNotExistIsAllowedInContinuousMode() {
        TableEnvironment streaming = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        create(streaming, "id INT", dir.resolve("later"), ", 'source.monitor-interval'='1 s'");
        assertThatCode(() -> streaming.explainSql("SELECT * FROM t")).doesNotThrowAnyException();
    }

    @Test
    void aBadValueNamesOptionValueAndWhatIsAcceptedAtTheTop() throws Exception {
        create(batch, "id INT", file("t", "", "id"), ", 'sink.rolling-policy.file-size'='lots'");
        factoryError(catchPlanning(() -> batch.explainSql("INSERT INTO t VALUES (1)")))
                .hasMessageContaining("option 'sink.rolling-policy.file-size'")
                .hasMessageContaining("'lots'")
                .hasMessageContaining("a memory size such as");
    }

    @Test
    void aBadEnumValueListsTheAcceptedValues() throws Exception {
        create(batch, "id INT", file("t", "", "id"), ", 'sink.compression.codec'='zip'");
        factoryError(catchPlanning(() -> batch.explainSql("INSERT INTO t VALUES (1)")))
                .hasMessageContaining("option 'sink.compression.codec'")
                .hasMessageContaining("'zip'")
                .hasMessageContaining("'ZSTD'");
    }

    @Test
    void anUnknownKeyNamesTheClosestKnownKeyFirst() throws Exception {
        create(batch, "id INT", file("t", "", "id"), ", 'sink.rolling-policy.file-sise'='1 mb'");
        selectFails("SELECT * FROM t")
                .hasMessageStartingWith(
                        "Table default_catalog.default_database.t: unknown option"
                                + " 'sink.rolling-policy.file-sise' (did you mean"
                                + " 'sink.rolling-policy.file-size'?)");
    }

    @Test
    void formatParquetIsAcceptedAndOtherFormatsAreRefusedByName() throws Exception {
        create(batch, "id INT", file("t", "", "id"), ", 'format'='parquet'");
        assertThat(batch.executeSql("SELECT * FROM t").collect()).toIterable().hasSize(3);
        batch.executeSql(
                "CREATE TABLE c (id INT) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("t").toUri()
                        + "', 'format'='csv')");
        selectFails("SELECT * FROM c")
                .hasMessageContaining("option 'format' is 'csv'")
                .hasMessageContaining("only 'parquet'");
    }

    @Test
    void theFilesystemConnectorsCommitTriggersAndTimeExtractorAreAccepted() throws Exception {
        Path path = dir.resolve("p");
        for (String trigger :
                new String[] {"process-time", "partition-time", "PROCESS_TIME", "WATERMARK"}) {
            batch.executeSql("DROP TABLE IF EXISTS t");
            batch.executeSql(
                    "CREATE TABLE t (id INT, dt STRING, h STRING) PARTITIONED BY (dt, h)"
                            + " WITH ('connector'='pqx', 'path'='"
                            + path.toUri()
                            + "', 'format'='parquet',"
                            + " 'sink.partition-commit.trigger'='"
                            + trigger
                            + "',"
                            + " 'sink.partition-commit.delay'='1 h',"
                            + " 'sink.partition-commit.policy.kind'='success-file',"
                            + " 'sink.partition-commit.watermark-time-zone'='Asia/Shanghai',"
                            + " 'partition.time-extractor.kind'='default',"
                            + " 'partition.time-extractor.timestamp-pattern'='$dt $h:00:00',"
                            + " 'partition.time-extractor.timestamp-formatter'='yyyyMMdd HH:mm:ss')");
            assertThatCode(() -> batch.explainSql("INSERT INTO t VALUES (1, '20240309', '10')"))
                    .as(trigger)
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void anUnknownTriggerOrBadExtractorSettingIsRefusedByName() {
        String prefix =
                "CREATE TABLE %s (id INT, dt STRING) PARTITIONED BY (dt) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + dir.resolve("p").toUri()
                        + "', ";
        batch.executeSql(
                String.format(prefix, "a") + "'sink.partition-commit.trigger'='event-time')");
        factoryError(catchPlanning(() -> batch.explainSql("INSERT INTO a VALUES (1, 'x')")))
                .hasMessageContaining("'sink.partition-commit.trigger' is 'event-time'")
                .hasMessageContaining("'process-time' or 'partition-time'");
        batch.executeSql(
                String.format(prefix, "b")
                        + "'partition.time-extractor.timestamp-formatter'='yyyy-MM-dd qqqqqq')");
        factoryError(catchPlanning(() -> batch.explainSql("INSERT INTO b VALUES (1, 'x')")))
                .hasMessageContaining(
                        "'partition.time-extractor.timestamp-formatter' is"
                                + " 'yyyy-MM-dd qqqqqq'");
        batch.executeSql(String.format(prefix, "c") + "'partition.time-extractor.kind'='custom')");
        factoryError(catchPlanning(() -> batch.explainSql("INSERT INTO c VALUES (1, 'x')")))
                .hasMessageContaining("'partition.time-extractor.kind' is 'custom'");
        batch.executeSql(
                String.format(prefix, "d")
                        + "'sink.partition-commit.watermark-time-zone'='Mars/Olympus')");
        factoryError(catchPlanning(() -> batch.explainSql("INSERT INTO d VALUES (1, 'x')")))
                .hasMessageContaining(
                        "'sink.partition-commit.watermark-time-zone' is 'Mars/Olympus'");
    }

    @Test
    void aDeclaredColumnInNoFileWarnsByDefaultAndFailsWhenAsked() throws Exception {
        Path path = file("t", "", "id", "amount");
        create(batch, "id INT, amuont INT", path, "");
        assertThat(batch.executeSql("SELECT amuont FROM t").collect())
                .toIterable()
                .extracting(r -> r.getField(0))
                .containsOnlyNulls();
        batch.executeSql(
                "CREATE TABLE f (id INT, amuont INT) WITH ('connector'='pqx', 'path'='"
                        + path.toUri()
                        + "', 'source.missing-columns'='fail')");
        selectFails("SELECT * FROM f")
                .hasMessageContaining("'amuont'")
                .hasMessageContaining("the closest column the files have is 'amount'")
                .hasMessageContaining("'source.missing-columns'='fail'");
    }

    @Test
    void aColumnInSomeFilesOnlyOrATableWithoutFilesPassesTheMissingColumnCheck() throws Exception {
        Path path = file("t", "a", "id");
        file("t", "b", "id", "added");
        create(batch, "id INT, added INT", path, ", 'source.missing-columns'='fail'");
        assertThat(batch.executeSql("SELECT added FROM t").collect()).toIterable().hasSize(6);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        batch.executeSql(
                "CREATE TABLE e (id INT, anything INT) WITH ('connector'='pqx', 'path'='"
                        + empty.toUri()
                        + "', 'source.missing-columns'='fail')");
        assertThat(batch.executeSql("SELECT * FROM e").collect()).toIterable().isEmpty();
    }
}
