package io.pqx.format;

import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.KeyRetrievalException;
import io.pqx.format.crypto.ParquetCipher;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.BloomFilterPruner;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PruningCounters;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.StatisticsPruner;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Files pqx writes with Parquet modular encryption read back with pqx's read side in every layout:
 * encrypted and plaintext (signed) footer, own column keys, columns with the footer key, uniform
 * encryption, AES_GCM_V1 and AES_GCM_CTR_V1, an AAD prefix stored and one readers supply, keys
 * given or retrieved by their metadata; with dictionaries, page indexes and bloom filters, which
 * prune with the keys as they do in plaintext files.
 */
class EncryptedWriteRoundTripTest {
    static final byte[] FOOTER_KEY = ascii("footer-key-16byt");
    static final byte[] PRICE_KEY = ascii("price-key-16byte");
    static final byte[] NAME_KEY = ascii("name-key-24-bytes-long!!");
    static final byte[] AAD_PREFIX = ascii("table/part-0.parquet");
    static final int ROWS = 3_000;

    /** One way of encrypting the price table (id plaintext unless uniform), and its read keys. */
    enum Layout {
        ENCRYPTED_FOOTER(b -> columnKeys(b), true, false),
        PLAINTEXT_FOOTER(b -> columnKeys(b).plaintextFooter(true), true, false),
        CTR_ENCRYPTED_FOOTER(
                b -> columnKeys(b).algorithm(ParquetCipher.AES_GCM_CTR_V1), true, false),
        CTR_PLAINTEXT_FOOTER(
                b -> columnKeys(b).algorithm(ParquetCipher.AES_GCM_CTR_V1).plaintextFooter(true),
                true,
                false),
        UNIFORM(b -> b, false, true),
        UNIFORM_PLAINTEXT_FOOTER(b -> b.plaintextFooter(true), false, true),
        FOOTER_KEY_COLUMN(
                b -> b.columnKey("price", PRICE_KEY, ascii("kp")).columnWithFooterKey("name"),
                false,
                false),
        FOOTER_KEY_COLUMN_PLAINTEXT_FOOTER(
                b ->
                        b.columnKey("price", PRICE_KEY, ascii("kp"))
                                .columnWithFooterKey("name")
                                .plaintextFooter(true),
                false,
                false),
        AAD_PREFIX_STORED(b -> columnKeys(b).aadPrefix(AAD_PREFIX), true, false),
        AAD_PREFIX_SUPPLIED(
                b -> columnKeys(b).aadPrefix(AAD_PREFIX).storeAadPrefix(false), true, false),
        AAD_PREFIX_SUPPLIED_PLAINTEXT_FOOTER(
                b ->
                        columnKeys(b)
                                .aadPrefix(AAD_PREFIX)
                                .storeAadPrefix(false)
                                .plaintextFooter(true),
                true,
                false);

        final UnaryOperator<FileEncryptionProperties.Builder> encryption;
        final boolean nameOwnKey;
        final boolean uniform;

        Layout(
                UnaryOperator<FileEncryptionProperties.Builder> encryption,
                boolean nameOwnKey,
                boolean uniform) {
            this.encryption = encryption;
            this.nameOwnKey = nameOwnKey;
            this.uniform = uniform;
        }

        FileEncryptionProperties properties() {
            return encryption
                    .apply(FileEncryptionProperties.builder().footerKey(FOOTER_KEY, ascii("kf")))
                    .build();
        }

        boolean encryptedFooter() {
            return properties().encryptedFooter();
        }

        FileDecryptionProperties keys() {
            FileDecryptionProperties.Builder b =
                    FileDecryptionProperties.builder()
                            .footerKey(FOOTER_KEY)
                            .columnKey("price", PRICE_KEY);
            if (nameOwnKey) {
                b.columnKey("name", NAME_KEY);
            }
            properties()
                    .aadPrefix()
                    .filter(p -> !properties().storeAadPrefix())
                    .ifPresent(b::aadPrefix);
            return b.build();
        }

        /** The same keys, found by a retriever from the key metadata the file stores. */
        FileDecryptionProperties retrieved() {
            Map<String, byte[]> byId = Map.of("kf", FOOTER_KEY, "kp", PRICE_KEY, "kn", NAME_KEY);
            FileDecryptionProperties.Builder b =
                    FileDecryptionProperties.builder()
                            .keyRetriever(
                                    metadata -> {
                                        byte[] key =
                                                byId.get(
                                                        new String(
                                                                metadata, StandardCharsets.UTF_8));
                                        if (key == null) {
                                            throw new KeyRetrievalException("unknown key id");
                                        }
                                        return key.clone();
                                    });
            properties()
                    .aadPrefix()
                    .filter(p -> !properties().storeAadPrefix())
                    .ifPresent(b::aadPrefix);
            return b.build();
        }
    }

    private static FileEncryptionProperties.Builder columnKeys(FileEncryptionProperties.Builder b) {
        return b.columnKey("price", PRICE_KEY, ascii("kp"))
                .columnKey("name", NAME_KEY, ascii("kn"));
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static List<RowData> rows() {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(
                    TestingPriceRows.row(
                            i, i % 7 == 0 ? null : (i % 500) + ".25", "secret-name-" + (i % 40)));
        }
        return rows;
    }

    static WriteOptions options(FileEncryptionProperties encryption) {
        return WriteOptions.builder()
                .rowGroupRows(1_000)
                .pageRowLimit(100)
                .bloomFilter("id", new BloomFilterSpec(1_000, 0.01))
                .bloomFilter("name", new BloomFilterSpec(100, 0.01))
                .encryption(encryption)
                .build();
    }

    static byte[] write(WriteOptions options, List<RowData> rows) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TestingPriceRows.TYPE)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "memory.parquet")) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return bytes.toByteArray();
    }

    static List<List<Object>> read(byte[] file, FileDecryptionProperties keys, List<String> paths)
            throws Exception {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("memory.parquet", file),
                        ReadOptions.builder().decryption(keys).build())) {
            return rows(reader, paths);
        }
    }

    static List<List<Object>> rows(ParquetReader reader, List<String> paths) throws Exception {
        List<List<Object>> out = new ArrayList<>();
        ReadSchema projection = reader.project(paths);
        try (CloseableIterator<RowData> it = reader.rows(projection)) {
            while (it.hasNext()) {
                out.add(TestingRowValues.of(it.next(), projection.rowType()));
            }
        }
        return out;
    }

    static List<List<Object>> expected(List<RowData> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (RowData row : rows) {
            out.add(TestingRowValues.of(row, TestingPriceRows.TYPE));
        }
        return out;
    }

    static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void readsBackWithTheKeys(Layout layout) throws Exception {
        List<RowData> rows = rows();
        byte[] file = write(options(layout.properties()), rows);
        List<String> all = List.of("id", "price", "name");
        assertThat(read(file, layout.keys(), all)).isEqualTo(expected(rows));
        assertThat(read(file, layout.retrieved(), all)).isEqualTo(expected(rows));

        byte[] magic = layout.encryptedFooter() ? ascii("PARE") : ascii("PAR1");
        assertThat(Arrays.copyOfRange(file, 0, 4)).isEqualTo(magic);
        assertThat(Arrays.copyOfRange(file, file.length - 4, file.length)).isEqualTo(magic);
        // name is encrypted in every layout: neither its values (dictionary, statistics, bloom
        // filter) nor, with an encrypted footer, the schema's names show in the file
        assertThat(contains(file, ascii("secret-name-"))).isFalse();
        assertThat(contains(file, ascii("pqx.flink.schema"))).isEqualTo(!layout.encryptedFooter());
        if (!layout.properties().aadPrefix().isEmpty()) {
            assertThat(contains(file, AAD_PREFIX)).isEqualTo(layout.properties().storeAadPrefix());
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void prunesWithTheKeysAsAPlaintextFileDoes(Layout layout) throws Exception {
        byte[] file = write(options(layout.properties()), rows());
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("memory.parquet", file),
                        ReadOptions.builder().decryption(layout.keys()).build())) {
            assertThat(reader.metadata().rowGroups()).hasSize(3);
            RowGroupView first = reader.metadata().rowGroups().get(0);
            PruningCounters counters = new PruningCounters();
            // statistics of the encrypted price column (decrypted column metadata)
            assertThat(
                            StatisticsPruner.create(
                                            greaterThan("price", new java.math.BigDecimal("600")),
                                            reader.schema().fields())
                                    .prune(
                                            first,
                                            RowGroupAccess.scan(1_000),
                                            SlotValues.none(),
                                            counters))
                    .isEqualTo(RowGroupAccess.skip(1_000));
            // the encrypted name column's bloom filter denies a value no row holds
            BloomFilterView filter =
                    ParquetInspector.of(reader).readBloomFilter(0, 2).orElseThrow();
            assertThat(filter.mightContain("secret-name-7")).isTrue();
            String absent = "";
            for (int i = 0; absent.isEmpty(); i++) {
                if (!filter.mightContain("other-" + i)) {
                    absent = "other-" + i;
                }
            }
            assertThat(
                            BloomFilterPruner.create(
                                            equal("name", absent),
                                            reader.schema().fields(),
                                            reader.bloomFilterSource())
                                    .prune(
                                            first,
                                            RowGroupAccess.scan(1_000),
                                            SlotValues.none(),
                                            counters))
                    .isEqualTo(RowGroupAccess.skip(1_000));
            // the page index of id (encrypted only when uniform) selects the page of row 250
            RowGroupAccess pages =
                    PageIndexPruner.create(
                                    equal("id", 250),
                                    reader.schema().fields(),
                                    reader.pageIndexSource(List.of(0, 1, 2)))
                            .prune(first, RowGroupAccess.scan(1_000), SlotValues.none(), counters);
            assertThat(pages)
                    .isEqualTo(
                            RowGroupAccess.select(
                                    io.pqx.format.prune.RowSelection.of(
                                            new long[] {200}, new long[] {300}),
                                    1_000));
            assertThat(counters.failures()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Layout.class,
            names = {"PLAINTEXT_FOOTER", "CTR_PLAINTEXT_FOOTER"})
    void aPlaintextFooterLetsReadersWithoutKeysReadThePlaintextColumnOnly(Layout layout)
            throws Exception {
        List<RowData> rows = rows();
        byte[] file = write(options(layout.properties()), rows);
        FileDecryptionProperties none = FileDecryptionProperties.builder().build();
        List<List<Object>> ids = read(file, none, List.of("id"));
        assertThat(ids).hasSize(ROWS);
        assertThat(ids.get(1234)).containsExactly(1234L);
        Throwable thrown = Assertions.catchThrowable(() -> read(file, none, List.of("name")));
        Throwable cause =
                thrown.getCause() instanceof MissingKeyException ? thrown.getCause() : thrown;
        assertThat(cause)
                .isInstanceOf(MissingKeyException.class)
                .hasMessageContaining("column name");
    }

    @ParameterizedTest
    @EnumSource(
            value = Layout.class,
            names = {"ENCRYPTED_FOOTER", "PLAINTEXT_FOOTER", "UNIFORM"})
    void aWrongKeyDoesNotDecrypt(Layout layout) throws Exception {
        byte[] file = write(options(layout.properties()), rows());
        FileDecryptionProperties wrong =
                FileDecryptionProperties.builder()
                        .footerKey(ascii("another-key-16by"))
                        .columnKey("price", ascii("another-key-16by"))
                        .columnKey("name", ascii("another-key-16by"))
                        .build();
        assertThat(
                        Assertions.catchThrowable(
                                () -> read(file, wrong, List.of("id", "price", "name"))))
                .isNotNull()
                .hasMessageContaining("does not");
    }
}
