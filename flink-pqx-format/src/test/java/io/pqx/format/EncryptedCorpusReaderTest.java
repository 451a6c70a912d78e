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
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.prune.RowSelection;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.util.CloseableIterator;
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

    /**
     * A selection read page by page through the encrypted offset index: the pages' ordinals (their
     * AADs) come from the index, the values of the pages read are counted from their decrypted
     * headers, and the pages not selected are never decrypted.
     */
    @Test
    void aSelectionReadThroughTheEncryptedOffsetIndex() throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(
                                new org.apache.flink.core.fs.Path(
                                        TestingParquetFiles.data(BLOOM).toUri())),
                        options(explicitKeys().build()))) {
            RowSelection selection =
                    RowSelection.of(new long[] {1100, 1990}, new long[] {1200, 1995});
            List<Long> positions = new ArrayList<>();
            List<Double> doubles = new ArrayList<>();
            try (BatchIterator batches =
                    reader.readRowGroup(
                            0, reader.project(List.of("double_field", "float_field")), selection)) {
                while (batches.hasNext()) {
                    ParquetBatch batch = batches.next();
                    for (int i = 0; i < batch.numRows(); i++) {
                        positions.add(batch.rowPosition(i));
                        doubles.add(
                                ((DoubleColumnVector) batch.column(0)).getDouble(i)
                                        + ((FloatColumnVector) batch.column(1)).getFloat(i));
                    }
                }
            }
            // the first page (rows 0 to about 990) is not read: the others' AADs carry ordinals 1
            // and 2
            assertThat(positions).hasSize(105).startsWith(1100L, 1101L).endsWith(1994L);
            for (int i = 0; i < positions.size(); i++) {
                assertThat(doubles.get(i)).isEqualTo(2 * positions.get(i) + 0.75);
            }
        }
    }

    /** A reader opened from the tail another reader of the file kept decrypts it the same way. */
    @Test
    void aReaderOpenedFromAKeptTail() throws Exception {
        FlinkInputFile first =
                FlinkInputFile.open(
                        new org.apache.flink.core.fs.Path(
                                TestingParquetFiles.data(COLUMNS_AND_FOOTER).toUri()));
        ParquetTail tail;
        try (ParquetReader reader =
                ParquetReader.openKeepingTail(first, options(explicitKeys().build()), 1 << 20)) {
            tail = reader.tail().orElseThrow();
        }
        FlinkInputFile second =
                FlinkInputFile.open(
                        new org.apache.flink.core.fs.Path(
                                TestingParquetFiles.data(COLUMNS_AND_FOOTER).toUri()));
        try (ParquetReader reader =
                        ParquetReader.open(second, tail, options(explicitKeys().build()));
                CloseableIterator<RowData> rows =
                        reader.rows(reader.project(List.of("double_field")))) {
            int n = 0;
            while (rows.hasNext()) {
                assertThat(rows.next().getDouble(0)).isEqualTo(n++ * 1.1111111);
            }
            assertThat(n).isEqualTo(50);
        }
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
