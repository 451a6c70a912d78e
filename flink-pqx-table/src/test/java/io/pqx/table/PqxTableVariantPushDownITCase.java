package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL conditions on fields of a shredded VARIANT column ({@code v['a'] IS [NOT] NULL}, {@code
 * JSON_STRING(v['a']) = '...'}, the forms Flink 2.3 validates) without {@link PqxModule} loaded:
 * Flink's planner keeps them to itself, and the rows with push-down enabled are those without. Its
 * {@code RexNodeToExpressionConverter} finds no function named {@code ITEM} (for {@code v['a']}) or
 * {@code JSONSTRING} (for {@code JSON_STRING}) in the function catalog, so it offers the scan's
 * filter push-down nothing holding them; this pins that, so that a Flink upgrade that starts
 * offering them fails here (pqx would then push and prune by them: {@code filter=[...]} in the
 * plan). The documents are objects only (Flink fails {@code v['a']} on any other value), with
 * fields of mismatching types, Variant nulls and missing fields, written in row groups of 100 rows
 * and pages of 20.
 */
class PqxTableVariantPushDownITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    @TempDir Path dir;

    private TableEnvironment t;

    @BeforeEach
    void tables() throws Exception {
        Path file = dir.resolve("docs").resolve("part-0.parquet");
        Files.createDirectories(file.getParent());
        write(file);
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        for (boolean pushDown : new boolean[] {true, false}) {
            t.executeSql(
                    "CREATE TABLE docs_"
                            + pushDown
                            + " (id INT NOT NULL, v VARIANT) WITH ('connector'='pqx', 'path'='"
                            + file.getParent().toUri()
                            + "', 'source.filter-push-down.enabled'='"
                            + pushDown
                            + "')");
        }
    }

    private static void write(Path file) throws IOException {
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(100)
                        .pageRowLimit(20)
                        .variantShredding(
                                "v",
                                DataTypes.ROW(
                                                DataTypes.FIELD("user_id", DataTypes.BIGINT()),
                                                DataTypes.FIELD("name", DataTypes.STRING()),
                                                DataTypes.FIELD("flag", DataTypes.BOOLEAN()),
                                                DataTypes.FIELD(
                                                        "addr",
                                                        DataTypes.ROW(
                                                                DataTypes.FIELD(
                                                                        "city",
                                                                        DataTypes.STRING()))))
                                        .getLogicalType())
                        .build();
        Random r = new Random(7);
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int k = 0; k < 1000; k++) {
                List<String> fields = new ArrayList<>();
                boolean messy = k >= 400 && k < 500;
                int u = r.nextInt(10);
                if (u < 7) {
                    fields.add("\"user_id\": " + k);
                } else if (messy) {
                    fields.add(
                            "\"user_id\": "
                                    + (u == 7 ? "\"" + k + "\"" : u == 8 ? "null" : (k + ".0")));
                }
                if (r.nextInt(3) > 0) {
                    fields.add(
                            "\"name\": "
                                    + (messy && r.nextBoolean()
                                            ? String.valueOf(k)
                                            : "\"n" + String.format("%05d", k) + "\""));
                }
                if (k < 600) {
                    fields.add("\"flag\": " + (k < 300));
                }
                if (r.nextBoolean()) {
                    fields.add("\"addr\": {\"city\": \"c" + (k / 100) + "\"}");
                }
                fields.add("\"extra\": " + r.nextInt(5));
                String json = "{" + String.join(", ", fields) + "}";
                writer.write(
                        GenericRowData.of(k, BinaryVariantInternalBuilder.parseJson(json, false)));
            }
            writer.finish();
        }
    }

    private List<String> ids(String table, String where) throws Exception {
        List<String> got = new ArrayList<>();
        try (CloseableIterator<Row> it =
                t.executeSql("SELECT id FROM " + table + " WHERE " + where).collect()) {
            it.forEachRemaining(row -> got.add(row.toString()));
        }
        return got;
    }

    /** The rows of {@code where} with push-down are those without; the plan of the first. */
    private String sameRows(String where) throws Exception {
        List<String> with = ids("docs_true", where);
        List<String> without = ids("docs_false", where);
        assertThat(with).as(where).containsExactlyInAnyOrderElementsOf(without);
        return t.explainSql("SELECT id FROM docs_true WHERE " + where);
    }

    @Test
    void flinkEvaluatesConditionsOnVariantFieldsItself() throws Exception {
        // Flink 2.3's planner does not hand a condition holding v['a'] to the scan's filter
        // push-down at all (applyFilters is not called: no "filter=[" at all in the plan, not
        // even an empty one): these stay in the Calc above the scan
        for (String where :
                List.of(
                        "v['user_id'] IS NULL",
                        "v['user_id'] IS NOT NULL",
                        "v['flag'] IS NOT NULL",
                        "v['addr']['city'] IS NULL",
                        "JSON_STRING(v['user_id']) = '150'",
                        "JSON_STRING(v['name']) = '\"n00150\"'",
                        "JSON_STRING(v['flag']) = 'true'")) {
            String plan = sameRows(where);
            assertThat(plan).as(where).doesNotContain("filter=[").contains("Calc(");
        }
        assertThat(ids("docs_true", "JSON_STRING(v['user_id']) = '150'"))
                .containsExactly("+I[150]");
    }

    @Test
    void onlyTheOtherConjunctsArePushed() throws Exception {
        String where = "id > 5 AND v['user_id'] IS NULL AND JSON_STRING(v['flag']) = 'true'";
        String plan = sameRows(where);
        assertThat(plan).contains("filter=[>(id, 5)]").contains("ITEM(v, 'user_id') IS NULL");
    }

    @Test
    void comparisonsWithParsedJsonAreNotOfferedEvenWithThePqxModule() throws Exception {
        t.executeSql("LOAD MODULE pqx");
        // the module makes v['a'] reachable: this condition is offered and prunes
        assertThat(t.explainSql("SELECT id FROM docs_true WHERE v['user_id'] IS NULL"))
                .contains("filter=[IS NULL(ITEM(v, ");
        // PARSE_JSON is looked up as PARSEJSON, which no module answers: not offered
        String where = "v['user_id'] IN (PARSE_JSON('150'), PARSE_JSON('151'))";
        assertThat(sameRows(where)).doesNotContain("filter=[");
        // and Flink 2.3 finds no row IN the list, not even the one holding 150
        assertThat(ids("docs_true", "JSON_STRING(v['user_id']) = '150'"))
                .containsExactly("+I[150]");
        assertThat(ids("docs_true", where)).isEmpty();
    }
}
