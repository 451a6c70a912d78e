package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;

/**
 * A chunk's modules decrypt under the AADs the writer sealed them with, and a module that fails is
 * named in the message: data pages and their headers with their ordinal, the others without.
 */
class ChunkDecryptorTest {
    private static final FileContext CTX = FileContext.of("t.parquet");
    private static final SecretKey KEY =
            AesKeys.of("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final byte[] FILE_AAD = "file-aad".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLAIN = "some page bytes".getBytes(StandardCharsets.US_ASCII);

    private static byte[] sealed(ModuleType type, boolean ctr, int page) {
        return new ChunkEncryptor(KEY, FILE_AAD, 2, ctr, List.of("c"), true, null)
                .encrypt(type, 1, page, PLAIN);
    }

    private static ChunkDecryptor decryptor(boolean ctr) {
        return ChunkDecryptor.withKey(CTX, KEY, FILE_AAD, 1, 2, ctr);
    }

    @Test
    void modulesDecryptUnderTheirOwnAadOnly() throws Exception {
        byte[] header = sealed(ModuleType.DATA_PAGE_HEADER, false, 7);
        assertThat(
                        decryptor(false)
                                .decrypt(ModuleType.DATA_PAGE_HEADER, 7, header, 0, header.length))
                .isEqualTo(PLAIN);
        assertThatThrownBy(
                        () ->
                                decryptor(false)
                                        .decrypt(
                                                ModuleType.DATA_PAGE_HEADER,
                                                8,
                                                header,
                                                0,
                                                header.length))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessage(
                        "Cannot decrypt data page header 8: it does not authenticate (AES-GCM tag"
                                + " mismatch): a wrong key or AAD prefix, or changed bytes"
                                + " (t.parquet)");
    }

    @Test
    void aFailingModuleIsNamedWithItsOrdinalWhenItHasOne() throws Exception {
        byte[] dictionary = sealed(ModuleType.DICTIONARY_PAGE, false, 0);
        dictionary[20] ^= 1;
        assertThatThrownBy(
                        () ->
                                decryptor(false)
                                        .decrypt(
                                                ModuleType.DICTIONARY_PAGE,
                                                3,
                                                dictionary,
                                                0,
                                                dictionary.length))
                .hasMessageStartingWith("Cannot decrypt dictionary page: it does not authenticate");
        byte[] page = sealed(ModuleType.DATA_PAGE, true, 4);
        assertThat(decryptor(true).decrypt(ModuleType.DATA_PAGE, 4, page, 0, page.length))
                .isEqualTo(PLAIN);
        assertThatThrownBy(
                        () ->
                                decryptor(true)
                                        .decrypt(ModuleType.DATA_PAGE, 4, page, 0, page.length - 1))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageStartingWith("Cannot decrypt data page 4: its length field says");
    }
}
