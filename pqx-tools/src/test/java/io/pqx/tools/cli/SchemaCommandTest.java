package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pqx schema}: the Flink SQL type of a file. */
class SchemaCommandTest {

    private static final String ALLTYPES = corpus("alltypes_plain.parquet");

    @TempDir Path tmp;

    @Test
    void printsTheFlinkSqlTypeOfEachColumn() {
        TestingCliRun run = TestingCliRun.of("schema", ALLTYPES);
        assertThat(run.status()).isZero();
        assertThat(run.out())
                .isEqualTo(
                        "id INT\n"
                                + "bool_col BOOLEAN\n"
                                + "tinyint_col INT\n"
                                + "smallint_col INT\n"
                                + "int_col INT\n"
                                + "bigint_col BIGINT\n"
                                + "float_col FLOAT\n"
                                + "double_col DOUBLE\n"
                                + "date_string_col BYTES\n"
                                + "string_col BYTES\n"
                                + "timestamp_col TIMESTAMP(9)\n\n"
                                + "ROW<`id` INT, `bool_col` BOOLEAN, `tinyint_col` INT, `smallint_col`"
                                + " INT, `int_col` INT, `bigint_col` BIGINT, `float_col` FLOAT,"
                                + " `double_col` DOUBLE, `date_string_col` BYTES, `string_col` BYTES,"
                                + " `timestamp_col` TIMESTAMP(9)> NOT NULL\n");
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }
}
