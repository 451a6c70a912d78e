package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * VARIANT columns through SQL: Parquet variant groups of parquet-testing's shredded_variant files
 * (shredded objects, arrays, a null variant) selected, projected, filtered, turned to JSON by
 * Flink's variant functions and returned by a lookup join; and the unannotated layout of binary
 * metadata and value read as VARIANT because the table declares VARIANT.
 */
class PqxTableVariantITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir Path dir;

    private TableEnvironment t;

    @BeforeEach
    void tables() throws Exception {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        // four rows: a null variant, then shredded objects with missing and nested fields
        table("mixed", "case-083.parquet");
        // an array-shredded column holding arrays, an int and an object
        table("arrays", "case-045.parquet");
    }

    private void table(String name, String corpusFile) throws Exception {
        Path target = dir.resolve(name).resolve("part-0.parquet");
        Files.createDirectories(target.getParent());
        Files.copy(
                TestingParquetFiles.root().resolve("shredded_variant").resolve(corpusFile), target);
        t.executeSql(
                "CREATE TABLE "
                        + name
                        + " (id INT, var VARIANT) WITH ('connector'='pqx', 'path'='"
                        + target.getParent().toUri()
                        + "')");
    }

    @Test
    void selectsShreddedVariantsAsJson() throws Exception {
        assertThat(collect("SELECT id, JSON_STRING(var) FROM mixed"))
                .containsExactlyInAnyOrder(
                        "+I[0, null]",
                        "+I[1, {\"c\":{\"b\":\"iceberg\"}}]",
                        "+I[2, {\"c\":8,\"d\":-0.0}]",
                        "+I[3, {\"c\":{\"a\":34,\"b\":\"\"},\"d\":0.0}]");
        assertThat(collect("SELECT id, JSON_STRING(var) FROM arrays"))
                .containsExactlyInAnyOrder(
                        "+I[0, [\"comedy\",\"drama\"]]",
                        "+I[1, 34]",
                        "+I[2, {\"a\":null,\"d\":\"iceberg\"}]",
                        "+I[3, [\"action\",\"horror\"]]");
    }

    @Test
    void projectsFiltersAndAccessesFields() throws Exception {
        // only the variant column, rows kept by a filter on another column (late materialization)
        assertThat(collect("SELECT JSON_STRING(var) FROM mixed WHERE id >= 2"))
                .containsExactlyInAnyOrder(
                        "+I[{\"c\":8,\"d\":-0.0}]", "+I[{\"c\":{\"a\":34,\"b\":\"\"},\"d\":0.0}]");
        assertThat(collect("SELECT id, JSON_STRING(var['c']) FROM mixed WHERE id > 0"))
                .containsExactlyInAnyOrder(
                        "+I[1, {\"b\":\"iceberg\"}]", "+I[2, 8]", "+I[3, {\"a\":34,\"b\":\"\"}]");
        assertThat(collect("SELECT id FROM mixed WHERE var IS NULL")).containsExactly("+I[0]");
    }

    @Test
    void lookupJoinReturnsVariants() throws Exception {
        Path probe = dir.resolve("probe").resolve("probe.parquet");
        Files.createDirectories(probe.getParent());
        RowType type = RowType.of(new LogicalType[] {new IntType()}, new String[] {"k"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(probe.toUri()))) {
            for (int k : new int[] {3, 1, 7}) {
                w.write(GenericRowData.of(k));
            }
        }
        t.executeSql(
                "CREATE TABLE probe (k INT, proc AS PROCTIME()) WITH ('connector'='pqx', 'path'='"
                        + probe.getParent().toUri()
                        + "')");
        String join =
                "SELECT p.k, JSON_STRING(d.var) FROM probe AS p LEFT JOIN mixed FOR SYSTEM_TIME AS"
                        + " OF p.proc AS d ON p.k = d.id";
        // served by pqx's lookup function, not a scan and a join
        assertThat(t.explainSql(join)).contains("LookupJoin");
        assertThat(collect(join))
                .containsExactlyInAnyOrder(
                        "+I[3, {\"c\":{\"a\":34,\"b\":\"\"},\"d\":0.0}]",
                        "+I[1, {\"c\":{\"b\":\"iceberg\"}}]",
                        "+I[7, null]");
    }

    @Test
    void readsTheUnannotatedLayoutAsVariantWhenDeclared() throws Exception {
        // the layout Spark 4.0 writes: a plain group of binary metadata and binary value
        Path file = dir.resolve("spark").resolve("part-0.parquet");
        Files.createDirectories(file.getParent());
        RowType group =
                RowType.of(
                        new LogicalType[] {
                            new VarBinaryType(VarBinaryType.MAX_LENGTH),
                            new VarBinaryType(VarBinaryType.MAX_LENGTH)
                        },
                        new String[] {"metadata", "value"});
        RowType type =
                RowType.of(new LogicalType[] {new IntType(), group}, new String[] {"id", "v"});
        byte[] emptyMetadata = {1, 0, 0};
        byte[] int8 = {3 << 2, 34}; // primitive int8 34
        byte[] shortString = {(byte) ((2 << 2) | 1), 'h', 'i'}; // short string "hi"
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            w.write(GenericRowData.of(1, GenericRowData.of(emptyMetadata, int8)));
            w.write(GenericRowData.of(2, GenericRowData.of(emptyMetadata, shortString)));
            w.write(GenericRowData.of(3, null));
        }
        String path = file.getParent().toUri().toString();
        t.executeSql(
                "CREATE TABLE spark (id INT, v VARIANT) WITH ('connector'='pqx', 'path'='"
                        + path
                        + "')");
        assertThat(collect("SELECT id, JSON_STRING(v) FROM spark"))
                .containsExactlyInAnyOrder("+I[1, 34]", "+I[2, \"hi\"]", "+I[3, null]");
        // declared as the ROW it is, it stays a ROW of bytes
        t.executeSql(
                "CREATE TABLE spark_row (id INT, v ROW<metadata BYTES, `value` BYTES>) WITH"
                        + " ('connector'='pqx', 'path'='"
                        + path
                        + "')");
        assertThat(collect("SELECT id, v.`value` FROM spark_row WHERE id = 1"))
                .containsExactly("+I[1, [12, 34]]");
    }

    private List<String> collect(String query) throws Exception {
        List<String> got = new ArrayList<>();
        try (CloseableIterator<Row> it = t.executeSql(query).collect()) {
            it.forEachRemaining(r -> got.add(r.toString()));
        }
        return got;
    }
}
