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

    /**
     * A shredded VARIANT column: its layout follows the types. The expected layouts are the files'
     * Parquet schemas (as pqx meta prints them) in the notation of VariantLayout. Only the end of
     * the output is pinned: the Flink type of the column changes once pqx reads VARIANT.
     */
    @Test
    void showsTheShreddingLayoutOfAVariantColumn() {
        // var: value + typed_value LIST of elements with value + typed_value binary (STRING)
        assertThat(schemaOf("case-001.parquet"))
                .endsWith(
                        "\n\nvariant var: VARIANT(1), shredded\n"
                                + "  $     value, typed_value array\n"
                                + "  $[*]  value, typed_value string\n");
        // typed_value group { c { value, typed_value group { a int32, b STRING } }, d double }
        assertThat(schemaOf("case-044.parquet"))
                .endsWith(
                        "\n\nvariant var: VARIANT(1), shredded\n"
                                + "  $      value, typed_value object\n"
                                + "  $.c    value, typed_value object\n"
                                + "  $.c.a  value, typed_value int32\n"
                                + "  $.c.b  value, typed_value string\n"
                                + "  $.d    value, typed_value double\n");
        // Fields a and b have no value column: they hold only their shredded type.
        assertThat(schemaOf("case-132.parquet"))
                .endsWith(
                        "\n\nvariant var: VARIANT(1), shredded\n"
                                + "  $    value, typed_value object\n"
                                + "  $.a  typed_value int32\n"
                                + "  $.b  typed_value string\n");
        // An array of arrays of strings.
        assertThat(schemaOf("case-136.parquet"))
                .endsWith(
                        "\n\nvariant var: VARIANT(1), shredded\n"
                                + "  $        value, typed_value array\n"
                                + "  $[*]     value, typed_value array\n"
                                + "  $[*][*]  value, typed_value string\n");
    }

    /** required group var (VARIANT(1)) { required binary metadata; required binary value; } */
    @Test
    void showsAnUnshreddedVariantColumn() {
        assertThat(schemaOf("case-047.parquet"))
                .endsWith("\n\nvariant var: VARIANT(1), not shredded\n");
    }

    @Test
    void showsNoLayoutWithoutVariantColumns() {
        assertThat(TestingCliRun.of("schema", ALLTYPES).out()).doesNotContain("variant");
    }

    private static String schemaOf(String shreddedVariantFile) {
        TestingCliRun run =
                TestingCliRun.of(
                        "schema",
                        TestingParquetFiles.root()
                                .resolve("shredded_variant")
                                .resolve(shreddedVariantFile)
                                .toString());
        assertThat(run.status()).as(run.err()).isZero();
        return run.out();
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }
}
