package io.pqx.format;

import static io.pqx.format.TestingEncryptedFiles.AAD_NOT_STORED;
import static io.pqx.format.TestingEncryptedFiles.AAD_PREFIX;
import static io.pqx.format.TestingEncryptedFiles.AAD_STORED;
import static io.pqx.format.TestingEncryptedFiles.BLOOM;
import static io.pqx.format.TestingEncryptedFiles.COLUMNS_AND_FOOTER;
import static io.pqx.format.TestingEncryptedFiles.CTR;
import static io.pqx.format.TestingEncryptedFiles.EXTERNAL;
import static io.pqx.format.TestingEncryptedFiles.FOOTER_KEY;
import static io.pqx.format.TestingEncryptedFiles.PLAIN_FOOTER;
import static io.pqx.format.TestingEncryptedFiles.UNIFORM;
import static io.pqx.format.TestingEncryptedFiles.explicitKeys;
import static io.pqx.format.TestingEncryptedFiles.explicitKeys256;
import static io.pqx.format.TestingEncryptedFiles.options;
import static io.pqx.format.TestingEncryptedFiles.sampleRows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.MissingKeyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every encrypted file of parquet-testing read with its keys, each to the values its writer
 * generated ({@link TestingEncryptedFiles#sampleRows}, {@link TestingEncryptedFiles#bloomRows}):
 * the rows of the plaintext twin the writers' tests compare with.
 */
class EncryptedCorpusReaderTest {

    private static List<List<Object>> read(String name, FileDecryptionProperties properties)
            throws Exception {
        return TestingRowValues.readAll(TestingParquetFiles.data(name), options(properties));
    }

    @Test
    void plaintextFooterWithColumnKeysAndSignatureChecked() throws Exception {
        assertThat(read(PLAIN_FOOTER, explicitKeys().build())).isEqualTo(sampleRows());
    }

    @Test
    void encryptedFooterAndTwoColumnKeys() throws Exception {
        assertThat(read(COLUMNS_AND_FOOTER, explicitKeys().build())).isEqualTo(sampleRows());
    }

    @Test
    void encryptedFooterWithKeysFromARetriever() throws Exception {
        FileDecryptionProperties retrieved =
                FileDecryptionProperties.builder()
                        .keyRetriever(TestingEncryptedFiles.retriever())
                        .build();
        assertThat(read(COLUMNS_AND_FOOTER, retrieved)).isEqualTo(sampleRows());
    }

    @Test
    void aadPrefixStoredInTheFile() throws Exception {
        assertThat(read(AAD_STORED, explicitKeys().build())).isEqualTo(sampleRows());
        // supplying the stored prefix is allowed too
        assertThat(read(AAD_STORED, explicitKeys().aadPrefix(AAD_PREFIX).build()))
                .isEqualTo(sampleRows());
    }

    @Test
    void aadPrefixSuppliedByTheReader() throws Exception {
        assertThat(read(AAD_NOT_STORED, explicitKeys().aadPrefix(AAD_PREFIX).build()))
                .isEqualTo(sampleRows());
    }

    @Test
    void aesGcmCtrPages() throws Exception {
        assertThat(read(CTR, explicitKeys().build())).isEqualTo(sampleRows());
    }

    @Test
    void uniformEncryptionWithTheFooterKeyAlone() throws Exception {
        assertThat(read(UNIFORM, FileDecryptionProperties.builder().footerKey(FOOTER_KEY).build()))
                .isEqualTo(sampleRows());
    }

    @Test
    void encryptedBloomFilters() throws Exception {
        assertThat(read(BLOOM, explicitKeys().build()))
                .isEqualTo(TestingEncryptedFiles.bloomRows());
    }

    @Test
    void aes256Files() throws Exception {
        for (String name :
                List.of(
                        "aes256/encrypt_columns_and_footer.parquet.encrypted",
                        "aes256/encrypt_columns_and_footer_ctr.parquet.encrypted",
                        "aes256/encrypt_columns_plaintext_footer.parquet.encrypted")) {
            assertThat(read(name, explicitKeys256().build())).as(name).isEqualTo(sampleRows());
        }
        assertThat(
                        read(
                                "aes256/encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted",
                                explicitKeys256().aadPrefix(AAD_PREFIX).build()))
                .isEqualTo(sampleRows());
        assertThat(
                        read(
                                "aes256/uniform_encryption.parquet.encrypted",
                                FileDecryptionProperties.builder()
                                        .footerKey(TestingEncryptedFiles.FOOTER_KEY_256)
                                        .build()))
                .isEqualTo(sampleRows());
    }

    /**
     * parquet-java's key tools wrapped this file's keys with master keys of a KMS and stored the
     * wrapped keys in a separate key material file (not part of the corpus): pqx implements no KMS
     * client, so without a retriever that does, the file is refused, naming the missing footer key;
     * the test keys are not its keys, and its footer does not authenticate under them.
     */
    @Test
    void externalKeyMaterialNeedsARetrieverThatUnwrapsIt() {
        assertThatThrownBy(() -> read(EXTERNAL, FileDecryptionProperties.builder().build()))
                .isInstanceOf(MissingKeyException.class)
                .hasMessageStartingWith(
                        "Cannot read encrypted footer: the footer key was not given"
                                + " (FileDecryptionProperties.footerKey, or a key retriever)");
        assertThatThrownBy(() -> read(EXTERNAL, explicitKeys().build()))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageStartingWith("Cannot decrypt footer: it does not authenticate");
        assertThatThrownBy(
                        () ->
                                read(
                                        EXTERNAL,
                                        FileDecryptionProperties.builder()
                                                .keyRetriever(TestingEncryptedFiles.retriever())
                                                .build()))
                .isInstanceOf(MissingKeyException.class)
                .hasMessageStartingWith(
                        "Cannot read encrypted footer: the key retriever found no key for the"
                                + " footer key: no key with this id");
    }
}
