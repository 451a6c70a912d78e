package io.pqx.format;

import static io.pqx.format.EncryptedWriteRoundTripTest.FOOTER_KEY;
import static io.pqx.format.EncryptedWriteRoundTripTest.NAME_KEY;
import static io.pqx.format.EncryptedWriteRoundTripTest.PRICE_KEY;
import static io.pqx.format.EncryptedWriteRoundTripTest.contains;
import static io.pqx.format.EncryptedWriteRoundTripTest.expected;
import static io.pqx.format.EncryptedWriteRoundTripTest.options;
import static io.pqx.format.EncryptedWriteRoundTripTest.read;
import static io.pqx.format.EncryptedWriteRoundTripTest.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.ParquetCipher;
import io.pqx.format.encode.ResumeState;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

/**
 * Where encryption keys must not go, and how an encrypted file is continued after a checkpoint: no
 * {@code toString} of the properties or the write options shows a key, a resume point holds the
 * file's AAD file unique but no key, and a writer resumed with the keys from its options writes a
 * file that reads back whole (its modules authenticate under the first writer's AAD).
 */
class EncryptedWriteKeysTest {
    private static final String LOCATION = "memory.parquet";

    private static FileEncryptionProperties properties() {
        return FileEncryptionProperties.builder()
                .footerKey(FOOTER_KEY, "kf".getBytes())
                .columnKey("price", PRICE_KEY)
                .columnKey("name", NAME_KEY, "kn".getBytes())
                .aadPrefix("prefix".getBytes())
                .build();
    }

    private static FileDecryptionProperties keys() {
        return FileDecryptionProperties.builder()
                .footerKey(FOOTER_KEY)
                .columnKey("price", PRICE_KEY)
                .columnKey("name", NAME_KEY)
                .build();
    }

    private static void assertNoKey(String shown) {
        for (byte[] key : List.of(FOOTER_KEY, PRICE_KEY, NAME_KEY)) {
            assertThat(shown)
                    .doesNotContain(new String(key, java.nio.charset.StandardCharsets.US_ASCII))
                    .doesNotContainIgnoringCase(HexFormat.of().formatHex(key))
                    .doesNotContain(java.util.Base64.getEncoder().encodeToString(key))
                    .doesNotContain(java.util.Arrays.toString(key));
        }
    }

    @Test
    void noToStringShowsAKey() {
        FileEncryptionProperties properties = properties();
        assertNoKey(properties.toString());
        assertNoKey(properties.columns().toString());
        assertNoKey(options(properties).toString());
        assertThat(options(properties).toString())
                .contains("footerKey=set")
                .contains("price")
                .contains("footer=encrypted");
    }

    @Test
    void badKeysAndUnknownColumnsAreRefusedWithoutShowingTheKey() throws Exception {
        assertThatThrownBy(() -> FileEncryptionProperties.builder().footerKey(new byte[15]).build())
                .hasMessage("footerKey must be an AES key of 16, 24 or 32 bytes, got 15 bytes");
        assertThatThrownBy(() -> FileEncryptionProperties.builder().build())
                .hasMessageContaining("footerKey is required");
        FileEncryptionProperties unknown =
                FileEncryptionProperties.builder()
                        .footerKey(FOOTER_KEY)
                        .columnKey("nope", PRICE_KEY)
                        .build();
        assertThatThrownBy(() -> EncryptedWriteRoundTripTest.write(options(unknown), rows()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[nope]")
                .satisfies(e -> assertNoKey(e.getMessage()));
    }

    @Test
    void thePropertiesSurviveJavaSerializationAsASinkCarriesThem() throws Exception {
        FileEncryptionProperties properties = properties();
        FileEncryptionProperties copy =
                InstantiationUtil.clone(properties, getClass().getClassLoader());
        assertThat(copy).isEqualTo(properties);
        assertThat(copy.footerKey()).isEqualTo(FOOTER_KEY);
    }

    /**
     * Writes the first {@code count} rows to {@code stream} as one cut row group and returns the
     * resume point of that prefix; the writer is then gone, as after a failure.
     */
    private static ResumePoint writtenPrefix(
            WriteOptions options, List<RowData> rows, int count, ByteArrayOutputStream stream)
            throws Exception {
        ParquetWriter writer =
                ParquetWriter.builder(TestingPriceRows.TYPE)
                        .options(options)
                        .open(new PositionOutputStream(stream), LOCATION);
        for (int i = 0; i < count; i++) {
            writer.write(rows.get(i));
        }
        writer.cutRowGroup();
        ResumePoint point = writer.writtenPrefix();
        writer.abort();
        return point;
    }

    @Test
    void aResumedWriterContinuesTheFileWithTheKeysOfItsOptions() throws Exception {
        List<RowData> rows = rows();
        WriteOptions options = options(properties());
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ResumePoint point = writtenPrefix(options, rows, 1_500, stream);
        byte[] checkpoint = point.toBytes();
        for (byte[] key : List.of(FOOTER_KEY, PRICE_KEY, NAME_KEY)) {
            assertThat(contains(checkpoint, key)).isFalse();
        }
        assertNoKey(point.toString());

        ByteArrayOutputStream recovered = new ByteArrayOutputStream();
        recovered.write(stream.toByteArray(), 0, (int) point.length());
        byte[] prefix = recovered.toByteArray();
        assertThatThrownBy(
                        () ->
                                ParquetWriter.builder(TestingPriceRows.TYPE)
                                        .options(options.toBuilder().encryption(null).build())
                                        .resume(
                                                new PositionOutputStream(
                                                        new ByteArrayOutputStream(),
                                                        point.length()),
                                                LOCATION,
                                                ResumePoint.fromBytes(checkpoint, LOCATION)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("written with encryption");
        try (ParquetWriter resumed =
                ParquetWriter.builder(TestingPriceRows.TYPE)
                        .options(options)
                        .resume(
                                new PositionOutputStream(recovered, point.length()),
                                LOCATION,
                                ResumePoint.fromBytes(checkpoint, LOCATION))) {
            for (int i = 1_500; i < rows.size(); i++) {
                resumed.write(rows.get(i));
            }
        }
        byte[] file = recovered.toByteArray();
        assertThat(java.util.Arrays.copyOf(file, prefix.length)).isEqualTo(prefix);
        assertThat(read(file, keys(), List.of("id", "price", "name"))).isEqualTo(expected(rows));
    }

    @Test
    void aPlaintextFilesResumePointKeepsItsBytes() throws Exception {
        // version 1, as before encryption existed: the encrypted flag is only set when encrypting
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TestingPriceRows.TYPE)
                        .options(WriteOptions.defaults())
                        .open(new PositionOutputStream(stream), LOCATION)) {
            writer.write(rows().get(0));
            writer.cutRowGroup();
            assertThat(writer.writtenPrefix().toBytes()[0]).isEqualTo((byte) 1);
            writer.abort();
        }
    }

    @Test
    void aFileIsNotContinuedWithOtherKeysOrSettings() throws Exception {
        List<RowData> rows = rows();
        WriteOptions options = options(properties());
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ResumePoint point = writtenPrefix(options, rows, 500, stream);
        byte[] checkpoint = point.toBytes();
        assertThat(checkpoint[0]).isEqualTo(ResumeState.KEY_CHECKED_VERSION);

        byte[] otherPriceKey = PRICE_KEY.clone();
        otherPriceKey[0] ^= 1;
        byte[] otherFooterKey = FOOTER_KEY.clone();
        otherFooterKey[5] ^= 1;
        List<FileEncryptionProperties> others =
                List.of(
                        FileEncryptionProperties.builder()
                                .footerKey(FOOTER_KEY, "kf".getBytes())
                                .columnKey("price", otherPriceKey)
                                .columnKey("name", NAME_KEY, "kn".getBytes())
                                .aadPrefix("prefix".getBytes())
                                .build(),
                        FileEncryptionProperties.builder()
                                .footerKey(otherFooterKey, "kf".getBytes())
                                .columnKey("price", PRICE_KEY)
                                .columnKey("name", NAME_KEY, "kn".getBytes())
                                .aadPrefix("prefix".getBytes())
                                .build(),
                        FileEncryptionProperties.builder()
                                .footerKey(FOOTER_KEY, "kf".getBytes())
                                .columnKey("price", PRICE_KEY)
                                .columnKey("name", NAME_KEY, "kn".getBytes())
                                .aadPrefix("prefix".getBytes())
                                .algorithm(ParquetCipher.AES_GCM_CTR_V1)
                                .build(),
                        FileEncryptionProperties.builder()
                                .footerKey(FOOTER_KEY, "kf".getBytes())
                                .columnKey("price", PRICE_KEY)
                                .aadPrefix("prefix".getBytes())
                                .build());
        for (FileEncryptionProperties other : others) {
            assertThatThrownBy(
                            () ->
                                    ParquetWriter.builder(TestingPriceRows.TYPE)
                                            .options(options.toBuilder().encryption(other).build())
                                            .resume(
                                                    new PositionOutputStream(
                                                            new ByteArrayOutputStream(),
                                                            point.length()),
                                                    LOCATION,
                                                    ResumePoint.fromBytes(checkpoint, LOCATION)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(LOCATION)
                    .hasMessageContaining("not the one its first row groups were written with")
                    .satisfies(e -> assertNoKey(e.getMessage()));
        }

        // a resume point of the version before key checks (no check) is still taken
        ResumeState state = ResumeState.decode(checkpoint, LOCATION);
        byte[] unchecked =
                new ResumeState(
                                state.length(),
                                state.rowCount(),
                                state.rowType(),
                                state.rowGroups(),
                                state.columnIndexes(),
                                state.offsetIndexes(),
                                state.estimates(),
                                state.aadFileUnique(),
                                null)
                        .encode();
        assertThat(unchecked[0]).isEqualTo(ResumeState.ENCRYPTED_VERSION);
        ByteArrayOutputStream recovered = new ByteArrayOutputStream();
        recovered.write(stream.toByteArray(), 0, (int) point.length());
        try (ParquetWriter resumed =
                ParquetWriter.builder(TestingPriceRows.TYPE)
                        .options(options)
                        .resume(
                                new PositionOutputStream(recovered, point.length()),
                                LOCATION,
                                ResumePoint.fromBytes(unchecked, LOCATION))) {
            for (int i = 500; i < rows.size(); i++) {
                resumed.write(rows.get(i));
            }
        }
        assertThat(read(recovered.toByteArray(), keys(), List.of("id", "price", "name")))
                .isEqualTo(expected(rows));
    }
}
