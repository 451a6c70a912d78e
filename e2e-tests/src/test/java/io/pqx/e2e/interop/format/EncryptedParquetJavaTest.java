package io.pqx.e2e.interop.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ReadSchema;
import io.pqx.format.TestingRowValues;
import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.KeyRetrievalException;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.crypto.ColumnDecryptionProperties;
import org.apache.parquet.crypto.ColumnEncryptionProperties;
import org.apache.parquet.crypto.ParquetCipher;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Parquet modular encryption between pqx and parquet-java, both ways, in every layout: encrypted
 * and plaintext (signed) footer, own column keys, a column with the footer key, uniform encryption,
 * AES_GCM_V1 and AES_GCM_CTR_V1, an AAD prefix stored and one the reader supplies; with
 * dictionaries, page indexes and a bloom filter on an encrypted column. parquet-java decrypts what
 * pqx writes (rows, and each chunk's column index, offset index and bloom filter, by explicit keys
 * and by the key metadata pqx stores), and pqx decrypts what parquet-java writes.
 */
class EncryptedParquetJavaTest {
    private static final byte[] FOOTER_KEY = ascii("0123456789012345");
    private static final byte[] AMOUNT_KEY = ascii("1234567890123450");
    private static final byte[] NAME_KEY = ascii("123456789012345678901234");
    private static final byte[] AAD_PREFIX = ascii("warehouse/t/part-0");
    private static final int ROWS = 5_000;
    private static final Map<String, byte[]> KEYS_BY_ID =
            Map.of("kf", FOOTER_KEY, "ka", AMOUNT_KEY, "kn", NAME_KEY);

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("amount", DataTypes.BIGINT()),
                                    DataTypes.FIELD("name", DataTypes.STRING()))
                            .getLogicalType();
    private static final MessageType SCHEMA =
            MessageTypeParser.parseMessageType(
                    "message t { required int32 id; optional int64 amount;"
                            + " optional binary name (STRING); }");

    @TempDir Path dir;

    /** A layout, as pqx and as parquet-java spell it. */
    enum Layout {
        ENCRYPTED_FOOTER(Cipher.GCM, Columns.OWN_KEYS, false, Aad.NONE),
        PLAINTEXT_FOOTER(Cipher.GCM, Columns.OWN_KEYS, true, Aad.NONE),
        FOOTER_KEY_COLUMN(Cipher.GCM, Columns.NAME_WITH_FOOTER_KEY, false, Aad.NONE),
        FOOTER_KEY_COLUMN_PLAINTEXT_FOOTER(
                Cipher.GCM, Columns.NAME_WITH_FOOTER_KEY, true, Aad.NONE),
        UNIFORM(Cipher.GCM, Columns.UNIFORM, false, Aad.NONE),
        UNIFORM_PLAINTEXT_FOOTER(Cipher.GCM, Columns.UNIFORM, true, Aad.NONE),
        CTR(Cipher.CTR, Columns.OWN_KEYS, false, Aad.NONE),
        CTR_PLAINTEXT_FOOTER(Cipher.CTR, Columns.OWN_KEYS, true, Aad.NONE),
        AAD_PREFIX_STORED(Cipher.GCM, Columns.OWN_KEYS, false, Aad.STORED),
        AAD_PREFIX_SUPPLIED(Cipher.GCM, Columns.OWN_KEYS, false, Aad.SUPPLIED),
        AAD_PREFIX_SUPPLIED_CTR_PLAINTEXT_FOOTER(Cipher.CTR, Columns.OWN_KEYS, true, Aad.SUPPLIED);

        final Cipher cipher;
        final Columns columns;
        final boolean plaintextFooter;
        final Aad aad;

        Layout(Cipher cipher, Columns columns, boolean plaintextFooter, Aad aad) {
            this.cipher = cipher;
            this.columns = columns;
            this.plaintextFooter = plaintextFooter;
            this.aad = aad;
        }

        FileEncryptionProperties pqx() {
            FileEncryptionProperties.Builder b =
                    FileEncryptionProperties.builder()
                            .footerKey(FOOTER_KEY, ascii("kf"))
                            .plaintextFooter(plaintextFooter)
                            .algorithm(
                                    cipher == Cipher.CTR
                                            ? io.pqx.format.crypto.ParquetCipher.AES_GCM_CTR_V1
                                            : io.pqx.format.crypto.ParquetCipher.AES_GCM_V1);
            if (columns == Columns.OWN_KEYS) {
                b.columnKey("amount", AMOUNT_KEY, ascii("ka"))
                        .columnKey("name", NAME_KEY, ascii("kn"));
            } else if (columns == Columns.NAME_WITH_FOOTER_KEY) {
                b.columnKey("amount", AMOUNT_KEY, ascii("ka")).columnWithFooterKey("name");
            }
            if (aad != Aad.NONE) {
                b.aadPrefix(AAD_PREFIX).storeAadPrefix(aad == Aad.STORED);
            }
            return b.build();
        }

        org.apache.parquet.crypto.FileEncryptionProperties parquetJava() {
            org.apache.parquet.crypto.FileEncryptionProperties.Builder b =
                    org.apache.parquet.crypto.FileEncryptionProperties.builder(FOOTER_KEY)
                            .withFooterKeyMetadata(ascii("kf"))
                            .withAlgorithm(
                                    cipher == Cipher.CTR
                                            ? ParquetCipher.AES_GCM_CTR_V1
                                            : ParquetCipher.AES_GCM_V1);
            if (plaintextFooter) {
                b.withPlaintextFooter();
            }
            Map<ColumnPath, ColumnEncryptionProperties> columnProps = new HashMap<>();
            if (columns != Columns.UNIFORM) {
                columnProps.put(
                        ColumnPath.get("amount"),
                        ColumnEncryptionProperties.builder("amount")
                                .withKey(AMOUNT_KEY)
                                .withKeyMetaData(ascii("ka"))
                                .build());
                columnProps.put(
                        ColumnPath.get("name"),
                        columns == Columns.OWN_KEYS
                                ? ColumnEncryptionProperties.builder("name")
                                        .withKey(NAME_KEY)
                                        .withKeyMetaData(ascii("kn"))
                                        .build()
                                : ColumnEncryptionProperties.builder("name").build());
                b.withEncryptedColumns(columnProps);
            }
            if (aad != Aad.NONE) {
                b.withAADPrefix(AAD_PREFIX);
                if (aad == Aad.SUPPLIED) {
                    b.withoutAADPrefixStorage();
                }
            }
            return b.build();
        }

        /** parquet-java's keys: explicit, or by the key metadata the file stores. */
        org.apache.parquet.crypto.FileDecryptionProperties parquetJavaKeys(boolean retrieve) {
            org.apache.parquet.crypto.FileDecryptionProperties.Builder b =
                    org.apache.parquet.crypto.FileDecryptionProperties.builder();
            if (retrieve) {
                b.withKeyRetriever(
                        metadata -> KEYS_BY_ID.get(new String(metadata, StandardCharsets.UTF_8)));
            } else {
                b.withFooterKey(FOOTER_KEY);
                Map<ColumnPath, ColumnDecryptionProperties> keys = new HashMap<>();
                keys.put(
                        ColumnPath.get("amount"),
                        ColumnDecryptionProperties.builder("amount").withKey(AMOUNT_KEY).build());
                keys.put(
                        ColumnPath.get("name"),
                        ColumnDecryptionProperties.builder("name").withKey(NAME_KEY).build());
                b.withColumnKeys(keys);
            }
            if (aad == Aad.SUPPLIED) {
                b.withAADPrefix(AAD_PREFIX);
            }
            return b.build();
        }

        FileDecryptionProperties pqxKeys(boolean retrieve) {
            FileDecryptionProperties.Builder b = FileDecryptionProperties.builder();
            if (retrieve) {
                b.keyRetriever(
                        metadata -> {
                            byte[] key =
                                    KEYS_BY_ID.get(new String(metadata, StandardCharsets.UTF_8));
                            if (key == null) {
                                throw new KeyRetrievalException("unknown key id");
                            }
                            return key.clone();
                        });
            } else {
                b.footerKey(FOOTER_KEY).columnKey("amount", AMOUNT_KEY).columnKey("name", NAME_KEY);
            }
            if (aad == Aad.SUPPLIED) {
                b.aadPrefix(AAD_PREFIX);
            }
            return b.build();
        }
    }

    enum Cipher {
        GCM,
        CTR
    }

    enum Columns {
        OWN_KEYS,
        NAME_WITH_FOOTER_KEY,
        UNIFORM
    }

    enum Aad {
        NONE,
        STORED,
        SUPPLIED
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Row i: id i, amount null every 9th row, name one of 50 (dictionary-encoded). */
    private static List<Object> expectedRow(int i) {
        List<Object> row = new ArrayList<>();
        row.add((long) i);
        row.add(i % 9 == 0 ? null : i * 1_000L - 7);
        row.add(i % 11 == 0 ? null : "name-" + (i % 50));
        return row;
    }

    private static List<List<Object>> expected() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(expectedRow(i));
        }
        return rows;
    }

    private Path writeWithPqx(Layout layout) throws IOException {
        Path file = dir.resolve("pqx-" + layout + ".parquet");
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(2_000)
                        .pageRowLimit(250)
                        .bloomFilter("name", new BloomFilterSpec(100, 0.01))
                        .encryption(layout.pqx())
                        .build();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int i = 0; i < ROWS; i++) {
                List<Object> v = expectedRow(i);
                writer.write(
                        GenericRowData.of(
                                i,
                                v.get(1),
                                v.get(2) == null
                                        ? null
                                        : StringData.fromString((String) v.get(2))));
            }
        }
        return file;
    }

    private Path writeWithParquetJava(Layout layout) throws IOException {
        Path file = dir.resolve("parquet-java-" + layout + ".parquet");
        try (org.apache.parquet.hadoop.ParquetWriter<Group> writer =
                ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file.toUri()))
                        .withConf(new Configuration())
                        .withType(SCHEMA)
                        .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                        .withPageRowCountLimit(250)
                        .withRowGroupSize(64 * 1024)
                        .withBloomFilterEnabled("name", true)
                        .withPageWriteChecksumEnabled(true)
                        .withEncryption(layout.parquetJava())
                        .build()) {
            SimpleGroupFactory factory = new SimpleGroupFactory(SCHEMA);
            for (int i = 0; i < ROWS; i++) {
                List<Object> v = expectedRow(i);
                Group g = factory.newGroup().append("id", i);
                if (v.get(1) != null) {
                    g.append("amount", (Long) v.get(1));
                }
                if (v.get(2) != null) {
                    g.append("name", (String) v.get(2));
                }
                writer.write(g);
            }
        }
        return file;
    }

    private static List<List<Object>> readWithParquetJava(
            Path file, org.apache.parquet.crypto.FileDecryptionProperties keys) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (org.apache.parquet.hadoop.ParquetReader<Group> reader =
                new DecryptingGroupReader(new LocalInputFile(file))
                        .withDecryption(keys)
                        .usePageChecksumVerification(true)
                        .build()) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                List<Object> row = new ArrayList<>();
                row.add((long) g.getInteger("id", 0));
                row.add(g.getFieldRepetitionCount("amount") == 0 ? null : g.getLong("amount", 0));
                row.add(g.getFieldRepetitionCount("name") == 0 ? null : g.getString("name", 0));
                rows.add(row);
            }
        }
        return rows;
    }

    private static List<List<Object>> readWithPqx(Path file, FileDecryptionProperties keys)
            throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.builder().decryption(keys).build())) {
            ReadSchema projection = reader.schema();
            try (CloseableIterator<RowData> it = reader.rows(projection)) {
                while (it.hasNext()) {
                    rows.add(TestingRowValues.of(it.next(), projection.rowType()));
                }
            }
        }
        return rows;
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void parquetJavaDecryptsWhatPqxWrites(Layout layout) throws Exception {
        Path file = writeWithPqx(layout);
        assertThat(readWithParquetJava(file, layout.parquetJavaKeys(false))).isEqualTo(expected());
        assertThat(readWithParquetJava(file, layout.parquetJavaKeys(true))).isEqualTo(expected());

        // each chunk's page indexes and the bloom filter, through parquet-java's decryption
        InputFile in = new LocalInputFile(file);
        ParquetReadOptions options =
                ParquetReadOptions.builder().withDecryption(layout.parquetJavaKeys(false)).build();
        try (ParquetFileReader reader = ParquetFileReader.open(in, options)) {
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            assertThat(blocks).hasSize(3);
            long firstRow = 0;
            for (BlockMetaData block : blocks) {
                for (ColumnChunkMetaData chunk : block.getColumns()) {
                    assertThat(reader.readColumnIndex(chunk)).isNotNull();
                    var offsets = reader.readOffsetIndex(chunk);
                    assertThat(offsets.getPageCount()).isGreaterThan(1);
                    assertThat(offsets.getFirstRowIndex(0)).isZero();
                    assertThat(chunk.getStatistics().isEmpty()).isFalse();
                }
                ColumnChunkMetaData name = block.getColumns().get(2);
                var bloom = reader.readBloomFilter(name);
                assertThat(bloom).isNotNull();
                assertThat(bloom.findHash(bloom.hash(Binary.fromString("name-7")))).isTrue();
                firstRow += block.getRowCount();
            }
            assertThat(firstRow).isEqualTo(ROWS);
        }
    }

    @ParameterizedTest
    @EnumSource(Layout.class)
    void pqxDecryptsWhatParquetJavaWrites(Layout layout) throws Exception {
        Path file = writeWithParquetJava(layout);
        assertThat(readWithPqx(file, layout.pqxKeys(false))).isEqualTo(expected());
        assertThat(readWithPqx(file, layout.pqxKeys(true))).isEqualTo(expected());
    }

    /** parquet-java's example reader over a local file, with decryption. */
    private static final class DecryptingGroupReader
            extends org.apache.parquet.hadoop.ParquetReader.Builder<Group> {
        DecryptingGroupReader(InputFile file) {
            super(file);
        }

        @Override
        protected org.apache.parquet.hadoop.api.ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }
}
