package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetReader;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.table.sink.TestingTableFiles;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL {@code INSERT}s of {@code PARSE_JSON(...)} into a VARIANT column of a pqx table, unshredded
 * and with {@code 'sink.variant.shredding.<column>'}; the files' footers show the layout and the
 * typed columns' statistics (parquet-java reads the values back in e2e-tests).
 */
class PqxTableSinkVariantITCase {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(1)
                            .build());

    @TempDir Path dir;
    TableEnvironment t;

    @BeforeEach
    void batch() {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig().set("parallelism.default", "1");
    }

    private List<FileMetadataView> insert(String name, String options) throws Exception {
        t.executeSql(
                "CREATE TABLE "
                        + name
                        + " (id INT, v VARIANT) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve(name).toUri()
                        + "'"
                        + options
                        + ")");
        // a VALUES list of VARIANTs does not plan (Calcite has no assign rule for VARIANT): the
        // JSON texts are the VALUES, parsed by PARSE_JSON in the SELECT
        t.executeSql(
                        "INSERT INTO "
                                + name
                                + " SELECT id, PARSE_JSON(j) FROM (VALUES"
                                + " (1, '{\"user_id\": 7, \"event\": \"login\","
                                + " \"email\": \"a@b\"}'),"
                                + " (2, '{\"user_id\": 900000, \"event\": \"noop\"}'),"
                                + " (3, '\"not an object\"'),"
                                + " (4, CAST(NULL AS STRING))) AS t(id, j)")
                .await();
        List<Path> files = TestingTableFiles.visible(dir.resolve(name));
        assertThat(files).hasSize(1);
        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(files.get(0).toUri()))) {
            return List.of(reader.metadata());
        }
    }

    @Test
    void insertWritesAnUnshreddedVariantGroup() throws Exception {
        FileMetadataView footer = insert("plain", "").get(0);
        assertThat(footer.schema().text()).contains("optional group v (VARIANT(1))");
        assertThat(footer.schema().leaf("v.typed_value")).isEmpty();
        RowGroupView group = footer.rowGroup(0);
        assertThat(group.numRows()).isEqualTo(4);
        assertThat(group.column("v.value").orElseThrow().statistics().nullCount().getAsLong())
                .isEqualTo(1);
    }

    @Test
    void insertWithAShreddingOptionWritesTypedColumns() throws Exception {
        FileMetadataView footer =
                insert(
                                "shredded",
                                ", 'sink.variant.shredding.v'='ROW<user_id BIGINT, event"
                                        + " STRING>'")
                        .get(0);
        RowGroupView group = footer.rowGroup(0);
        var userId = group.column("v.typed_value.user_id.typed_value").orElseThrow();
        assertThat(userId.statistics().min()).isEqualTo(7L);
        assertThat(userId.statistics().max()).isEqualTo(900_000L);
        assertThat(
                        group.column("v.typed_value.event.typed_value")
                                .orElseThrow()
                                .statistics()
                                .minText())
                .isEqualTo("login");
        // residual {"email": ...} and the string are in v.value; the SQL NULL and row 2 are not
        assertThat(group.column("v.value").orElseThrow().statistics().nullCount().getAsLong())
                .isEqualTo(2);
    }

    @Test
    void aBadShreddingTypeFailsTheInsertNamingTheOption() {
        assertThatThrownBy(() -> insert("bad", ", 'sink.variant.shredding.v'='ROW<a TIME>'"))
                .hasStackTraceContaining("Cannot shred VARIANT column v.a as TIME(0)");
    }

    @Test
    void variantsInArraysAndMapsAreShreddedByTheirParquetPaths() throws Exception {
        t.executeSql(
                "CREATE TABLE nested (a ARRAY<VARIANT>, m MAP<STRING, VARIANT>) WITH ("
                        + "'connector'='pqx', 'path'='"
                        + dir.resolve("nested").toUri()
                        + "', 'sink.variant.shredding.a.list.element'='BIGINT',"
                        + " 'sink.variant.shredding.m.key_value.value'='ROW<x BIGINT>')");
        t.executeSql(
                        "INSERT INTO nested SELECT ARRAY[PARSE_JSON(j), PARSE_JSON('3')],"
                                + " MAP['k', PARSE_JSON('{\"x\": ' || j || '}')]"
                                + " FROM (VALUES ('1'), ('20')) AS t(j)")
                .await();
        List<Path> files = TestingTableFiles.visible(dir.resolve("nested"));
        assertThat(files).hasSize(1);
        FileMetadataView footer;
        try (ParquetReader reader =
                ParquetReader.open(new org.apache.flink.core.fs.Path(files.get(0).toUri()))) {
            footer = reader.metadata();
        }
        RowGroupView group = footer.rowGroup(0);
        var element = group.column("a.list.element.typed_value").orElseThrow();
        assertThat(element.statistics().min()).isEqualTo(1L);
        assertThat(element.statistics().max()).isEqualTo(20L);
        var x = group.column("m.key_value.value.typed_value.x.typed_value").orElseThrow();
        assertThat(x.statistics().max()).isEqualTo(20L);
        assertThat(
                        t.executeSql(
                                        "SELECT JSON_STRING(a[1]), JSON_STRING(m['k'])"
                                                + " FROM nested")
                                .collect())
                .toIterable()
                .map(Object::toString)
                .containsExactlyInAnyOrder("+I[1, {\"x\":1}]", "+I[20, {\"x\":20}]");
    }

    @Test
    void aShreddingKeyNamingNoVariantFailsNamingTheVariantPaths() {
        assertThatThrownBy(
                        () -> {
                            t.executeSql(
                                    "CREATE TABLE wrong (a ARRAY<VARIANT>) WITH ('connector'='pqx',"
                                            + " 'path'='"
                                            + dir.resolve("wrong").toUri()
                                            + "', 'sink.variant.shredding.a'='BIGINT')");
                            t.executeSql("INSERT INTO wrong SELECT ARRAY[PARSE_JSON('1')]").await();
                        })
                .hasStackTraceContaining("Cannot shred VARIANT column a")
                .hasStackTraceContaining("a.list.element");
    }
}
