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
 * per pair); the cipher is initialised again with it for every module.
 *
 * <p>One instance per thread ({@link #get}): it keeps that thread's ciphers, random source, nonce,
 * counter block and AAD arrays, so sealing a module into a caller's array allocates nothing but the
 * JDK's parameter objects. Not thread-safe: an instance is used only by the thread that got it, and
 * its AAD array only between {@link #aad} and the next seal.
 */
final class ModuleSealer {
    private static final ThreadLocal<ModuleSealer> PER_THREAD =
            ThreadLocal.withInitial(ModuleSealer::new);

    private final Cipher gcm = cipher("GCM");
    private final Cipher ctr = cipher("CTR");
    private final SecureRandom random = new SecureRandom();
    private final byte[] nonce = new byte[ModuleCipher.NONCE_BYTES];
    private final byte[] counter = new byte[16];
    private byte[] aad = new byte[64];

    private ModuleSealer() {}

    /** The calling thread's sealer. */
    static ModuleSealer get() {
        return PER_THREAD.get();
    }

    /**
     * This sealer's AAD array with room for {@code length} bytes, to build a module's AAD in before
     * sealing it; overwritten by the next call.
     */
    byte[] aad(int length) {
        if (aad.length < length) {
            aad = new byte[Math.max(length, 2 * aad.length)];
        }
        return aad;
    }

    /**
     * Seals {@code plain[off, off + length)} under {@code aad[0, aadLength)} into the AES-GCM
     * module at {@code dest[destOff, destOff + GCM_OVERHEAD + length)}; returns the module's
     * length. {@code dest} must not overlap {@code plain}.
     */
    int gcm(
            SecretKey key,
            byte[] aad,
            int aadLength,
            byte[] plain,
            int off,
            int length,
            byte[] dest,
            int destOff) {
        int moduleLength = ModuleCipher.GCM_OVERHEAD + length;
        putLength(dest, destOff, moduleLength);
        freshNonce(dest, destOff);
        try {
            gcm.init(
                    Cipher.ENCRYPT_MODE,
                    key,
                    new GCMParameterSpec(ModuleCipher.TAG_BYTES * 8, nonce));
            gcm.updateAAD(aad, 0, aadLength);
            int written =
                    gcm.doFinal(
                            plain,
                            off,
                            length,
                            dest,
                            destOff + ModuleCipher.LENGTH_BYTES + ModuleCipher.NONCE_BYTES);
            check(written == length + ModuleCipher.TAG_BYTES, "AES-GCM");
        } catch (GeneralSecurityException e) {
            throw refused("AES-GCM", e);
        }
        return moduleLength;
    }

    /**
     * Seals {@code plain[off, off + length)} into the AES-CTR module at {@code dest[destOff,
     * destOff + CTR_OVERHEAD + length)}; returns the module's length. {@code dest} must not overlap
     * {@code plain}.
     */
    int ctr(SecretKey key, byte[] plain, int off, int length, byte[] dest, int destOff) {
        int moduleLength = ModuleCipher.CTR_OVERHEAD + length;
        putLength(dest, destOff, moduleLength);
        freshNonce(dest, destOff);
        System.arraycopy(nonce, 0, counter, 0, ModuleCipher.NONCE_BYTES);
        counter[12] = 0;
        counter[13] = 0;
        counter[14] = 0;
        counter[15] = 1;
        try {
            ctr.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(counter));
            int written =
                    ctr.doFinal(plain, off, length, dest, destOff + ModuleCipher.CTR_OVERHEAD);
            check(written == length, "AES-CTR");
        } catch (GeneralSecurityException e) {
            throw refused("AES-CTR", e);
        }
        return moduleLength;
    }

    /** The AES-GCM module of {@code plain[off, off + length)} under {@code aad}, in a new array. */
    static byte[] gcm(SecretKey key, byte[] plain, int off, int length, byte[] aad) {
        byte[] module = new byte[ModuleCipher.GCM_OVERHEAD + length];
        get().gcm(key, aad, aad.length, plain, off, length, module, 0);
        return module;
    }

    /**
     * The signature of a plaintext footer: a fresh nonce and the AES-GCM tag of encrypting {@code
     * plain} with it under {@code aad} (the ciphertext is dropped).
     */
    static byte[] sign(SecretKey key, byte[] plain, byte[] aad) {
        byte[] module = gcm(key, plain, 0, plain.length, aad);
        byte[] signature = new byte[ModuleCipher.NONCE_BYTES + ModuleCipher.TAG_BYTES];
        System.arraycopy(module, ModuleCipher.LENGTH_BYTES, signature, 0, ModuleCipher.NONCE_BYTES);
        System.arraycopy(
                module,
                module.length - ModuleCipher.TAG_BYTES,
                signature,
                ModuleCipher.NONCE_BYTES,
                ModuleCipher.TAG_BYTES);
        return signature;
    }

    /** {@code length} fresh random bytes (the AAD file unique). */
    static byte[] random(int length) {
        byte[] bytes = new byte[length];
        get().random.nextBytes(bytes);
        return bytes;
    }

    /** Draws a fresh nonce into {@link #nonce} and the module's nonce field at {@code destOff}. */
    private void freshNonce(byte[] dest, int destOff) {
        random.nextBytes(nonce);
        System.arraycopy(
                nonce, 0, dest, destOff + ModuleCipher.LENGTH_BYTES, ModuleCipher.NONCE_BYTES);
    }

    /** The length field: the module's bytes after it, little-endian. */
    private static void putLength(byte[] dest, int destOff, int moduleLength) {
        int n = moduleLength - ModuleCipher.LENGTH_BYTES;
        dest[destOff] = (byte) n;
        dest[destOff + 1] = (byte) (n >>> 8);
        dest[destOff + 2] = (byte) (n >>> 16);
        dest[destOff + 3] = (byte) (n >>> 24);
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
