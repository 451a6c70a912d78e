package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.TestingWriters;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pqx cat}: JSON lines, limit and projection. */
class CatCommandTest {

    private static final String ALLTYPES = corpus("alltypes_plain.parquet");

    @TempDir Path tmp;

    @Test
    void catPrintsJsonLinesUpToTheLimit() {
        TestingCliRun run = TestingCliRun.of("cat", ALLTYPES, "--limit", "2");
        assertThat(run.status()).isZero();
        String[] lines = run.out().split("\n", -1);
        assertThat(lines).hasSize(3);
        assertThat(lines[0])
                .isEqualTo(
                        "{\"id\":4,\"bool_col\":true,\"tinyint_col\":0,\"smallint_col\":0,\"int_col\":0,"
                                + "\"bigint_col\":0,\"float_col\":0.0,\"double_col\":0.0,"
                                + "\"date_string_col\":\"0x30332f30312f3039\",\"string_col\":\"0x30\","
                                + "\"timestamp_col\":\"2009-03-01T00:00:00\"}");
        assertThat(lines[1]).startsWith("{\"id\":5,");
        assertThat(lines[2]).isEmpty();
    }

    @Test
    void catPrintsAllRowsWithoutLimitAndNoneWithLimitZero() {
        assertThat(TestingCliRun.of("cat", ALLTYPES).out().split("\n")).hasSize(8);
        TestingCliRun none = TestingCliRun.of("cat", ALLTYPES, "--limit=0");
        assertThat(none.status()).isZero();
        assertThat(none.out()).isEmpty();
    }

    @Test
    void catProjectsColumnsInTheOrderGiven() {
        TestingCliRun run =
                TestingCliRun.of("cat", ALLTYPES, "--columns", "string_col,id", "--limit", "1");
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("{\"string_col\":\"0x30\",\"id\":4}\n");
    }

    @Test
    void reportsUnknownColumnOfCat() {
        TestingCliRun run = TestingCliRun.of("cat", ALLTYPES, "--columns", "id,no_such_column");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).isEmpty();
        assertThat(run.err())
                .startsWith("pqx: Cannot project column no_such_column: ")
                .contains("id, bool_col");
        assertThat(run.err().lines()).hasSize(1);
    }

    /**
     * nullable.impala.parquet as parquet-java reads it: nested_struct is null in row 5 (id 6) only.
     */
    @Test
    void catProjectsNestedStructFields() {
        TestingCliRun run =
                TestingCliRun.of(
                        "cat",
                        corpus("nullable.impala.parquet"),
                        "--columns",
                        "id,nested_struct.A");
        assertThat(run.err()).isEmpty();
        assertThat(run.out())
                .isEqualTo(
                        "{\"id\":1,\"nested_struct\":{\"A\":1}}\n"
                                + "{\"id\":2,\"nested_struct\":{\"A\":null}}\n"
                                + "{\"id\":3,\"nested_struct\":{\"A\":null}}\n"
                                + "{\"id\":4,\"nested_struct\":{\"A\":null}}\n"
                                + "{\"id\":5,\"nested_struct\":{\"A\":null}}\n"
                                + "{\"id\":6,\"nested_struct\":null}\n"
                                + "{\"id\":7,\"nested_struct\":{\"A\":7}}\n");
    }

    /** Variants as ARRAY elements and MAP values render as JSON, shredded or not. */
    @Test
    void catRendersVariantsInsideArraysAndMaps() throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("a", DataTypes.ARRAY(DataTypes.VARIANT())),
                                        DataTypes.FIELD(
                                                "m",
                                                DataTypes.MAP(
                                                        DataTypes.STRING().notNull(),
                                                        DataTypes.VARIANT())))
                                .getLogicalType();
        RowData row =
                GenericRowData.of(
                        new GenericArrayData(
                                new Object[] {
                                    BinaryVariantInternalBuilder.parseJson("{\"x\":1}", false), null
                                }),
                        new GenericMapData(
                                Map.of(
                                        StringData.fromString("k"),
                                        BinaryVariantInternalBuilder.parseJson("[true]", false))));
        for (boolean shredded : new boolean[] {false, true}) {
            WriteOptions.Builder options = WriteOptions.builder();
            if (shredded) {
                options.variantShredding(
                        "a.list.element",
                        DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT())).getLogicalType());
                options.variantShredding(
                        "m.key_value.value", DataTypes.ARRAY(DataTypes.BOOLEAN()).getLogicalType());
            }
            Path file = tmp.resolve("variants-" + shredded + ".parquet");
            TestingWriters.write(file, type, options.build(), List.of(row));
            TestingCliRun run = TestingCliRun.of("cat", file.toString());
            assertThat(run.err()).as("shredded %s", shredded).isEmpty();
            assertThat(run.out())
                    .as("shredded %s", shredded)
                    .isEqualTo(
                            "{\"a\":[{\"x\":1},null],\"m\":[{\"key\":\"k\",\"value\":[true]}]}\n");
        }
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }
}
