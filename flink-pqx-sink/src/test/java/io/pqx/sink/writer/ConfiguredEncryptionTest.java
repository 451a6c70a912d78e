package io.pqx.sink.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.ParquetCipher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code sink.encryption.*} settings: references read when the properties are made (after
 * serialization, where the files are written), literal keys checked at once, and no message or
 * {@code toString} holding a key's text.
 */
class ConfiguredEncryptionTest {
    static final byte[] FOOTER = "0123456789012345".getBytes(StandardCharsets.US_ASCII);
    static final String FOOTER_HEX = "30313233343536373839303132333435";
    static final byte[] COLUMN = "abcdefghijklmnop".getBytes(StandardCharsets.US_ASCII);
    static final String COLUMN_B64 = "YWJjZGVmZ2hpamtsbW5vcA==";

    @TempDir Path dir;

    @Test
    void makesThePropertiesTheOptionsDescribeReadingFilesWhenCalled() throws Exception {
        Path file = dir.resolve("col.key");
        ConfiguredEncryption configured =
                new ConfiguredEncryption(
                        "hex:" + FOOTER_HEX,
                        Map.of("b.c", "file:" + file),
                        "kms/footer",
                        true,
                        ParquetCipher.AES_GCM_CTR_V1,
                        "orders",
                        false);
        // the file does not exist yet: it is read only when the properties are made
        Files.writeString(file, "base64:" + COLUMN_B64 + "\n");
        FileEncryptionProperties made = roundTrip(configured).create();
        FileEncryptionProperties expected =
                FileEncryptionProperties.builder()
                        .footerKey(FOOTER, "kms/footer".getBytes(StandardCharsets.UTF_8))
                        .columnKey("b.c", COLUMN)
                        .plaintextFooter(true)
                        .algorithm(ParquetCipher.AES_GCM_CTR_V1)
                        .aadPrefix("orders".getBytes(StandardCharsets.UTF_8))
                        .storeAadPrefix(false)
                        .build();
        assertThat(made).isEqualTo(expected);
        assertThat(configured.toString())
                .contains("[b.c]", "plaintext", "AES_GCM_CTR_V1", "supplied by readers")
                .doesNotContain(FOOTER_HEX, COLUMN_B64, "col.key");
    }

    @Test
    void columnKeyMetadataAndColumnsWithTheFooterKeyMakeTheirLayout() throws Exception {
        ConfiguredEncryption configured =
                new ConfiguredEncryption(
                        "hex:" + FOOTER_HEX,
                        Map.of("b.c", "base64:" + COLUMN_B64),
                        Map.of("b.c", "kms/bc"),
                        List.of("a", "d"),
                        null,
                        false,
                        ParquetCipher.AES_GCM_V1,
                        null,
                        true);
        FileEncryptionProperties expected =
                FileEncryptionProperties.builder()
                        .footerKey(FOOTER)
                        .columnKey("b.c", COLUMN, "kms/bc".getBytes(StandardCharsets.UTF_8))
                        .columnWithFooterKey("a")
                        .columnWithFooterKey("d")
                        .build();
        assertThat(roundTrip(configured).create()).isEqualTo(expected);
        assertThat(configured.toString())
                .contains("columnKeys=[b.c]", "columnKeyMetadata=[b.c]", "footerKeyColumns=[a, d]")
                .doesNotContain(FOOTER_HEX, COLUMN_B64, "kms/bc");
    }

    @Test
    void aColumnWithBothKeysOrMetadataWithoutAKeyOfItsOwnIsRefused() {
        assertThatThrownBy(() -> layout(Map.of("a", "env:A"), Map.of(), List.of("a")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column a is given a key of its own and the footer key");
        assertThatThrownBy(() -> layout(Map.of(), Map.of("a", "kms/a"), List.of("a")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column a is given key metadata but no key of its own");
    }

    private static ConfiguredEncryption layout(
            Map<String, String> keys, Map<String, String> metadata, List<String> footerColumns) {
        return new ConfiguredEncryption(
                "hex:" + FOOTER_HEX,
                keys,
                metadata,
                footerColumns,
                null,
                false,
                ParquetCipher.AES_GCM_V1,
                null,
                true);
    }

    @Test
    void aMissingFileIsNamedWhenThePropertiesAreMade() throws Exception {
        ConfiguredEncryption configured =
                new ConfiguredEncryption(
                        "file:" + dir.resolve("absent.key"),
                        Map.of(),
                        null,
                        false,
                        ParquetCipher.AES_GCM_V1,
                        null,
                        true);
        assertThatThrownBy(configured::create)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the footer key")
                .hasMessageContaining("absent.key");
    }

    @Test
    void aLiteralKeyOfAWrongLengthOrFormIsRefusedAtOnceWithoutItsText() {
        String shortHex = "hex:" + FOOTER_HEX.substring(0, 30);
        assertThatThrownBy(() -> encryptWith(shortHex, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the footer key")
                .hasMessageContaining("15 bytes")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(shortHex.substring(4)));
        String typed = "0123456789012345";
        assertThatThrownBy(() -> encryptWith("hex:" + FOOTER_HEX, Map.of("a", typed)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the key of column a")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(typed));
        String badB64 = "base64:" + COLUMN_B64.replace('Y', '*');
        assertThatThrownBy(() -> encryptWith("hex:" + FOOTER_HEX, Map.of("a", badB64)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not decode")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(badB64.substring(7)));
    }

    @Test
    void columnKeysAreParsedByPathAndAMalformedEntryIsNamedByPosition() {
        assertThat(ConfiguredEncryption.parseColumnKeys(" a = hex:00 ; b.c=env:X;"))
                .containsExactly(Map.entry("a", "hex:00"), Map.entry("b.c", "env:X"));
        assertThatThrownBy(() -> ConfiguredEncryption.parseColumnKeys("a=env:A;secretkeytext"))
                .hasMessageContaining("entry 2")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("secretkeytext"));
    }

    private static ConfiguredEncryption encryptWith(String footer, Map<String, String> columns) {
        return new ConfiguredEncryption(
                footer, columns, null, false, ParquetCipher.AES_GCM_V1, null, true);
    }

    private static EncryptionFactory roundTrip(EncryptionFactory factory) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(factory);
        }
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (EncryptionFactory) in.readObject();
        }
    }
}
