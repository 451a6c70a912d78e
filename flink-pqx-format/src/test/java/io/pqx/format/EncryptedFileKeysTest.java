package io.pqx.format;

import static io.pqx.format.TestingEncryptedFiles.AAD_NOT_STORED;
import static io.pqx.format.TestingEncryptedFiles.AAD_PREFIX;
import static io.pqx.format.TestingEncryptedFiles.AAD_STORED;
import static io.pqx.format.TestingEncryptedFiles.COLUMNS_AND_FOOTER;
import static io.pqx.format.TestingEncryptedFiles.DOUBLE_KEY;
import static io.pqx.format.TestingEncryptedFiles.FLOAT_KEY;
import static io.pqx.format.TestingEncryptedFiles.FOOTER_KEY;
import static io.pqx.format.TestingEncryptedFiles.PLAIN_FOOTER;
import static io.pqx.format.TestingEncryptedFiles.options;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reads of encrypted files with keys missing, wrong or swapped, and AAD prefixes missing or wrong:
 * each refused by name (which key, which module, where), a missing column key only by reads that
 * need the column; and no message or {@code toString} ever shows a key.
 */
class EncryptedFileKeysTest {

    /** Every message and toString the tests produced, checked for key bytes after each test. */
    private final List<String> shown = new ArrayList<>();

    private static ParquetReader open(String name, ReadOptions options) throws Exception {
        return ParquetReader.open(
                FlinkInputFile.open(
                        new org.apache.flink.core.fs.Path(TestingParquetFiles.data(name).toUri())),
                options);
    }

    private static String location(String name) {
        return new org.apache.flink.core.fs.Path(TestingParquetFiles.data(name).toUri()).toString();
    }

    /** Rows of the columns at {@code paths}, as {@link TestingRowValues} gives them. */
    private static List<List<Object>> rows(ParquetReader reader, List<String> paths)
            throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        ReadSchema projection = reader.project(paths);
        try (CloseableIterator<RowData> it = reader.rows(projection)) {
            while (it.hasNext()) {
                rows.add(TestingRowValues.of(it.next(), projection.rowType()));
            }
        }
        return rows;
    }

    /** What opening or reading failed with, unwrapped from the iterator's unchecked exception. */
    private Throwable failure(ThrowingCallable read) {
        Throwable thrown = Assertions.catchThrowable(read);
        assertThat(thrown).isNotNull();
        Throwable cause = thrown instanceof UncheckedIOException ? thrown.getCause() : thrown;
        for (Throwable t = cause; t != null; t = t.getCause()) {
            shown.add(String.valueOf(t.getMessage()));
            shown.add(t.toString());
        }
        return cause;
    }

    @Test
    void aPlaintextFooterWithoutKeysReadsThePlaintextColumnsAndRefusesTheEncryptedOnes()
            throws Exception {
        try (ParquetReader reader = open(PLAIN_FOOTER, ReadOptions.defaults())) {
            List<List<Object>> rows = rows(reader, List.of("int32_field", "boolean_field"));
            assertThat(rows).hasSize(50);
            assertThat(rows.get(7)).containsExactly(7L, false);
            assertThat(failure(() -> rows(reader, List.of("int32_field", "double_field"))))
                    .isInstanceOf(MissingKeyException.class)
                    .hasMessage(
                            "Cannot read encrypted column: the key of column double_field was not"
                                    + " given (FileDecryptionProperties.columnKey(\"double_field\","
                                    + " ...), or a key retriever) ("
                                    + location(PLAIN_FOOTER)
                                    + ", row group 0, column double_field)");
        }
    }

    @Test
    void aMissingColumnKeyRefusesOnlyReadsOfThatColumn() throws Exception {
        FileDecryptionProperties footerOnly =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER_KEY)
                        .columnKey("double_field", DOUBLE_KEY)
                        .build();
        try (ParquetReader reader = open(COLUMNS_AND_FOOTER, options(footerOnly))) {
            List<List<Object>> rows = rows(reader, List.of("double_field", "ba_field"));
            assertThat(rows.get(3)).containsExactly(3 * 1.1111111, null);
            assertThat(failure(() -> rows(reader, List.of("float_field"))))
                    .isInstanceOf(MissingKeyException.class)
                    .hasMessageStartingWith(
                            "Cannot read encrypted column: the key of column float_field was not"
                                    + " given")
                    .hasMessageEndingWith("row group 0, column float_field)");
        }
    }

    @Test
    void anEncryptedFooterWithoutItsKeyIsRefused() {
        assertThat(failure(() -> open(COLUMNS_AND_FOOTER, ReadOptions.defaults())))
                .isInstanceOf(MissingKeyException.class)
                .hasMessage(
                        "Cannot read encrypted footer: the footer key was not given"
                                + " (FileDecryptionProperties.footerKey, or a key retriever) ("
                                + location(COLUMNS_AND_FOOTER)
                                + ")");
    }

    @Test
    void aWrongFooterKeyDoesNotAuthenticateTheFooter() {
        FileDecryptionProperties wrong =
                TestingEncryptedFiles.explicitKeys().footerKey(DOUBLE_KEY).build();
        assertThat(failure(() -> open(COLUMNS_AND_FOOTER, options(wrong))))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessage(
                        "Cannot decrypt footer: it does not authenticate (AES-GCM tag mismatch): a"
                                + " wrong key or AAD prefix, or changed bytes ("
                                + location(COLUMNS_AND_FOOTER)
                                + ")");
    }

    @Test
    void aWrongFooterKeyFailsAPlaintextFootersSignature() {
        FileDecryptionProperties wrong =
                TestingEncryptedFiles.explicitKeys().footerKey(FLOAT_KEY).build();
        Throwable thrown = failure(() -> open(PLAIN_FOOTER, options(wrong)));
        assertThat(thrown)
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageStartingWith(
                        "Cannot decrypt footer signature: the plaintext footer's signature does"
                                + " not verify");
        assertThat(((DecryptionFailedException) thrown).module()).isEqualTo("footer signature");
        // asked not to check it, the read goes on (and the column keys still authenticate)
        FileDecryptionProperties unchecked =
                TestingEncryptedFiles.explicitKeys()
                        .footerKey(FLOAT_KEY)
                        .verifyPlaintextFooter(false)
                        .build();
        Assertions.assertThatCode(
                        () -> {
                            try (ParquetReader reader = open(PLAIN_FOOTER, options(unchecked))) {
                                assertThat(rows(reader, List.of("double_field"))).hasSize(50);
                            }
                        })
                .doesNotThrowAnyException();
    }

    @Test
    void swappedColumnKeysDoNotAuthenticateTheColumnMetadata() {
        FileDecryptionProperties swapped =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER_KEY)
                        .columnKey("double_field", FLOAT_KEY)
                        .columnKey("float_field", DOUBLE_KEY)
                        .build();
        Throwable thrown = failure(() -> open(COLUMNS_AND_FOOTER, options(swapped)));
        assertThat(thrown)
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageStartingWith("Cannot decrypt column metadata: it does not authenticate")
                .hasMessageEndingWith(
                        "(" + location(COLUMNS_AND_FOOTER) + ", row group 0, column float_field)");
        assertThat(((DecryptionFailedException) thrown).module()).isEqualTo("column metadata");
    }

    @Test
    void aPrefixTheFileNeedsMustBeSuppliedAndRight() {
        assertThat(
                        failure(
                                () ->
                                        open(
                                                AAD_NOT_STORED,
                                                options(
                                                        TestingEncryptedFiles.explicitKeys()
                                                                .build()))))
                .isInstanceOf(MissingKeyException.class)
                .hasMessage(
                        "Cannot read encrypted file: the file was written with an AAD prefix it"
                                + " does not store, which the read must supply"
                                + " (FileDecryptionProperties.aadPrefix) ("
                                + location(AAD_NOT_STORED)
                                + ")");
        FileDecryptionProperties wrongPrefix =
                TestingEncryptedFiles.explicitKeys()
                        .aadPrefix("tester2".getBytes(StandardCharsets.US_ASCII))
                        .build();
        assertThat(failure(() -> open(AAD_NOT_STORED, options(wrongPrefix))))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageStartingWith("Cannot decrypt footer: it does not authenticate");
    }

    @Test
    void aSuppliedPrefixMustMatchTheStoredOne() {
        FileDecryptionProperties other =
                TestingEncryptedFiles.explicitKeys()
                        .aadPrefix("other".getBytes(StandardCharsets.US_ASCII))
                        .build();
        assertThat(failure(() -> open(AAD_STORED, options(other))))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessage(
                        "Cannot decrypt footer: the AAD prefix supplied is not the one the file"
                                + " stores: the file is not the one the prefix was meant for ("
                                + location(AAD_STORED)
                                + ")");
        FileDecryptionProperties needless =
                TestingEncryptedFiles.explicitKeys().aadPrefix(AAD_PREFIX).build();
        assertThat(failure(() -> open(COLUMNS_AND_FOOTER, options(needless))))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageStartingWith(
                        "Cannot decrypt footer: an AAD prefix was supplied, but the file was"
                                + " written without one");
    }

    @Test
    void aRetrieverThatFailsOrReturnsNoAesKeyLeavesTheKeyMissing() throws Exception {
        FileDecryptionProperties shortKeys =
                FileDecryptionProperties.builder()
                        .footerKey(FOOTER_KEY)
                        .keyRetriever(metadata -> new byte[5])
                        .build();
        try (ParquetReader reader = open(COLUMNS_AND_FOOTER, options(shortKeys))) {
            assertThat(failure(() -> rows(reader, List.of("double_field"))))
                    .isInstanceOf(MissingKeyException.class)
                    .hasMessageStartingWith(
                            "Cannot read encrypted column: the key retriever returned a key of 5"
                                    + " bytes for the key of column double_field; AES keys have"
                                    + " 16, 24 or 32");
        }
    }

    @Test
    void anInspectorDecryptsIndexesAndLeavesPageHeadersToTheReader() throws Exception {
        try (ParquetReader reader =
                open(COLUMNS_AND_FOOTER, options(TestingEncryptedFiles.explicitKeys().build()))) {
            ParquetInspector inspector = ParquetInspector.of(reader);
            // double_field is leaf 5: its column index decrypts and bounds its 50 values
            assertThat(inspector.readColumnIndex(0, 5).orElseThrow().pageCount()).isEqualTo(1);
            assertThat(inspector.readOffsetIndex(0, 5).orElseThrow().pageCount()).isEqualTo(1);
            assertThat(failure(() -> inspector.readPageChecksums(0, 5)))
                    .isInstanceOf(UnsupportedFileException.class)
                    .hasMessage(
                            "Cannot count page checksums: the column is encrypted: its page"
                                    + " headers are read only when its pages are ("
                                    + location(COLUMNS_AND_FOOTER)
                                    + ", row group 0, column double_field)");
            // a plaintext column's are counted as before
            assertThat(inspector.readPageChecksums(0, 0).pages()).isEqualTo(1);
        }
    }

    @Test
    void propertiesShowWhichKeysAreSetAndNoKey() {
        FileDecryptionProperties properties =
                TestingEncryptedFiles.explicitKeys()
                        .aadPrefix(AAD_PREFIX)
                        .keyRetriever(TestingEncryptedFiles.retriever())
                        .build();
        assertThat(properties.toString())
                .isEqualTo(
                        "FileDecryptionProperties{footerKey=set, columnKeys=[double_field,"
                                + " float_field], aadPrefix=set, keyRetriever=set,"
                                + " verifyPlaintextFooter=true}");
        shown.add(properties.toString());
        shown.add(options(properties).toString());
        assertThat(options(properties).toString()).contains("decryption=FileDecryptionProperties{");
        // the getters hand out copies: changing one changes no key
        properties.footerKey().orElseThrow()[0] = 99;
        assertThat(properties.footerKey().orElseThrow()).isEqualTo(FOOTER_KEY);
    }

    @AfterEach
    void noKeyIsEverShown() {
        for (byte[] key : List.of(FOOTER_KEY, DOUBLE_KEY, FLOAT_KEY)) {
            List<String> forms =
                    List.of(
                            new String(key, StandardCharsets.US_ASCII),
                            HexFormat.of().formatHex(key),
                            HexFormat.of().withUpperCase().formatHex(key),
                            HexFormat.ofDelimiter(" ").formatHex(key),
                            Base64.getEncoder().encodeToString(key),
                            Arrays.toString(key));
            for (String text : shown) {
                for (String form : forms) {
                    assertThat(text).doesNotContain(form);
                }
            }
        }
    }
}
