package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingEncryptedFiles;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.options.WriteOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL over parquet-testing's encrypted file with bloom filters (footer and two columns encrypted,
 * 2000 rows {@code (i + 0.5, i + 0.25, i, "name_" i)}) with the {@code source.decryption.*}
 * options: a filtered scan and a lookup join read the writer's values; a missing column key refuses
 * only queries that read the column; and the key's text (as written, hex, base64) is in neither
 * EXPLAIN nor any failure's message.
 */
class PqxTableEncryptedITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir static Path dir;

    static final String FOOTER_HEX = HexFormat.of().formatHex(TestingEncryptedFiles.FOOTER_KEY);
    static final String DOUBLE_B64 =
            Base64.getEncoder().encodeToString(TestingEncryptedFiles.DOUBLE_KEY);
    static final String FLOAT_HEX = HexFormat.of().formatHex(TestingEncryptedFiles.FLOAT_KEY);

    @BeforeAll
    static void files() throws Exception {
        Path enc = dir.resolve("enc");
        Files.createDirectories(enc);
        Files.copy(
                TestingParquetFiles.data(TestingEncryptedFiles.BLOOM),
                enc.resolve("part-0.parquet"));
        Path probe = dir.resolve("probe").resolve("probe.parquet");
        Files.createDirectories(probe.getParent());
        RowType type = RowType.of(new LogicalType[] {new IntType()}, new String[] {"k"});
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(probe.toUri()))) {
            for (int k : new int[] {7, 1999, 2500}) {
                w.write(GenericRowData.of(k));
            }
        }
    }

    private static String keyOptions(boolean withDoubleKey) {
        return ", 'source.decryption.footer-key.secret'='hex:"
                + FOOTER_HEX
                + "', 'source.decryption.column-keys.secret'='float_field=hex:"
                + FLOAT_HEX
                + (withDoubleKey ? ";double_field=base64:" + DOUBLE_B64 : "")
                + "'";
    }

    private static TableEnvironment env(boolean streaming, boolean withDoubleKey) {
        TableEnvironment t =
                TableEnvironment.create(
                        streaming
                                ? EnvironmentSettings.inStreamingMode()
                                : EnvironmentSettings.inBatchMode());
        t.executeSql(
                "CREATE TABLE enc (double_field DOUBLE NOT NULL, float_field FLOAT NOT NULL,"
                        + " int32_field INT, name STRING) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("enc").toUri()
                        + "'"
                        + keyOptions(withDoubleKey)
                        + ")");
        return t;
    }

    private static List<String> collect(TableEnvironment t, String query) throws Exception {
        List<String> got = new ArrayList<>();
        try (CloseableIterator<Row> it = t.executeSql(query).collect()) {
            it.forEachRemaining(r -> got.add(r.toString()));
        }
        got.sort(null);
        return got;
    }

    @Test
    void aFilteredScanReadsTheWritersValues() throws Exception {
        TableEnvironment t = env(false, true);
        assertThat(
                        collect(
                                t,
                                "SELECT double_field, float_field, int32_field, name FROM enc"
                                        + " WHERE double_field BETWEEN 1000 AND 1002"))
                .containsExactly(
                        "+I[1000.5, 1000.25, 1000, name_1000]",
                        "+I[1001.5, 1001.25, 1001, name_1001]");
        assertThat(collect(t, "SELECT COUNT(*), SUM(int32_field) FROM enc"))
                .containsExactly("+I[2000, 1999000]");
        String plan = t.explainSql("SELECT name FROM enc WHERE int32_field = 5");
        assertThat(plan).contains("TableSourceScan");
        assertNoKeyIn(plan);
        // EXPLAIN with every detail, the JSON execution plan included
        String detailed =
                t.explainSql(
                        "SELECT name FROM enc WHERE int32_field = 5",
                        ExplainDetail.ESTIMATED_COST,
                        ExplainDetail.CHANGELOG_MODE,
                        ExplainDetail.JSON_EXECUTION_PLAN);
        assertThat(detailed).contains("TableSourceScan");
        assertNoKeyIn(detailed);
    }

    /**
     * Flink shows a table's options as written in SHOW CREATE TABLE and in compiled plans (it
     * redacts sensitive keys only in its error messages and logged configurations): keys given as
     * files (or environment variables) keep the key out of both, and read the same.
     */
    @Test
    void keysInFilesStayOutOfShowCreateTableAndCompiledPlans() throws Exception {
        Path keys = dir.resolve("keys");
        Files.createDirectories(keys);
        Files.write(keys.resolve("footer.key"), TestingEncryptedFiles.FOOTER_KEY); // raw bytes
        Files.writeString(keys.resolve("double.key"), "base64:" + DOUBLE_B64 + "\n");
        Files.writeString(keys.resolve("float.key"), "hex:" + FLOAT_HEX);
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        t.executeSql(
                "CREATE TABLE enc (double_field DOUBLE NOT NULL, float_field FLOAT NOT NULL,"
                        + " int32_field INT, name STRING) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("enc").toUri()
                        + "', 'source.decryption.footer-key.secret'='file:"
                        + keys.resolve("footer.key")
                        + "', 'source.decryption.column-keys.secret'='double_field=file:"
                        + keys.resolve("double.key")
                        + ";float_field=file:"
                        + keys.resolve("float.key")
                        + "')");
        assertThat(collect(t, "SELECT double_field, float_field FROM enc WHERE int32_field = 3"))
                .containsExactly("+I[3.5, 3.25]");
        t.executeSql("CREATE TABLE out_t (name STRING) WITH ('connector'='blackhole')");
        String compiled = t.compilePlanSql("INSERT INTO out_t SELECT name FROM enc").asJsonString();
        assertThat(compiled).contains("footer.key");
        assertNoKeyIn(compiled);
        String show = t.executeSql("SHOW CREATE TABLE enc").collect().next().toString();
        assertThat(show).contains("footer.key");
        assertNoKeyIn(show);
    }

    @Test
    void aLookupJoinReadsTheEncryptedTable() throws Exception {
        TableEnvironment t = env(true, true);
        t.executeSql(
                "CREATE TABLE probe (k INT, proc AS PROCTIME()) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + dir.resolve("probe").toUri()
                        + "')");
        assertThat(
                        collect(
                                t,
                                "SELECT p.k, d.double_field, d.name FROM probe AS p JOIN enc FOR"
                                        + " SYSTEM_TIME AS OF p.proc AS d ON p.k = d.int32_field"))
                .containsExactly("+I[1999, 1999.5, name_1999]", "+I[7, 7.5, name_7]");
    }

    @Test
    void aMissingColumnKeyRefusesOnlyQueriesThatReadTheColumn() throws Exception {
        TableEnvironment t = env(false, false);
        assertThat(collect(t, "SELECT int32_field, name FROM enc WHERE int32_field < 2"))
                .containsExactly("+I[0, name_0]", "+I[1, name_1]");
        assertThatThrownBy(() -> collect(t, "SELECT double_field FROM enc WHERE int32_field < 2"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace)
                                    .contains("MissingKeyException")
                                    .contains("double_field")
                                    .contains("part-0.parquet");
                            assertNoKeyIn(trace);
                        });
    }

    @Test
    void badOptionsFailWithoutShowingTheKey() {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        // a key of the wrong length: refused where the files are read (plan time), by what it is
        t.executeSql(
                "CREATE TABLE short_key (int32_field INT) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("enc").toUri()
                        + "', 'source.decryption.footer-key.secret'='hex:"
                        + FOOTER_HEX.substring(2)
                        + "', 'source.unknown-option'='x')");
        assertThatThrownBy(() -> t.explainSql("SELECT * FROM short_key"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            // Flink's own listing of the table's options hides the key's value
                            assertThat(trace).contains("source.decryption.footer-key.secret");
                            assertNoKeyIn(trace, FOOTER_HEX.substring(2));
                        });
        t.executeSql(
                "CREATE TABLE wrong_key (int32_field INT) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("enc").toUri()
                        + "', 'source.decryption.footer-key.secret'='base64:"
                        + DOUBLE_B64
                        + "')");
        assertThatThrownBy(() -> collect(t, "SELECT * FROM wrong_key"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains("Cannot decrypt footer");
                            assertNoKeyIn(trace);
                        });
        t.executeSql(
                "CREATE TABLE unreadable (int32_field INT) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("enc").toUri()
                        + "', 'source.decryption.footer-key.secret'='"
                        + new String(TestingEncryptedFiles.FOOTER_KEY, StandardCharsets.US_ASCII)
                        + "')");
        assertThatThrownBy(() -> collect(t, "SELECT * FROM unreadable"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains("hex:..., base64:..., env:VARIABLE");
                            assertNoKeyIn(trace);
                        });
    }

    /** No key of the file, in the forms a user writes it, in {@code s}. */
    private static void assertNoKeyIn(String s, String... more) {
        for (byte[] key :
                List.of(
                        TestingEncryptedFiles.FOOTER_KEY,
                        TestingEncryptedFiles.DOUBLE_KEY,
                        TestingEncryptedFiles.FLOAT_KEY)) {
            assertThat(s)
                    .doesNotContain(new String(key, StandardCharsets.US_ASCII))
                    .doesNotContainIgnoringCase(HexFormat.of().formatHex(key))
                    .doesNotContain(Base64.getEncoder().encodeToString(key));
        }
        for (String m : more) {
            assertThat(s).doesNotContainIgnoringCase(m);
        }
    }

    private static String trace(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
