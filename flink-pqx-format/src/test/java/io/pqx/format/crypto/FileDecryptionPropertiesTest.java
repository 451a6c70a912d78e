package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FileDecryptionPropertiesTest {

    @Test
    void refusesKeysOfNoAesLengthWithoutShowingThem() {
        byte[] key = {7, 7, 7, 7, 7, 7, 7, 7, 7, 7};
        assertThatThrownBy(() -> FileDecryptionProperties.builder().footerKey(key))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("footerKey must be an AES key of 16, 24 or 32 bytes, got 10 bytes");
        assertThatThrownBy(() -> FileDecryptionProperties.builder().columnKey("a.b", new byte[15]))
                .hasMessage(
                        "columnKey of a.b must be an AES key of 16, 24 or 32 bytes, got 15 bytes");
        assertThatThrownBy(() -> FileDecryptionProperties.builder().aadPrefix(new byte[0]))
                .hasMessage("aadPrefix must not be empty");
    }

    @Test
    void copiesKeysInAndOut() {
        byte[] key = new byte[24];
        FileDecryptionProperties properties =
                FileDecryptionProperties.builder().columnKey("a", key).build();
        key[0] = 1;
        assertThat(properties.columnKey("a").orElseThrow()).containsOnly(0);
        assertThat(properties.columnKey("b")).isEmpty();
        assertThat(properties.footerKey()).isEmpty();
        assertThat(properties.verifyPlaintextFooter()).isTrue();
        assertThat(properties.toString())
                .isEqualTo(
                        "FileDecryptionProperties{footerKey=none, columnKeys=[a], aadPrefix=none,"
                                + " keyRetriever=none, verifyPlaintextFooter=true}");
    }
}
