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
import org.apache.flink.api.common.JobID;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
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
 * With {@link PqxModule} loaded ({@code LOAD MODULE pqx}), SQL conditions on fields of a shredded
 * VARIANT column ({@code v['a'] IS [NOT] NULL}, {@code JSON_STRING(v['a']) = '...'} and their
 * {@code IN}, {@code OR}, nested {@code v['a']['b']}) reach the scan's filter push-down and prune
 * row groups and pages, while Flink still evaluates them: the rows are those of the same query
 * without push-down, and the pruning counters show row groups skipped. The documents hold fields of
 * other types (in the field's residual {@code value}: a string or double {@code user_id}, a number
 * as {@code name}), decimals that render as integers, Variant nulls and missing fields, in row
 * groups of 100 rows and pages of 20.
 */
class PqxTableVariantPruningITCase {
    private static final TestingMetrics METRICS = new TestingMetrics();

    @RegisterExtension static final MiniClusterExtension CLUSTER = METRICS.cluster();

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    @TempDir Path dir;

    /** With the module, push-down on. */
    private TableEnvironment t;

    /** Neither the module nor push-down: Flink alone, the rows to match. */
    private TableEnvironment plain;

    @BeforeEach
    void tables() throws Exception {
        Path file = dir.resolve("docs").resolve("part-0.parquet");
        Files.createDirectories(file.getParent());
        write(file);
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.executeSql("LOAD MODULE pqx");
        plain = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        for (TableEnvironment env : List.of(t, plain)) {
            env.executeSql(
                    "CREATE TABLE docs (id INT NOT NULL, v VARIANT) WITH ('connector'='pqx', 'path'='"
                            + file.getParent().toUri()
                            + "', 'source.filter-push-down.enabled'='"
                            + (env == t)
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
        Random r = new Random(11);
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int k = 0; k < 1000; k++) {
                List<String> fields = new ArrayList<>();
                boolean messy = k >= 400 && k < 500;
                int u = r.nextInt(10);
                if (messy) {
                    // of other types (a string, a double: residual value), a Variant null, a
                    // decimal rendering as an integer
                    fields.add(
                            "\"user_id\": "
                                    + switch (k % 5) {
                                        case 0 -> "\"" + k + "\"";
                                        case 1 -> "null";
                                        case 2 -> k + ".0";
                                        case 3 -> k + "e0";
                                        default -> String.valueOf(k);
                                    });
                } else if (u < 8) {
                    fields.add("\"user_id\": " + k);
                }
                if (r.nextInt(3) > 0 || messy) {
                    fields.add(
                            "\"name\": "
                                    + (messy && k % 2 == 1
                                            ? String.valueOf(k)
                                            : "\"n" + String.format("%05d", k) + "\""));
                }
                if (k < 600) {
                    fields.add("\"flag\": " + (k < 300));
                }
                if (k >= 200 && r.nextBoolean()) {
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

    private record Run(List<String> rows, long rowGroupsSkipped, long pagesSkipped) {}

    private static Run run(TableEnvironment env, String where) throws Exception {
        TableResult result = env.executeSql("SELECT id FROM docs WHERE " + where);
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(row -> rows.add(row.toString()));
        }
        JobID job = result.getJobClient().orElseThrow().getJobID();
        result.getJobClient().orElseThrow().getJobExecutionResult().get();
        return new Run(
                rows,
                METRICS.counter(job, "pqxRowGroupsPrunedByStatistics"),
                METRICS.counter(job, "pqxPagesPrunedByPageIndex"));
    }

    /**
     * The run with the module and push-down, after checking its rows are those of Flink alone (no
     * module, no push-down) and its plan.
     */
    private Run sameRows(String where) throws Exception {
        Run with = run(t, where);
        Run without = run(plain, where);
        assertThat(with.rows()).as(where).containsExactlyInAnyOrderElementsOf(without.rows());
        assertThat(without.rowGroupsSkipped() + without.pagesSkipped()).as(where).isZero();
        String plan = t.explainSql("SELECT id FROM docs WHERE " + where);
        // offered to the scan and used to prune, yet still evaluated by Flink in the Calc
        assertThat(plan).as(where).contains("filter=[").contains("Calc(");
        return with;
    }

    @Test
    void equalitiesOnAShreddedFieldSkipRowGroupsTheStatisticsExclude() throws Exception {
        Run one = sameRows("JSON_STRING(v['user_id']) = '150'");
        assertThat(one.rows()).containsExactly("+I[150]");
        // 10 row groups: all but 100..199 and the mixed-type 400..499 are skipped
        assertThat(one.rowGroupsSkipped()).isEqualTo(8);

        // row 452 holds 452.0, a decimal that renders as 452 (typed or not, it is kept)
        Run decimal = sameRows("JSON_STRING(v['user_id']) = '452'");
        assertThat(decimal.rows()).containsExactly("+I[452]");
        assertThat(decimal.rowGroupsSkipped()).isEqualTo(9);

        Run names = sameRows("JSON_STRING(v['name']) IN ('\"n00150\"', '\"n00720\"')");
        assertThat(names.rowGroupsSkipped()).isGreaterThanOrEqualTo(7);
    }

    @Test
    void valuesOfOtherTypesInTheResidualValueAreKept() throws Exception {
        // the same field as a string, a Variant null, a double: in the field's residual value
        // (no text of another class prunes by the BIGINT or STRING statistics; the others only
        // need the field present)
        assertThat(sameRows("JSON_STRING(v['user_id']) = '\"400\"'").rows())
                .containsExactly("+I[400]");
        assertThat(sameRows("JSON_STRING(v['user_id']) = 'null'").rows())
                .hasSize(20)
                .contains("+I[401]", "+I[496]");
        assertThat(sameRows("JSON_STRING(v['user_id']) = '403.0'").rows())
                .containsExactly("+I[403]");
        assertThat(sameRows("JSON_STRING(v['name']) = '401'").rows()).containsExactly("+I[401]");
        assertThat(sameRows("JSON_STRING(v['user_id']) LIKE '4%'").rows()).contains("+I[403]");
    }

    @Test
    void nullChecksSkipRowGroupsWhereTheFieldIsAlwaysOrNeverThere() throws Exception {
        // flag is present (a boolean) in rows 0..599 only
        Run isNull = sameRows("v['flag'] IS NULL");
        assertThat(isNull.rows()).hasSize(400);
        assertThat(isNull.rowGroupsSkipped()).isEqualTo(6);
        Run notNull = sameRows("JSON_STRING(v['flag']) IS NOT NULL");
        assertThat(notNull.rows()).hasSize(600);
        assertThat(notNull.rowGroupsSkipped()).isEqualTo(4);
        // addr.city is present from row 200 on only
        Run nested = sameRows("v['addr']['city'] IS NOT NULL");
        assertThat(nested.rowGroupsSkipped()).isEqualTo(2);
        // a Variant null is a present field: rows 400..499 with user_id null stay
        Run nulls = sameRows("v['user_id'] IS NOT NULL AND id >= 400 AND id < 500");
        assertThat(nulls.rows()).hasSize(100);
    }

    @Test
    void disjunctionsAndConjunctionsPruneByTheirParts() throws Exception {
        Run or = sameRows("JSON_STRING(v['user_id']) = '150' OR JSON_STRING(v['user_id']) = '950'");
        assertThat(or.rows()).containsExactlyInAnyOrder("+I[150]", "+I[950]");
        assertThat(or.rowGroupsSkipped()).isEqualTo(7);
        Run and = sameRows("v['flag'] IS NOT NULL AND JSON_STRING(v['name']) > '\"n00100\"'");
        assertThat(and.rowGroupsSkipped()).isEqualTo(4);
    }

    @Test
    void itemsOfArraysAndMapsAndJsonStringsOfOtherTypesReadAlikeWithTheModule() throws Exception {
        // the module makes the planner offer every ITEM and JSON_STRING, not only a variant's
        String path = dir.resolve("coll").toUri().toString();
        for (TableEnvironment env : List.of(t, plain)) {
            env.executeSql(
                    "CREATE TABLE coll (id INT, a ARRAY<INT>, m MAP<STRING, INT>) WITH ("
                            + "'connector'='pqx', 'path'='"
                            + path
                            + "')");
        }
        plain.executeSql(
                        "INSERT INTO coll SELECT k, ARRAY[k, k + 1], MAP['x', k, 'y', k * 2]"
                                + " FROM (VALUES (1), (2), (3), (4)) AS v(k)")
                .await();
        for (String where :
                List.of("a[2] = 3 AND m['z'] IS NULL", "m['y'] > 4", "JSON_STRING(a) = '[4,5]'")) {
            List<String> with = new ArrayList<>();
            List<String> without = new ArrayList<>();
            t.executeSql("SELECT id FROM coll WHERE " + where)
                    .collect()
                    .forEachRemaining(r -> with.add(r.toString()));
            plain.executeSql("SELECT id FROM coll WHERE " + where)
                    .collect()
                    .forEachRemaining(r -> without.add(r.toString()));
            assertThat(with).as(where).isNotEmpty().containsExactlyInAnyOrderElementsOf(without);
            // offered to the scan with the module (and left to Flink: pqx prunes nothing by it)
            assertThat(t.explainSql("SELECT id FROM coll WHERE " + where))
                    .as(where)
                    .contains("filter=[]");
        }
    }
}
