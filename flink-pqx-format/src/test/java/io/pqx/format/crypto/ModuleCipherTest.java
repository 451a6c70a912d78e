package io.pqx.format.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import java.nio.charset.StandardCharsets;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;

/**
 * The module layouts against modules built here with the JDK's cipher directly: length, nonce,
 * ciphertext and tag for AES-GCM; length, nonce and ciphertext with the counter from 1 for AES-CTR.
 */
class ModuleCipherTest {
    private static final FileContext CTX = FileContext.of("t.parquet");
    private static final SecretKey KEY =
            AesKeys.of("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final byte[] NONCE = "twelve bytes".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PLAIN = "a page of values".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] AAD = {1, 2, 3};

    private static byte[] module(byte[] body) {
        int length = ModuleCipher.NONCE_BYTES + body.length;
        byte[] module = new byte[4 + length];
        module[0] = (byte) length;
        module[1] = (byte) (length >>> 8);
        System.arraycopy(NONCE, 0, module, 4, 12);
        System.arraycopy(body, 0, module, 16, body.length);
        return module;
    }

    private static byte[] gcmModule() throws Exception {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, KEY, new GCMParameterSpec(128, NONCE));
        cipher.updateAAD(AAD);
        return module(cipher.doFinal(PLAIN));
    }

    @Test
    void decryptsAnAesGcmModule() throws Exception {
        byte[] module = gcmModule();
        assertThat(module).hasSize(PLAIN.length + ModuleCipher.GCM_OVERHEAD);
        assertThat(ModuleCipher.gcm(KEY, module, 0, module.length, AAD, CTX, "data page 0"))
                .isEqualTo(PLAIN);
        assertThat(ModuleCipher.moduleLength(module, 0, module.length + 9, 32, CTX, "x"))
                .isEqualTo(module.length);
    }

    @Test
    void anotherAadOrAFlippedByteDoesNotAuthenticate() throws Exception {
        byte[] module = gcmModule();
        assertThatThrownBy(
                        () ->
                                ModuleCipher.gcm(
                                        KEY,
                                        module,
                                        0,
                                        module.length,
                                        new byte[] {1, 2, 4},
                                        CTX,
                                        "data page 0"))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessage(
                        "Cannot decrypt data page 0: it does not authenticate (AES-GCM tag"
                                + " mismatch): a wrong key or AAD prefix, or changed bytes"
                                + " (t.parquet)");
        byte[] flipped = module.clone();
        flipped[20] ^= 1;
        assertThatThrownBy(() -> ModuleCipher.gcm(KEY, flipped, 0, flipped.length, AAD, CTX, "m"))
                .isInstanceOf(DecryptionFailedException.class);
    }

    @Test
    void aLengthFieldThatDisagreesIsRefusedBeforeDecrypting() throws Exception {
        byte[] module = gcmModule();
        module[0]++;
        assertThatThrownBy(() -> ModuleCipher.gcm(KEY, module, 0, module.length, AAD, CTX, "m"))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("its length field says " + (module.length - 3));
        assertThatThrownBy(() -> ModuleCipher.moduleLength(module, 0, module.length, 32, CTX, "m"))
                .isInstanceOf(DecryptionFailedException.class)
                .hasMessageContaining("are left");
    }

    @Test
    void decryptsAnAesCtrModuleWhoseCounterStartsAtOne() throws Exception {
        byte[] iv = new byte[16];
        System.arraycopy(NONCE, 0, iv, 0, 12);
        iv[15] = 1;
        Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, KEY, new IvParameterSpec(iv));
        byte[] module = module(cipher.doFinal(PLAIN));
        assertThat(module).hasSize(PLAIN.length + ModuleCipher.CTR_OVERHEAD);
        assertThat(ModuleCipher.ctr(KEY, module, 0, module.length, CTX, "m")).isEqualTo(PLAIN);
    }

    @Test
    void checksASignatureAsTheTagOfEncryptingTheSignedBytes() throws Exception {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, KEY, new GCMParameterSpec(128, NONCE));
        cipher.updateAAD(AAD);
        byte[] sealed = cipher.doFinal(PLAIN);
        byte[] signature = new byte[28];
        System.arraycopy(NONCE, 0, signature, 0, 12);
        System.arraycopy(sealed, sealed.length - 16, signature, 12, 16);
        assertThat(ModuleCipher.verifies(KEY, PLAIN, 0, PLAIN.length, signature, AAD, CTX))
                .isTrue();
        signature[27] ^= 1;
        assertThat(ModuleCipher.verifies(KEY, PLAIN, 0, PLAIN.length, signature, AAD, CTX))
                .isFalse();
    }
}
