package io.pqx.format.crypto;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * Encrypts one module into the layouts {@link ModuleCipher} decrypts: AES-GCM {@code length + nonce
 * + ciphertext + tag}, AES-CTR {@code length + nonce + ciphertext} (counter block: the nonce, then
 * a 32-bit big-endian counter starting at 1), and the footer signature {@code nonce + tag}. Every
 * module gets a fresh random 12-byte nonce, so one key never sees a nonce twice in practice (2^-96
 * per pair). Ciphers and random sources are kept per thread. Stateless otherwise.
 */
final class ModuleSealer {
    private static final ThreadLocal<Cipher> GCM = ThreadLocal.withInitial(() -> cipher("GCM"));
    private static final ThreadLocal<Cipher> CTR = ThreadLocal.withInitial(() -> cipher("CTR"));
    private static final ThreadLocal<SecureRandom> RANDOM =
            ThreadLocal.withInitial(SecureRandom::new);

    private ModuleSealer() {}

    /** The AES-GCM module of {@code plain[off, off + length)} under {@code aad}. */
    static byte[] gcm(SecretKey key, byte[] plain, int off, int length, byte[] aad) {
        byte[] module = new byte[ModuleCipher.GCM_OVERHEAD + length];
        byte[] nonce = nonce();
        System.arraycopy(nonce, 0, module, ModuleCipher.LENGTH_BYTES, ModuleCipher.NONCE_BYTES);
        putLength(module);
        try {
            Cipher cipher = GCM.get();
            cipher.init(
                    Cipher.ENCRYPT_MODE,
                    key,
                    new GCMParameterSpec(ModuleCipher.TAG_BYTES * 8, nonce));
            cipher.updateAAD(aad);
            int written =
                    cipher.doFinal(
                            plain,
                            off,
                            length,
                            module,
                            ModuleCipher.LENGTH_BYTES + ModuleCipher.NONCE_BYTES);
            check(written == length + ModuleCipher.TAG_BYTES, "AES-GCM");
        } catch (GeneralSecurityException e) {
            throw refused("AES-GCM", e);
        }
        return module;
    }

    /** The AES-CTR module of {@code plain[off, off + length)}. */
    static byte[] ctr(SecretKey key, byte[] plain, int off, int length) {
        byte[] module = new byte[ModuleCipher.CTR_OVERHEAD + length];
        byte[] nonce = nonce();
        System.arraycopy(nonce, 0, module, ModuleCipher.LENGTH_BYTES, ModuleCipher.NONCE_BYTES);
        putLength(module);
        byte[] iv = new byte[16];
        System.arraycopy(nonce, 0, iv, 0, ModuleCipher.NONCE_BYTES);
        iv[15] = 1;
        try {
            Cipher cipher = CTR.get();
            cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
            int written = cipher.doFinal(plain, off, length, module, ModuleCipher.CTR_OVERHEAD);
            check(written == length, "AES-CTR");
        } catch (GeneralSecurityException e) {
            throw refused("AES-CTR", e);
        }
        return module;
    }

    /**
     * The signature of a plaintext footer: a fresh nonce and the AES-GCM tag of encrypting {@code
     * plain} with it under {@code aad} (the ciphertext is dropped).
     */
    static byte[] sign(SecretKey key, byte[] plain, byte[] aad) {
        byte[] nonce = nonce();
        try {
            Cipher cipher = GCM.get();
            cipher.init(
                    Cipher.ENCRYPT_MODE,
                    key,
                    new GCMParameterSpec(ModuleCipher.TAG_BYTES * 8, nonce));
            cipher.updateAAD(aad);
            byte[] out = cipher.doFinal(plain);
            byte[] signature = new byte[ModuleCipher.NONCE_BYTES + ModuleCipher.TAG_BYTES];
            System.arraycopy(nonce, 0, signature, 0, ModuleCipher.NONCE_BYTES);
            System.arraycopy(
                    out,
                    out.length - ModuleCipher.TAG_BYTES,
                    signature,
                    ModuleCipher.NONCE_BYTES,
                    ModuleCipher.TAG_BYTES);
            return signature;
        } catch (GeneralSecurityException e) {
            throw refused("AES-GCM", e);
        }
    }

    /** {@code length} fresh random bytes (the AAD file unique, nonces). */
    static byte[] random(int length) {
        byte[] bytes = new byte[length];
        RANDOM.get().nextBytes(bytes);
        return bytes;
    }

    private static byte[] nonce() {
        return random(ModuleCipher.NONCE_BYTES);
    }

    private static void putLength(byte[] module) {
        int n = module.length - ModuleCipher.LENGTH_BYTES;
        module[0] = (byte) n;
        module[1] = (byte) (n >>> 8);
        module[2] = (byte) (n >>> 16);
        module[3] = (byte) (n >>> 24);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what + " wrote an unexpected number of bytes");
        }
    }

    private static IllegalStateException refused(String what, GeneralSecurityException e) {
        // the message names the exception class only: a provider's message could echo parameters
        return new IllegalStateException(
                "Cannot encrypt module: " + what + " refused it: " + e.getClass().getName());
    }

    private static Cipher cipher(String mode) {
        try {
            return Cipher.getInstance("AES/" + mode + "/NoPadding");
        } catch (GeneralSecurityException e) {
            // every JDK ships both (the Java SE security spec requires them)
            throw new IllegalStateException("The JDK offers no AES/" + mode + "/NoPadding", e);
        }
    }
}
