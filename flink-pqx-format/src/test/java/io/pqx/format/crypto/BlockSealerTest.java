package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BlockSealerTest {
    private static final byte[] KEY = "block-footer-key".getBytes(StandardCharsets.US_ASCII);
    private static final FileContext CTX = FileContext.of("/tmp/.f.rows-0");

    private static BlockSealer sealer(byte[] key) {
        return BlockSealer.withKeysOf(FileEncryptionProperties.builder().footerKey(key).build());
    }

    @Test
    void aSealedBlockOpensUnderItsAadAndHidesItsPlaintext() throws Exception {
        byte[] plain = "row one: distinctive-plaintext".getBytes(StandardCharsets.UTF_8);
        byte[] aad = {1, 2, 3};
        byte[] sealed = sealer(KEY).seal(plain, 4, plain.length - 4, aad);
        assertThat(sealed).hasSize(plain.length - 4 + BlockSealer.OVERHEAD);
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("distinctive");
        assertThat(sealer(KEY).sealedLength(sealed, 0, sealed.length, CTX, "block"))
                .isEqualTo(sealed.length);
        assertThat(sealer(KEY).open(sealed, 0, sealed.length, aad, CTX, "block"))
                .isEqualTo(java.util.Arrays.copyOfRange(plain, 4, plain.length));
        // fresh nonces: the same block sealed twice differs
        assertThat(sealer(KEY).seal(plain, 0, plain.length, aad))
                .isNotEqualTo(sealer(KEY).seal(plain, 0, plain.length, aad));
    }

    @Test
    void anotherAadKeyOrAChangedByteDoesNotOpen() {
        byte[] plain = new byte[100];
        byte[] aad = {1, 2, 3};
        byte[] sealed = sealer(KEY).seal(plain, 0, plain.length, aad);
        assertThatThrownBy(
                        () ->
                                sealer(KEY)
                                        .open(
                                                sealed,
                                                0,
                                                sealed.length,
                                                new byte[] {1, 2, 4},
                                                CTX,
                                                "block 1"))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("Cannot decrypt block 1")
                .hasMessageContaining("/tmp/.f.rows-0");
        byte[] otherKey = KEY.clone();
        otherKey[0] ^= 1;
        assertThatThrownBy(() -> sealer(otherKey).open(sealed, 0, sealed.length, aad, CTX, "block"))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("tag mismatch")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("block-footer-key"));
        byte[] changed = sealed.clone();
        changed[40] ^= 1;
        assertThatThrownBy(() -> sealer(KEY).open(changed, 0, changed.length, aad, CTX, "block"))
                .isInstanceOf(DecryptionFailedException.class);
        assertThatThrownBy(
                        () -> sealer(KEY).sealedLength(sealed, 0, sealed.length - 1, CTX, "block"))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("length field");
        assertThat(sealer(KEY).toString()).doesNotContain("block-footer-key");
    }

    @Test
    void theSealingKeyNeedsEveryColumnKeyNotTheFooterKeyAlone() throws Exception {
        byte[] columnKey = "column-key-0001!".getBytes(StandardCharsets.US_ASCII);
        FileEncryptionProperties withColumnKey =
                FileEncryptionProperties.builder()
                        .footerKey(KEY)
                        .columnKey("secret_col", columnKey)
                        .columnWithFooterKey("footer_col")
                        .build();
        byte[] plain = "a row with secret_col's value".getBytes(StandardCharsets.UTF_8);
        byte[] aad = {7};
        byte[] sealed = BlockSealer.withKeysOf(withColumnKey).seal(plain, 0, plain.length, aad);

        // the same configuration opens it, built again (the key is derived the same way)
        FileEncryptionProperties again =
                FileEncryptionProperties.builder()
                        .footerKey(KEY)
                        .columnWithFooterKey("footer_col")
                        .columnKey("secret_col", columnKey)
                        .build();
        assertThat(BlockSealer.withKeysOf(again).open(sealed, 0, sealed.length, aad, CTX, "b"))
                .isEqualTo(plain);
        // the footer key alone does not: not as a configuration without the column's key ...
        assertThatThrownBy(() -> sealer(KEY).open(sealed, 0, sealed.length, aad, CTX, "b"))
                .isInstanceOf(DecryptionFailedException.class);
        // ... and not as the raw AES key
        assertThatThrownBy(
                        () ->
                                ModuleCipher.gcm(
                                        AesKeys.of(KEY), sealed, 0, sealed.length, aad, CTX, "b"))
                .isInstanceOf(DecryptionFailedException.class);
        // another column key does not either
        byte[] otherColumnKey = columnKey.clone();
        otherColumnKey[3] ^= 1;
        FileEncryptionProperties other =
                FileEncryptionProperties.builder()
                        .footerKey(KEY)
                        .columnKey("secret_col", otherColumnKey)
                        .columnWithFooterKey("footer_col")
                        .build();
        assertThatThrownBy(
                        () ->
                                BlockSealer.withKeysOf(other)
                                        .open(sealed, 0, sealed.length, aad, CTX, "b"))
                .isInstanceOf(DecryptionFailedException.class);
    }
}
