package io.pqx.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingEncryptedFiles;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.crypto.DecryptionFactory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads parquet-testing's encrypted file with bloom filters and page indexes (footer and two
 * columns encrypted, 2000 rows) through the source on a MiniCluster, with its keys given as
 * properties and as options, against a plaintext twin written by pqx with the same rows: the same
 * rows come out under a predicate that prunes; a missing column key refuses only reads that need
 * the column, naming it and the file; a wrong key names what failed to authenticate; no key text
 * appears in any failure.
 */
class PqxSourceEncryptedITCase {
    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new DoubleType(false),
                        new FloatType(false),
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"double_field", "float_field", "int32_field", "name"});

    @TempDir Path dir;
    Path encrypted;
    Path plain;

    @BeforeEach
    void files() throws Exception {
        encrypted = dir.resolve("encrypted");
        Files.createDirectories(encrypted);
        Files.copy(
                TestingParquetFiles.data(TestingEncryptedFiles.BLOOM),
                encrypted.resolve("part-0.parquet"));
        List<RowData> rows = new ArrayList<>();
        for (List<Object> r : TestingEncryptedFiles.bloomRows()) {
            rows.add(
                    GenericRowData.of(
                            r.get(0),
                            (float) (double) (Double) r.get(1),
                            (int) (long) (Long) r.get(2),
                            StringData.fromString((String) r.get(3))));
        }
        plain = dir.resolve("plain");
        TestingSourceFiles.write(plain.resolve("part-0.parquet"), TYPE, rows, 2000);
    }

    private static List<String> read(PqxSourceBuilder builder) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        Configuration noRestart = new Configuration();
        noRestart.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        env.configure(noRestart);
        PqxSource<RowData> source = builder.build();
        RowType type = source.producedRowType();
        // a committing test sink, not executeAndCollect: a job that fails at once can hit a Flink
        // 2.3 race in the collect sink's exception handler (a NullPointerException on its buffer
        // lock) that kills the class's only TaskManager, failing the tests after it
        String name = "encrypted-" + UUID.randomUUID();
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "pqx")
                .sinkTo(new TestingCommitSink(name, r -> describe(type, r)));
        env.execute("pqx encrypted read");
        List<String> got = new ArrayList<>(TestingCommitSink.published(name));
        got.sort(null);
        return got;
    }

    private static String describe(RowType type, RowData r) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < r.getArity(); i++) {
            s.append(i == 0 ? "" : "|");
            if (r.isNullAt(i)) {
                s.append("null");
                continue;
            }
            s.append(RowData.createFieldGetter(type.getTypeAt(i), i).getFieldOrNull(r).toString());
        }
        return s.toString();
    }

    private PqxSourceBuilder source(Path path) {
        return PqxSource.builder().path(path.toUri().toString()).rowType(TYPE);
    }

    /** Rows 100 to 109: the page index narrows the row group, the bloom filter keeps it. */
    private static Predicate prunes() {
        return Predicates.and(
                Predicates.greaterOrEqual("double_field", 100.0),
                Predicates.lessThan("double_field", 110.0));
    }

    @Test
    void readsWithPropertiesTheRowsOfThePlaintextTwin() throws Exception {
        List<String> twin = read(source(plain).predicate(prunes()));
        assertThat(twin).hasSize(10).contains("100.5|100.25|100|name_100");
        List<String> got =
                read(
                        source(encrypted)
                                .predicate(prunes())
                                .decryption(TestingEncryptedFiles.explicitKeys().build()));
        assertThat(got).isEqualTo(twin);
        // and the whole file, each row once
        assertThat(read(source(encrypted).decryption(TestingEncryptedFiles.explicitKeys().build())))
                .isEqualTo(read(source(plain)));
    }

    @Test
    void readsWithHexAndBase64OptionsAndWithAFactory() throws Exception {
        List<String> twin = read(source(plain).predicate(prunes()));
        String hex = "hex:" + HexFormat.of().formatHex(TestingEncryptedFiles.FOOTER_KEY);
        String columns =
                "double_field=base64:"
                        + Base64.getEncoder().encodeToString(TestingEncryptedFiles.DOUBLE_KEY)
                        + "; float_field=hex:"
                        + HexFormat.of().formatHex(TestingEncryptedFiles.FLOAT_KEY);
        assertThat(
                        read(
                                source(encrypted)
                                        .predicate(prunes())
                                        .setAll(
                                                Map.of(
                                                        PqxSourceOptions.DECRYPTION_FOOTER_KEY
                                                                .key(),
                                                        hex,
                                                        PqxSourceOptions.DECRYPTION_COLUMN_KEYS
                                                                .key(),
                                                        columns))))
                .isEqualTo(twin);
        DecryptionFactory factory = () -> TestingEncryptedFiles.explicitKeys().build();
        assertThat(read(source(encrypted).predicate(prunes()).decryption(factory))).isEqualTo(twin);
    }

    /**
     * Without the key of double_field: a query that does not read it reads; one whose rows need it
     * fails naming the column and the file; one whose row groups the (decrypted) statistics of
     * int32_field prune reads nothing of it, and ends.
     */
    @Test
    void aMissingColumnKeyRefusesOnlyReadsThatNeedTheColumn() throws Exception {
        FileDecryptionProperties withoutDouble =
                FileDecryptionProperties.builder()
                        .footerKey(TestingEncryptedFiles.FOOTER_KEY)
                        .columnKey("float_field", TestingEncryptedFiles.FLOAT_KEY)
                        .build();
        List<String> got =
                read(
                        source(encrypted)
                                .project("int32_field", "name")
                                .predicate(Predicates.lessThan("int32_field", 3))
                                .decryption(withoutDouble));
        assertThat(got).containsExactly("0|name_0", "1|name_1", "2|name_2");

        assertThat(
                        read(
                                source(encrypted)
                                        .predicate(Predicates.greaterThan("int32_field", 5000))
                                        .decryption(withoutDouble)))
                .isEmpty();

        // a predicate on the column: its statistics are not known, so nothing is skipped by them
        // (no row lost in silence); its values are needed, so the read is refused
        assertThatThrownBy(
                        () ->
                                read(
                                        source(encrypted)
                                                .project("int32_field")
                                                .predicate(
                                                        Predicates.lessThan("double_field", 0.25))
                                                .decryption(withoutDouble)))
                .satisfies(
                        e ->
                                assertThat(trace(e))
                                        .contains("MissingKeyException")
                                        .contains("double_field"));

        assertThatThrownBy(
                        () ->
                                read(
                                        source(encrypted)
                                                .predicate(Predicates.lessThan("int32_field", 3))
                                                .decryption(withoutDouble)))
                .satisfies(
                        e ->
                                assertThat(trace(e))
                                        .contains("MissingKeyException")
                                        .contains("double_field")
                                        .contains("part-0.parquet"));
    }

    @Test
    void aWrongKeyNamesWhatFailedToAuthenticateAndNoKeyIsShown() throws Exception {
        byte[] wrong = "9876543210987654".getBytes(StandardCharsets.US_ASCII);
        FileDecryptionProperties wrongFooter =
                FileDecryptionProperties.builder()
                        .footerKey(wrong)
                        .columnKey("double_field", TestingEncryptedFiles.DOUBLE_KEY)
                        .build();
        assertThatThrownBy(() -> read(source(encrypted).decryption(wrongFooter)))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace)
                                    .contains("Cannot decrypt footer")
                                    .contains("part-0.parquet");
                            assertNoKeyIn(trace, wrong, TestingEncryptedFiles.DOUBLE_KEY);
                        });
        FileDecryptionProperties wrongColumn =
                TestingEncryptedFiles.explicitKeys().columnKey("double_field", wrong).build();
        assertThatThrownBy(() -> read(source(encrypted).decryption(wrongColumn)))
                .satisfies(
                        e -> {
                            String trace = trace(e);
                            assertThat(trace)
                                    .containsPattern("Cannot decrypt [a-z ]+")
                                    .contains("double_field");
                            assertNoKeyIn(
                                    trace,
                                    wrong,
                                    TestingEncryptedFiles.FOOTER_KEY,
                                    TestingEncryptedFiles.FLOAT_KEY);
                        });
    }

    /** A key's text as given (here ASCII digits), in hex and in base64, is nowhere in {@code s}. */
    static void assertNoKeyIn(String s, byte[]... keys) {
        for (byte[] key : keys) {
            assertThat(s)
                    .doesNotContain(new String(key, StandardCharsets.ISO_8859_1))
                    .doesNotContainIgnoringCase(HexFormat.of().formatHex(key))
                    .doesNotContain(Base64.getEncoder().encodeToString(key));
        }
    }

    static String trace(Throwable e) {
        StringWriter out = new StringWriter();
        e.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
