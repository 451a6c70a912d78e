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
}
