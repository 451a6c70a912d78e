package io.pqx.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingEncryptedFiles;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.options.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pqx cat}, {@code meta}, {@code schema} and {@code count} on parquet-testing's encrypted
 * files, keys from files and environment variables (never the command line): the output equals the
 * plaintext twin's; a missing column key refuses only what reads the column; no key is printed.
 */
class EncryptedFilesCommandTest {

    @TempDir Path tmp;
    String footerFile;
    String columnFiles;

    @BeforeEach
    void keyFiles() throws Exception {
        Path footer = tmp.resolve("footer.key");
        Files.write(footer, TestingEncryptedFiles.FOOTER_KEY); // raw bytes
        Path dbl = tmp.resolve("double.key");
        Files.writeString(
                dbl, "hex:" + HexFormat.of().formatHex(TestingEncryptedFiles.DOUBLE_KEY) + "\n");
        Path flt = tmp.resolve("float.key");
        Files.writeString(
                flt,
                "base64:" + Base64.getEncoder().encodeToString(TestingEncryptedFiles.FLOAT_KEY));
        footerFile = footer.toString();
        columnFiles = "double_field=" + dbl + ",float_field=" + flt;
    }

    private static String corpus(String name) {
        return TestingParquetFiles.data(name).toFile().getAbsolutePath();
    }

    /** The rows of the bloom filter file, written in plaintext by pqx. */
    private String plaintextTwin() throws Exception {
        RowType type =
                RowType.of(
                        false, // as the schema of a file without pqx's declared type reads
                        new LogicalType[] {
                            new DoubleType(false),
                            new FloatType(false),
                            new IntType(),
                            new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"double_field", "float_field", "int32_field", "name"});
        Path file = tmp.resolve("twin.parquet");
        try (ParquetWriter w =
                ParquetWriter.builder(type)
                        .options(WriteOptions.builder().build())
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int i = 0; i < 2000; i++) {
                w.write(
                        GenericRowData.of(
                                i + 0.5, i + 0.25f, i, StringData.fromString("name_" + i)));
            }
        }
        return file.toString();
    }

    @Test
    void catSchemaAndCountPrintWhatThePlaintextTwinPrints() throws Exception {
        String twin = plaintextTwin();
        String bloom = corpus(TestingEncryptedFiles.BLOOM);
        for (String command : List.of("cat", "schema", "count")) {
            TestingCliRun plain = TestingCliRun.of(command, twin);
            TestingCliRun encrypted =
                    TestingCliRun.of(
                            command,
                            bloom,
                            "--footer-key-file",
                            footerFile,
                            "--column-key-file",
                            columnFiles);
            assertThat(encrypted.err()).as(command).isEmpty();
            assertThat(encrypted.status()).as(command).isZero();
            assertThat(encrypted.out()).as(command).isEqualTo(plain.out());
        }
        assertThat(TestingCliRun.of("cat", twin, "--limit", "1").out())
                .isEqualTo(
                        "{\"double_field\":0.5,\"float_field\":0.25,\"int32_field\":0,"
                                + "\"name\":\"name_0\"}\n");
    }

    /** The 50-row files hold the same rows however they are encrypted: one output for all. */
    @Test
    void everyEncryptionOfTheSameRowsCatsTheSame() {
        String expected =
                TestingCliRun.of(
                                "cat",
                                corpus(TestingEncryptedFiles.COLUMNS_AND_FOOTER),
                                "--footer-key-file",
                                footerFile,
                                "--column-key-file",
                                columnFiles)
                        .out();
        assertThat(expected.split("\n")).hasSize(50);
        assertThat(expected).startsWith("{\"boolean_field\":true,");
        for (String name :
                List.of(
                        TestingEncryptedFiles.PLAIN_FOOTER,
                        TestingEncryptedFiles.CTR,
                        TestingEncryptedFiles.AAD_STORED)) {
            TestingCliRun run =
                    TestingCliRun.of(
                            "cat",
                            corpus(name),
                            "--footer-key-file",
                            footerFile,
                            "--column-key-file",
                            columnFiles);
            assertThat(run.err()).as(name).isEmpty();
            assertThat(run.out()).as(name).isEqualTo(expected);
        }
        TestingCliRun aad =
                TestingCliRun.of(
                        "cat",
                        corpus(TestingEncryptedFiles.AAD_NOT_STORED),
                        "--footer-key-file",
                        footerFile,
                        "--column-key-file",
                        columnFiles,
                        "--aad-prefix",
                        "tester");
        assertThat(aad.out()).isEqualTo(expected);
        TestingCliRun uniform =
                TestingCliRun.of(
                        "cat",
                        corpus(TestingEncryptedFiles.UNIFORM),
                        "--footer-key-file",
                        footerFile);
        assertThat(uniform.out()).isEqualTo(expected);
    }

    @Test
    void keysFromEnvironmentVariables() {
        Map<String, String> env =
                Map.of(
                        "PQX_FOOTER_KEY",
                        "hex:" + HexFormat.of().formatHex(TestingEncryptedFiles.FOOTER_KEY),
                        "PQX_DOUBLE_KEY",
                        "base64:"
                                + Base64.getEncoder()
                                        .encodeToString(TestingEncryptedFiles.DOUBLE_KEY),
                        "PQX_FLOAT_KEY",
                        "hex:" + HexFormat.of().formatHex(TestingEncryptedFiles.FLOAT_KEY));
        String bloom = corpus(TestingEncryptedFiles.BLOOM);
        TestingCliRun fromFiles =
                TestingCliRun.of(
                        "cat",
                        bloom,
                        "--footer-key-file",
                        footerFile,
                        "--column-key-file",
                        columnFiles);
        TestingCliRun fromEnv =
                TestingCliRun.withEnv(
                        env::get,
                        "cat",
                        bloom,
                        "--footer-key-env",
                        "PQX_FOOTER_KEY",
                        "--column-key-env",
                        "double_field=PQX_DOUBLE_KEY,float_field=PQX_FLOAT_KEY");
        assertThat(fromEnv.err()).isEmpty();
        assertThat(fromEnv.out()).isEqualTo(fromFiles.out()).isNotEmpty();
        TestingCliRun unset =
                TestingCliRun.withEnv(
                        env::get, "cat", bloom, "--footer-key-env", "PQX_NO_SUCH_KEY");
        assertThat(unset.status()).isEqualTo(PqxCli.FAILED);
        assertThat(unset.err()).contains("PQX_NO_SUCH_KEY").contains("not set");
    }

    /** The column lists of the SQL options: ',' or ';' between entries, white space ignored. */
    @Test
    void columnKeyListsTakeTheSyntaxOfTheSqlOptions() {
        String bloom = corpus(TestingEncryptedFiles.BLOOM);
        TestingCliRun semicolons =
                TestingCliRun.of(
                        "cat",
                        bloom,
                        "--footer-key-file",
                        footerFile,
                        "--column-key-file",
                        " " + columnFiles.replace(",", " ; ") + ";",
                        "--limit",
                        "1");
        assertThat(semicolons.err()).isEmpty();
        assertThat(semicolons.out()).startsWith("{\"double_field\":0.5,\"float_field\":0.25,");
        TestingCliRun malformed =
                TestingCliRun.of(
                        "cat",
                        bloom,
                        "--footer-key-file",
                        footerFile,
                        "--column-key-file",
                        columnFiles + ",float_field");
        assertThat(malformed.status()).isEqualTo(PqxCli.USAGE);
        assertThat(malformed.err()).contains("--column-key-file").contains("entry 3");
    }

    @Test
    void metaShowsTheDecryptedStatisticsOfAnEncryptedColumn() {
        TestingCliRun run =
                TestingCliRun.of(
                        "meta",
                        corpus(TestingEncryptedFiles.BLOOM),
                        "--footer-key-file",
                        footerFile,
                        "--column-key-file",
                        columnFiles);
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).contains("double_field").contains("1999.5");
        assertNoKeyIn(run.out());
    }

    /**
     * Without a column's key, {@code meta} says the chunk is encrypted and that its statistics,
     * page index and bloom filter are unknown, not empty; and its layout too when the encrypted
     * footer keeps no plaintext copy of it.
     */
    @Test
    void metaShowsAColumnWithoutItsKeyAsEncryptedNotAsEmpty() {
        TestingCliRun run =
                TestingCliRun.of(
                        "meta",
                        corpus(TestingEncryptedFiles.BLOOM),
                        "--footer-key-file",
                        footerFile,
                        "--column-key-file",
                        columnFiles.substring(0, columnFiles.indexOf(',')));
        assertThat(run.err()).isEmpty();
        String unknown = "unknown: encrypted (key not given)";
        String noKey = column(run.out(), "float_field");
        assertThat(noKey)
                .contains("encryption: encrypted (key not given)")
                .contains("codec: " + unknown)
                .contains("values: " + unknown)
                .contains("statistics: " + unknown)
                .contains("page index: " + unknown)
                .contains("bloom filter: " + unknown)
                .doesNotContain("UNCOMPRESSED")
                .doesNotContain("0 compressed");
        assertThat(column(run.out(), "double_field"))
                .contains("encryption: encrypted (key given)")
                .contains("min=0.5")
                .doesNotContain("unknown: encrypted");
        assertThat(column(run.out(), "int32_field"))
                .doesNotContain("encryption:")
                .contains("min=0");

        // a plaintext footer keeps the chunk's layout: only what the key hides is unknown
        TestingCliRun plainFooter =
                TestingCliRun.of("meta", corpus(TestingEncryptedFiles.PLAIN_FOOTER));
        assertThat(plainFooter.err()).isEmpty();
        assertThat(column(plainFooter.out(), "double_field"))
                .contains("encryption: encrypted (key not given)")
                .contains("statistics: " + unknown)
                .doesNotContain("codec: " + unknown)
                .doesNotContain("values: " + unknown);
        assertNoKeyIn(run.out());
    }

    /** The lines of the first chunk of {@code column} in {@code meta}'s output, unaligned. */
    private static String column(String meta, String column) {
        int start = meta.indexOf("  column " + column + ":\n");
        assertThat(start).as(column).isNotNegative();
        int end = meta.indexOf("\n  column ", start + 1);
        int nextGroup = meta.indexOf("\nrow group ", start + 1);
        if (end < 0 || (nextGroup >= 0 && nextGroup < end)) {
            end = nextGroup;
        }
        String lines = end < 0 ? meta.substring(start) : meta.substring(start, end);
        return lines.replaceAll(":  +", ": "); // the values' alignment aside
    }

    @Test
    void aMissingColumnKeyRefusesOnlyTheColumnsThatNeedIt() {
        String bloom = corpus(TestingEncryptedFiles.BLOOM);
        TestingCliRun without =
                TestingCliRun.of(
                        "cat",
                        bloom,
                        "--footer-key-file",
                        footerFile,
                        "--columns",
                        "int32_field,name",
                        "--limit",
                        "1");
        assertThat(without.err()).isEmpty();
        assertThat(without.out()).isEqualTo("{\"int32_field\":0,\"name\":\"name_0\"}\n");
        TestingCliRun all = TestingCliRun.of("cat", bloom, "--footer-key-file", footerFile);
        assertThat(all.status()).isEqualTo(PqxCli.FAILED);
        assertThat(all.err()).contains("double_field").contains(TestingEncryptedFiles.BLOOM);
        TestingCliRun noKeys = TestingCliRun.of("count", bloom);
        assertThat(noKeys.status()).isEqualTo(PqxCli.FAILED);
        assertThat(noKeys.err()).contains("footer key");
    }

    @Test
    void aWrongKeyNamesWhatFailedAndNoKeyIsPrinted() throws Exception {
        Path wrong = tmp.resolve("wrong.key");
        Files.write(wrong, TestingEncryptedFiles.DOUBLE_KEY);
        TestingCliRun run =
                TestingCliRun.debug(
                        "cat",
                        corpus(TestingEncryptedFiles.BLOOM),
                        "--footer-key-file",
                        wrong.toString());
        assertThat(run.status()).isEqualTo(PqxCli.FAILED);
        assertThat(run.err()).contains("Cannot decrypt footer");
        assertNoKeyIn(run.err());
        Path shortKey = tmp.resolve("short.key");
        Files.writeString(shortKey, "0123456789\n");
        TestingCliRun bad =
                TestingCliRun.of(
                        "cat",
                        corpus(TestingEncryptedFiles.BLOOM),
                        "--footer-key-file",
                        shortKey.toString());
        assertThat(bad.status()).isEqualTo(PqxCli.FAILED);
        assertThat(bad.err()).contains("16, 24 or 32 bytes").doesNotContain("0123456789");
    }

    @Test
    void aKeyOnTheCommandLineIsRefused() {
        TestingCliRun run =
                TestingCliRun.of(
                        "cat",
                        corpus(TestingEncryptedFiles.BLOOM),
                        "--footer-key",
                        "hex:30313233343536373839303132333435");
        assertThat(run.status()).isEqualTo(PqxCli.USAGE);
        assertThat(run.err())
                .contains("process list")
                .contains("--footer-key-file")
                .doesNotContain("3031323334");
    }

    private static void assertNoKeyIn(String s) {
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
    }
}
