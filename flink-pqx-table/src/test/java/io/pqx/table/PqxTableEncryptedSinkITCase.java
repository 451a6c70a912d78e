package io.pqx.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CollectionUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code INSERT INTO} a pqx table with the {@code sink.encryption.*} options (footer key as hex, a
 * column key of its own read from a file by the writers), read back through a pqx table with the
 * {@code source.decryption.*} options; the files are refused without keys; and the keys' text (as
 * typed, hex, base64) is in neither EXPLAIN nor any failure's message.
 */
class PqxTableEncryptedSinkITCase {
    @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension();

    static final byte[] FOOTER_KEY = "footerKey-012345".getBytes(StandardCharsets.US_ASCII);
    static final byte[] SSN_KEY = "ssnColumnKey-678".getBytes(StandardCharsets.US_ASCII);
    static final String FOOTER_HEX = HexFormat.of().formatHex(FOOTER_KEY);
    static final String SSN_B64 = Base64.getEncoder().encodeToString(SSN_KEY);
    static final String COLUMNS = "(id BIGINT, name STRING, ssn STRING)";
    static final String ROWS =
            "VALUES (1, 'ann', '111-11'), (2, 'bob', '222-22'), (3, 'cy', CAST(NULL AS STRING))";

    @TempDir Path dir;
    TableEnvironment t;

    @BeforeEach
    void batch() {
        t = TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    private void table(String name, String options) {
        t.executeSql(
                "CREATE TABLE "
                        + name
                        + " "
                        + COLUMNS
                        + " WITH ('connector'='pqx', 'path'='"
                        + dir.resolve("out").toUri()
                        + "'"
                        + options
                        + ")");
    }

    /** The sink's options: footer key as hex, the ssn column's key (base64 text) in a file. */
    private String sinkOptions() throws Exception {
        Path keyFile = dir.resolve("ssn.key");
        Files.writeString(keyFile, "base64:" + SSN_B64 + "\n");
        return ", 'sink.encryption.footer-key.secret'='hex:"
                + FOOTER_HEX
                + "', 'sink.encryption.column-keys.secret'='ssn=file:"
                + keyFile
                + "', 'sink.encryption.aad-prefix'='people'"
                + ", 'sink.rolling-policy.roll-on-checkpoint'='true'";
    }

    private static String sourceOptions(boolean withSsnKey) {
        return ", 'source.decryption.footer-key.secret'='hex:"
                + FOOTER_HEX
                + "'"
                + (withSsnKey
                        ? ", 'source.decryption.column-keys.secret'='ssn=base64:" + SSN_B64 + "'"
                        : "");
    }

    private List<String> rows(String query) {
        return CollectionUtil.iteratorToList(t.executeSql(query).collect()).stream()
                .map(Row::toString)
                .sorted()
                .toList();
    }

    @Test
    void anEncryptedTableIsWrittenAndReadBackWithItsKeys() throws Exception {
        table("people_out", sinkOptions());
        String plan = t.explainSql("INSERT INTO people_out " + ROWS);
        assertThat(plan).contains("people_out");
        assertNoKeyIn(plan);
        String detailed =
                t.explainSql(
                        "INSERT INTO people_out " + ROWS,
                        ExplainDetail.ESTIMATED_COST,
                        ExplainDetail.JSON_EXECUTION_PLAN);
        assertNoKeyIn(detailed);
        t.executeSql("INSERT INTO people_out " + ROWS).await();

        List<Path> files;
        try (Stream<Path> s = Files.walk(dir.resolve("out"))) {
            files = s.filter(p -> p.toString().endsWith(".parquet")).toList();
        }
        assertThat(files).isNotEmpty();
        StringBuilder all = new StringBuilder();
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            // an encrypted footer ends with the magic "PARE"
            assertThat(new String(bytes, bytes.length - 4, 4, StandardCharsets.US_ASCII))
                    .isEqualTo("PARE");
            all.append(new String(bytes, StandardCharsets.ISO_8859_1));
        }
        // the ssn column is encrypted; the columns not named in column-keys stay plaintext
        assertThat(all.toString()).doesNotContain("111-11", "222-22").contains("ann", "bob");

        table("people_in", sourceOptions(true));
        assertThat(rows("SELECT id, name, ssn FROM people_in"))
                .containsExactly("+I[1, ann, 111-11]", "+I[2, bob, 222-22]", "+I[3, cy, null]");

        // the footer key alone reads the columns it encrypts, not the one with a key of its own
        table("people_footer_only", sourceOptions(false));
        assertThat(rows("SELECT id, name FROM people_footer_only"))
                .containsExactly("+I[1, ann]", "+I[2, bob]", "+I[3, cy]");
        assertThatThrownBy(() -> rows("SELECT ssn FROM people_footer_only"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains("MissingKeyException").contains("ssn");
                            assertNoKeyIn(trace);
                        });

        table("people_no_keys", "");
        assertThatThrownBy(() -> rows("SELECT id FROM people_no_keys"))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains(".parquet").containsIgnoringCase("footer");
                            assertNoKeyIn(trace);
                        });
    }

    @Test
    void badSinkKeysFailWithoutShowingTheKey() {
        String shortHex = FOOTER_HEX.substring(2);
        table(
                "short_key",
                ", 'sink.encryption.footer-key.secret'='hex:"
                        + shortHex
                        + "', 'sink.rolling-policy.roll-on-checkpoint'='true'");
        assertThatThrownBy(() -> t.executeSql("INSERT INTO short_key " + ROWS).await())
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains("the footer key").contains("15 bytes");
                            assertNoKeyIn(trace, shortHex);
                        });
        table(
                "typed_key",
                ", 'sink.encryption.footer-key.secret'='"
                        + new String(FOOTER_KEY, StandardCharsets.US_ASCII)
                        + "', 'sink.encryption.column-keys.secret'='ssn=base64:"
                        + SSN_B64
                        + "', 'sink.rolling-policy.roll-on-checkpoint'='true'");
        assertThatThrownBy(() -> t.explainSql("INSERT INTO typed_key " + ROWS))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace).contains("hex:..., base64:..., env:VARIABLE");
                            assertNoKeyIn(trace);
                        });
    }

    @Test
    void anEncryptedTableIsWrittenWithTheDefaultCheckpointPolicy() throws Exception {
        // sink.checkpoint.open-row-group CARRY (the default): its row log is encrypted too
        table(
                "carrying",
                ", 'sink.encryption.footer-key.secret'='base64:"
                        + Base64.getEncoder().encodeToString(FOOTER_KEY)
                        + "'");
        t.executeSql("INSERT INTO carrying " + ROWS).await();
        table("carrying_in", sourceOptions(false));
        assertThat(rows("SELECT id, name, ssn FROM carrying_in"))
                .containsExactly("+I[1, ann, 111-11]", "+I[2, bob, 222-22]", "+I[3, cy, null]");
    }

    /** No key, in the forms a user writes it, in {@code s}. */
    private static void assertNoKeyIn(String s, String... more) {
        for (byte[] key : List.of(FOOTER_KEY, SSN_KEY)) {
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
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
