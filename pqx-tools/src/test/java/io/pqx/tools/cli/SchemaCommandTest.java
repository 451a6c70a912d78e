package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.tools.ParquetTestingCorpus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** {@code pqx schema}: the Flink SQL type of a file. */
class SchemaCommandTest {

    private static final String ALLTYPES = corpus("alltypes_plain.parquet");

    @TempDir Path tmp;

    @Test
    void printsTheFlinkSqlTypeOfEachColumn() {
        CliRun run = CliRun.of("schema", ALLTYPES);
        assertThat(run.status()).isZero();
        assertThat(run.out())
                .isEqualTo(
                        "id INT\nbool_col BOOLEAN\ntinyint_col INT\nsmallint_col INT\nint_col INT\n"
                                + "bigint_col BIGINT\nfloat_col FLOAT\ndouble_col DOUBLE\n"
                                + "date_string_col BYTES\nstring_col BYTES\ntimestamp_col TIMESTAMP(9)\n\n"
                                + "ROW<`id` INT, `bool_col` BOOLEAN, `tinyint_col` INT, `smallint_col` INT, "
                                + "`int_col` INT, `bigint_col` BIGINT, `float_col` FLOAT, `double_col` DOUBLE, "
                                + "`date_string_col` BYTES, `string_col` BYTES, `timestamp_col` TIMESTAMP(9)> NOT NULL\n");
    }

    private static String corpus(String name) {
        return ParquetTestingCorpus.data(name).getAbsolutePath();
    }
}
