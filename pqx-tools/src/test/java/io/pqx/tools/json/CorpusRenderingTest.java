package io.pqx.tools.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingParquetFiles;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * pqx reads files of the parquet-testing corpus and renders them as JSON lines. The expected lines
 * were worked out from the values parquet-java shows for each file and the rules of
 * JSON-RENDERING.md (not copied from pqx's output); see the comment on each test.
 */
class CorpusRenderingTest {

    /** Impala: unannotated BYTE_ARRAY strings render as hex; INT96 day 2454892 is 2009-03-01. */
    @Test
    void rendersAlltypesPlainFirstRow() throws Exception {
        assertThat(render("alltypes_plain.parquet").get(0))
                .isEqualTo(
                        "{\"id\":4,\"bool_col\":true,\"tinyint_col\":0,\"smallint_col\":0,\"int_col\":0,"
                                + "\"bigint_col\":0,\"float_col\":0.0,\"double_col\":0.0,"
                                + "\"date_string_col\":\"0x30332f30312f3039\",\"string_col\":\"0x30\","
                                + "\"timestamp_col\":\"2009-03-01T00:00:00\"}");
    }

    /** map<string, map<int, bool>>: a missing inner map is null, a present empty one []. */
    @Test
    void rendersNestedMaps() throws Exception {
        assertThat(render("nested_maps.snappy.parquet"))
                .containsExactly(
                        "{\"a\":[{\"key\":\"a\",\"value\":[{\"key\":1,\"value\":true},{\"key\":2,\"value\":false}]}],\"b\":1,\"c\":1.0}",
                        "{\"a\":[{\"key\":\"b\",\"value\":[{\"key\":1,\"value\":true}]}],\"b\":1,\"c\":1.0}",
                        "{\"a\":[{\"key\":\"c\",\"value\":null}],\"b\":1,\"c\":1.0}",
                        "{\"a\":[{\"key\":\"d\",\"value\":[]}],\"b\":1,\"c\":1.0}",
                        "{\"a\":[{\"key\":\"e\",\"value\":[{\"key\":1,\"value\":true}]}],\"b\":1,\"c\":1.0}",
                        "{\"a\":[{\"key\":\"f\",\"value\":[{\"key\":3,\"value\":true},{\"key\":4,\"value\":false},{\"key\":5,\"value\":true}]}],\"b\":1,\"c\":1.0}");
    }

    /**
     * Spark INT96 (Julian day, nanos of day). The last value, Julian day -105862232, overflows
     * int64 microseconds; Spark's wrap-around gives year 290000.
     */
    @Test
    void rendersInt96AsSparkReadsIt() throws Exception {
        assertThat(render("int96_from_spark.parquet"))
                .containsExactly(
                        "{\"a\":\"2024-01-01T20:34:56.123456\"}",
                        "{\"a\":\"2024-01-01T01:00:00\"}",
                        "{\"a\":\"9999-12-31T03:00:00\"}",
                        "{\"a\":\"2024-12-30T23:00:00\"}",
                        "{\"a\":null}",
                        "{\"a\":\"+290000-12-30T23:00:00\"}");
    }

    /** Lists with null elements and a null list. */
    @Test
    void rendersListColumns() throws Exception {
        assertThat(render("list_columns.parquet"))
                .containsExactly(
                        "{\"int64_list\":[1,2,3],\"utf8_list\":[\"abc\",\"efg\",\"hij\"]}",
                        "{\"int64_list\":[null,1],\"utf8_list\":null}",
                        "{\"int64_list\":[4],\"utf8_list\":[\"efg\",null,\"hij\",\"xyz\"]}");
    }

    /** A MAP whose values are all null, a MAP without value field, a required LIST. */
    @Test
    void rendersMapWithoutValueField() throws Exception {
        assertThat(render("map_no_value.parquet").get(0))
                .isEqualTo(
                        "{\"my_map\":[{\"key\":1,\"value\":null},{\"key\":2,\"value\":null},{\"key\":3,\"value\":null}],"
                                + "\"my_map_no_v\":[{\"key\":1,\"value\":null},{\"key\":2,\"value\":null},{\"key\":3,\"value\":null}],"
                                + "\"my_list\":[1,2,3]}");
    }

    /** Legacy 2-level list of lists: the repeated group named "array" is the element. */
    @Test
    void rendersLegacyListOfLists() throws Exception {
        assertThat(render("old_list_structure.parquet")).containsExactly("{\"a\":[[1,2],[3,4]]}");
    }

    /** FLOAT16 little-endian halves: 0x3c00 = 1, 0xc000 = -2, 0x7e00 = NaN, 0x8000 = -0. */
    @Test
    void rendersFloat16AsFloat() throws Exception {
        assertThat(render("float16_nonzeros_and_nans.parquet"))
                .containsExactly(
                        "{\"x\":null}",
                        "{\"x\":1.0}",
                        "{\"x\":-2.0}",
                        "{\"x\":\"NaN\"}",
                        "{\"x\":0.0}",
                        "{\"x\":-1.0}",
                        "{\"x\":-0.0}",
                        "{\"x\":2.0}");
    }

    /** DECIMAL(25,2) on FLBA(11): unscaled 100, 200, ... */
    @Test
    void rendersFixedLengthDecimalWithItsScale() throws Exception {
        assertThat(render("fixed_length_decimal.parquet").subList(0, 3))
                .containsExactly("{\"value\":1.00}", "{\"value\":2.00}", "{\"value\":3.00}");
    }

    /** An empty (not null) list. */
    @Test
    void rendersEmptyList() throws Exception {
        assertThat(render("null_list.parquet")).containsExactly("{\"emptylist\":[]}");
    }

    /**
     * Shredded variants (Iceberg's variant reader cases), worked out from the physical columns
     * parquet-java shows and the Variant spec: an array of strings (case 1), a boolean (4), a
     * decimal8 with scale 4 (24), a UTC nanosecond timestamp (33), a uuid (37), an object whose
     * shredded fields and residual value merge, in key order, with a double -0.0 (44), and an
     * object whose shredded field a is missing in the first row (132).
     */
    @Test
    void rendersShreddedVariants() throws Exception {
        assertThat(renderVariantCase("case-001").get(0))
                .isEqualTo("{\"id\":1,\"var\":[\"comedy\",\"drama\"]}");
        assertThat(renderVariantCase("case-004").get(0)).isEqualTo("{\"id\":1,\"var\":true}");
        assertThat(renderVariantCase("case-024").get(0)).isEqualTo("{\"id\":1,\"var\":12345.6789}");
        assertThat(renderVariantCase("case-033").get(0))
                .isEqualTo("{\"id\":1,\"var\":\"2024-11-07T12:33:54.123456789Z\"}");
        assertThat(renderVariantCase("case-037").get(0))
                .isEqualTo("{\"id\":1,\"var\":\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\"}");
        assertThat(renderVariantCase("case-044").get(0))
                .isEqualTo("{\"id\":1,\"var\":{\"c\":{\"a\":34,\"b\":\"iceberg\"},\"d\":-0.0}}");
        assertThat(renderVariantCase("case-132").get(0))
                .isEqualTo("{\"id\":1,\"var\":{\"b\":\"iceberg\"}}");
    }

    /**
     * A variant null (case 47) and the booleans after it; SQL NULL and variant null are both null.
     */
    @Test
    void rendersVariantNullAsNull() throws Exception {
        assertThat(renderVariantCase("case-047").get(0)).isEqualTo("{\"id\":1,\"var\":null}");
        assertThat(renderVariantCase("case-048").get(0)).isEqualTo("{\"id\":1,\"var\":true}");
        assertThat(renderVariantCase("case-049").get(0)).isEqualTo("{\"id\":1,\"var\":false}");
    }

    private static List<String> renderVariantCase(String name) throws Exception {
        return render(
                new Path(
                        TestingParquetFiles.root()
                                .resolve("shredded_variant")
                                .resolve(name + ".parquet")
                                .toFile()
                                .toURI()));
    }

    static List<String> render(String corpusFile) throws Exception {
        return render(new Path(TestingParquetFiles.data(corpusFile).toFile().toURI()));
    }

    private static List<String> render(Path path) throws Exception {
        List<String> lines = new ArrayList<>();
        try (ParquetReader reader = ParquetReader.open(path);
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            JsonRowRenderer renderer = new JsonRowRenderer(reader.schema());
            while (rows.hasNext()) {
                lines.add(renderer.render(rows.next()));
            }
        }
        return lines;
    }
}
