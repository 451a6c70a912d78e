package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingEncryptedFiles;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.options.BloomFilterSpec;
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
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
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
 * only queries that read the column; a tampered signed plaintext footer is refused; and the key's
 * text (as written, hex, base64) is in neither EXPLAIN nor any failure's message. And over a
 * partitioned table pqx encrypted (encrypted footer, a column with a key of its own, one with the
 * footer key): dynamic filtering and the runtime filters it makes return the join's rows, and
 * aggregates are answered from its footers only with the keys of their columns.
 */
class PqxTableEncryptedITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    @TempDir static Path dir;

    private static final int FACT_PARTITIONS = 4;

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
        writeFactTables();
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

    /**
     * fact: partitions p0..p3, one file each of 400 rows (k in [400 p, 400 p + 400), v = 3 k, s =
     * "s" k), row groups of 100 rows, a bloom filter on k; encrypted footer, k with a key of its
     * own (DOUBLE_KEY), s with the footer key, v plaintext. dim_part: p0..p5, 'keep' for p1 and p3.
     * dim_key: ids 150, 155, 1210 'sel' (k in two row groups of two partitions), a NULL id 'sel',
     * 999,999 'other'.
     */
    private static void writeFactTables() throws Exception {
        RowType fact =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(),
                            new BigIntType(),
                            new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"k", "v", "s"});
        WriteOptions encrypted =
                WriteOptions.builder()
                        .rowGroupRows(100)
                        .bloomFilter("k", new BloomFilterSpec(100, 0.01))
                        .encryption(
                                FileEncryptionProperties.builder()
                                        .footerKey(TestingEncryptedFiles.FOOTER_KEY)
                                        .columnKey("k", TestingEncryptedFiles.DOUBLE_KEY)
                                        .columnWithFooterKey("s")
                                        .build())
                        .build();
        for (int p = 0; p < FACT_PARTITIONS; p++) {
            List<GenericRowData> rows = new ArrayList<>();
            for (long k = p * 400L; k < (p + 1) * 400L; k++) {
                rows.add(GenericRowData.of(k, 3 * k, StringData.fromString("s" + k)));
            }
            write(dir.resolve("fact/part=p" + p + "/f.parquet"), fact, encrypted, rows);
        }
        List<GenericRowData> parts = new ArrayList<>();
        for (int p = 0; p < 6; p++) {
            parts.add(
                    GenericRowData.of(
                            StringData.fromString("p" + p),
                            StringData.fromString(p == 1 || p == 3 ? "keep" : "other")));
        }
        write(
                dir.resolve("dim_part/d.parquet"),
                RowType.of(
                        new LogicalType[] {
                            new VarCharType(VarCharType.MAX_LENGTH),
                            new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"part", "label"}),
                WriteOptions.builder().build(),
                parts);
        List<GenericRowData> keys = new ArrayList<>();
        for (Long id : new Long[] {150L, 155L, 1210L, null}) {
            keys.add(GenericRowData.of(id, StringData.fromString("sel")));
        }
        keys.add(GenericRowData.of(999_999L, StringData.fromString("other")));
        write(
                dir.resolve("dim_key/d.parquet"),
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"id", "name"}),
                WriteOptions.builder().build(),
                keys);
    }

    private static void write(
            Path file, RowType type, WriteOptions options, List<GenericRowData> rows)
            throws Exception {
        Files.createDirectories(file.getParent());
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (GenericRowData row : rows) {
                w.write(row);
            }
        }
    }

    /**
     * The fact and dimension tables in {@code t}: fact with the footer key, and k's key when {@code
     * withKKey}.
     */
    private static void factTables(TableEnvironment t, boolean withKKey) {
        t.executeSql(
                "CREATE TABLE fact (k BIGINT, v BIGINT, s STRING, part STRING) PARTITIONED BY"
                        + " (part) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("fact").toUri()
                        + "', 'source.decryption.footer-key.secret'='hex:"
                        + FOOTER_HEX
                        + "'"
                        + (withKKey
                                ? ", 'source.decryption.column-keys.secret'='k=base64:"
                                        + DOUBLE_B64
                                        + "'"
                                : "")
                        + ")");
        t.executeSql(
                "CREATE TABLE dim_part (part STRING, label STRING) WITH ('connector'='pqx',"
                        + " 'path'='"
                        + dir.resolve("dim_part").toUri()
                        + "')");
        t.executeSql(
                "CREATE TABLE dim_key (id BIGINT, name STRING) WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("dim_key").toUri()
                        + "')");
    }

    /** A batch environment with dynamic filtering on (Flink's default) or off. */
    private static TableEnvironment batch(boolean dynamicFiltering, boolean withKKey) {
        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        t.getConfig()
                .set(
                        "table.optimizer.dynamic-filtering.enabled",
                        Boolean.toString(dynamicFiltering));
        t.getConfig().set("table.exec.resource.default-parallelism", "2");
        factTables(t, withKKey);
        return t;
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

    /**
     * Dynamic filtering into the encrypted fact table: on the partition column (no column key
     * needed, the partitions of the dimension rows only) and on the encrypted data column k (its
     * row groups pruned by decrypted statistics and bloom filters, then its rows by the runtime
     * filter the readers get), the same rows as without dynamic filtering. Without k's key nothing
     * proves a row group holds no key: the join on k is refused naming k, never answered empty.
     */
    @Test
    void dynamicFilteringIntoAnEncryptedFactTableReturnsTheJoinsRows() throws Exception {
        TableEnvironment dpp = batch(true, true);
        TableEnvironment plain = batch(false, true);
        String onPart =
                "SELECT f.v, f.s, f.part FROM fact AS f JOIN dim_part AS d ON f.part = d.part"
                        + " WHERE d.label = 'keep'";
        assertThat(dpp.explainSql(onPart)).contains("DynamicFilteringDataCollector(fields=[part])");
        List<String> partRows = collect(dpp, onPart);
        assertThat(partRows)
                .hasSize(800)
                .contains("+I[1200, s400, p1]", "+I[4797, s1599, p3]")
                .noneMatch(r -> r.endsWith(", p0]") || r.endsWith(", p2]"))
                .isEqualTo(collect(plain, onPart));

        String onKey =
                "SELECT f.k, f.v, f.s, f.part, d.name FROM fact AS f JOIN dim_key AS d"
                        + " ON f.k = d.id WHERE d.name = 'sel'";
        assertThat(dpp.explainSql(onKey)).contains("DynamicFilteringDataCollector(fields=[id])");
        assertThat(collect(dpp, onKey))
                .containsExactly(
                        "+I[1210, 3630, s1210, p3, sel]",
                        "+I[150, 450, s150, p0, sel]",
                        "+I[155, 465, s155, p0, sel]")
                .isEqualTo(collect(plain, onKey));

        TableEnvironment footerKeyOnly = batch(true, false);
        assertThat(collect(footerKeyOnly, onPart)).isEqualTo(partRows);
        assertThatThrownBy(() -> collect(footerKeyOnly, onKey))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains("MissingKeyException").contains("column k)");
                            assertNoKeyIn(trace);
                        });
    }

    /**
     * Aggregates answered from the encrypted table's footers: with the keys, COUNT(*), COUNT and
     * MIN/MAX of the encrypted k and the plaintext v; with the footer key only, COUNT(*) and v's
     * (its statistics are in the footer), while MIN(k) and COUNT(k), whose statistics only k's key
     * decrypts, are not answered from the footer and are refused naming k.
     */
    @Test
    void footerAggregatesOnAnEncryptedTableNeedTheKeysOfTheirColumns() throws Exception {
        TableEnvironment keys = batch(true, true);
        String all = "SELECT COUNT(*), COUNT(k), MIN(k), MAX(k), MIN(v), MAX(v) FROM fact";
        assertThat(keys.explainSql(all)).contains("aggregates=[");
        assertThat(collect(keys, all)).containsExactly("+I[1600, 1600, 0, 1599, 0, 4797]");

        TableEnvironment footerKeyOnly = batch(true, false);
        String plaintext = "SELECT part, COUNT(*), MIN(v), MAX(v) FROM fact GROUP BY part";
        assertThat(footerKeyOnly.explainSql(plaintext)).contains("aggregates=[");
        assertThat(collect(footerKeyOnly, plaintext))
                .containsExactly(
                        "+I[p0, 400, 0, 1197]",
                        "+I[p1, 400, 1200, 2397]",
                        "+I[p2, 400, 2400, 3597]",
                        "+I[p3, 400, 3600, 4797]");
        for (String needsK : List.of("SELECT MIN(k) FROM fact", "SELECT COUNT(k) FROM fact")) {
            assertThat(footerKeyOnly.explainSql(needsK)).as(needsK).doesNotContain("aggregates=[");
            assertThatThrownBy(() -> collect(footerKeyOnly, needsK))
                    .as(needsK)
                    .satisfies(
                            e -> {
                                String trace = trace(e);
                                assertThat(trace)
                                        .contains("MissingKeyException")
                                        .contains("column k)");
                                assertNoKeyIn(trace);
                            });
        }
    }

    /**
     * A plaintext footer is signed with the footer key: given the key, the scan checks the
     * signature (by default; there is no option to turn it off) and refuses a footer changed after
     * writing, naming the file; the file as written reads.
     */
    @Test
    void aTamperedPlaintextFooterIsRefusedWhenTheFooterKeyIsGiven() throws Exception {
        byte[] bytes =
                Files.readAllBytes(TestingParquetFiles.data(TestingEncryptedFiles.PLAIN_FOOTER));
        Path intact = dir.resolve("signed-intact");
        Files.createDirectories(intact);
        Files.write(intact.resolve("part-0.parquet"), bytes);
        // one letter of created_by, in the signed plaintext footer: still a valid footer
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.lastIndexOf("parquet-cpp-arrow");
        assertThat(at).isPositive();
        bytes[at + "parquet-cpp-".length()] = 'A';
        Path tampered = dir.resolve("signed-tampered");
        Files.createDirectories(tampered);
        Files.write(tampered.resolve("part-0.parquet"), bytes);

        TableEnvironment t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        for (String name : List.of("intact", "tampered")) {
            t.executeSql(
                    "CREATE TABLE signed_"
                            + name
                            + " (boolean_field BOOLEAN, double_field DOUBLE) WITH ('connector'='pqx',"
                            + " 'path'='"
                            + dir.resolve("signed-" + name).toUri()
                            + "'"
                            + keyOptions(true)
                            + ")");
        }
        assertThat(collect(t, "SELECT COUNT(*), SUM(double_field) FROM signed_intact"))
                .hasSize(1)
                .allSatisfy(r -> assertThat(r).startsWith("+I[50, "));
        assertThatThrownBy(() -> collect(t, "SELECT boolean_field FROM signed_tampered"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace)
                                    .contains("signature does not verify")
                                    .contains("signed-tampered");
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
