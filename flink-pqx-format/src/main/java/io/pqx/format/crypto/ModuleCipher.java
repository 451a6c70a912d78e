package io.pqx.format.crypto;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * Decrypts one module in the format's layouts with the JDK's AES: AES-GCM modules are {@code length
 * (4 bytes, little-endian) + nonce (12) + ciphertext + tag (16)}, AES-CTR modules {@code length +
 * nonce + ciphertext} with a 16-byte counter block of the nonce and a 32-bit big-endian counter
 * starting at 1. The length counts the bytes after it. Ciphers, the counter block and an array to
 * build AADs in are kept per thread (initialising a new cipher per page costs more than the page),
 * and a module's name in messages is built only when it fails. Stateless otherwise.
 */
final class ModuleCipher {
    static final int LENGTH_BYTES = 4;
    static final int NONCE_BYTES = 12;
    static final int TAG_BYTES = 16;
    static final int GCM_OVERHEAD = LENGTH_BYTES + NONCE_BYTES + TAG_BYTES;
    static final int CTR_OVERHEAD = LENGTH_BYTES + NONCE_BYTES;

    private static final ThreadLocal<Cipher> GCM = ThreadLocal.withInitial(() -> cipher("GCM"));
    private static final ThreadLocal<Cipher> CTR = ThreadLocal.withInitial(() -> cipher("CTR"));
    private static final ThreadLocal<byte[]> CTR_IV = ThreadLocal.withInitial(() -> new byte[16]);
    private static final ThreadLocal<byte[]> AAD = ThreadLocal.withInitial(() -> new byte[64]);

    /** The page ordinal of a module that has none, in {@link #gcm} and {@link #ctr}. */
    static final int NO_PAGE = -1;

    private ModuleCipher() {}

    /**
     * The length of the module at {@code off} as its length field gives it (length field included),
     * checked to fit the {@code available} bytes and to hold at least {@code overhead}.
     */
    static int moduleLength(
            byte[] buf, int off, int available, int overhead, FileContext ctx, String module)
            throws DecryptionFailedException {
        if (available < LENGTH_BYTES) {
            throw ctx.decryptionFailed(
                    module, "only " + available + " bytes are left for its length field");
        }
        long length = Integer.toUnsignedLong(littleEndianInt(buf, off)) + LENGTH_BYTES;
        if (length < overhead || length > available) {
            throw ctx.decryptionFailed(
                    module,
                    "its length field says "
                            + (length - LENGTH_BYTES)
                            + " bytes, where "
                            + (available - LENGTH_BYTES)
                            + " are left and at least "
                            + (overhead - LENGTH_BYTES)
                            + " are needed");
        }
        return (int) length;
    }

    /** The plaintext of the AES-GCM module of exactly {@code length} bytes at {@code off}. */
    static byte[] gcm(
            SecretKey key,
            byte[] buf,
            int off,
            int length,
            byte[] aad,
            FileContext ctx,
            String module)
            throws DecryptionFailedException {
        return gcm(key, buf, off, length, aad, aad.length, ctx, module, NO_PAGE);
    }

    /**
     * As {@link #gcm(SecretKey, byte[], int, int, byte[], FileContext, String)}, the AAD being
     * {@code aad[0, aadLength)}, the module named {@code module} and, unless {@link #NO_PAGE},
     * {@code page} (the name is built only when the module fails).
     */
    static byte[] gcm(
            SecretKey key,
            byte[] buf,
            int off,
            int length,
            byte[] aad,
            int aadLength,
            FileContext ctx,
            String module,
            int page)
            throws DecryptionFailedException {
        checkLength(buf, off, length, GCM_OVERHEAD, ctx, module, page);
        try {
            Cipher cipher = GCM.get();
            cipher.init(
                    Cipher.DECRYPT_MODE,
                    key,
                    new GCMParameterSpec(TAG_BYTES * 8, buf, off + LENGTH_BYTES, NONCE_BYTES));
            cipher.updateAAD(aad, 0, aadLength);
            int at = off + LENGTH_BYTES + NONCE_BYTES;
            return cipher.doFinal(buf, at, length - LENGTH_BYTES - NONCE_BYTES);
        } catch (AEADBadTagException e) {
            throw ctx.decryptionFailed(
                    label(module, page),
                    "it does not authenticate (AES-GCM tag mismatch): a wrong key or AAD prefix,"
                            + " or changed bytes");
        } catch (GeneralSecurityException e) {
            throw ctx.decryptionFailed(
                    label(module, page), "AES-GCM refused it: " + e.getClass().getName());
        }
    }

    /** The plaintext of the AES-CTR module of exactly {@code length} bytes at {@code off}. */
    static byte[] ctr(
            SecretKey key, byte[] buf, int off, int length, FileContext ctx, String module)
            throws DecryptionFailedException {
        return ctr(key, buf, off, length, ctx, module, NO_PAGE);
    }

    /**
     * As {@link #ctr(SecretKey, byte[], int, int, FileContext, String)}, the module named {@code
     * module} and, unless {@link #NO_PAGE}, {@code page}.
     */
    static byte[] ctr(
            SecretKey key,
            byte[] buf,
            int off,
            int length,
            FileContext ctx,
            String module,
            int page)
            throws DecryptionFailedException {
        checkLength(buf, off, length, CTR_OVERHEAD, ctx, module, page);
        byte[] iv = CTR_IV.get();
        System.arraycopy(buf, off + LENGTH_BYTES, iv, 0, NONCE_BYTES);
        iv[12] = 0;
        iv[13] = 0;
        iv[14] = 0;
        iv[15] = 1;
        try {
            Cipher cipher = CTR.get();
            cipher.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(iv));
            int at = off + LENGTH_BYTES + NONCE_BYTES;
            return cipher.doFinal(buf, at, length - LENGTH_BYTES - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw ctx.decryptionFailed(
                    label(module, page), "AES-CTR refused it: " + e.getClass().getName());
        }
    }

    /** The calling thread's array to build a module's AAD in, with room for {@code length}. */
    static byte[] aadScratch(int length) {
        byte[] aad = AAD.get();
        if (aad.length < length) {
            aad = new byte[Math.max(length, 2 * aad.length)];
            AAD.set(aad);
        }
        return aad;
    }

    /** A module's name in messages: {@code module}, then the page ordinal if it has one. */
    private static String label(String module, int page) {
        return page == NO_PAGE ? module : module + " " + page;
    }

    /**
     * Whether {@code nonce + tag} is the AES-GCM signature of {@code signed[off, off + length)}
     * under {@code aad}: the tag of encrypting the bytes with that nonce.
     */
    static boolean verifies(
            SecretKey key,
            byte[] signed,
            int off,
            int length,
            byte[] nonceAndTag,
            byte[] aad,
            FileContext ctx)
            throws DecryptionFailedException {
        try {
            // a cipher of its own: the shared one refuses to encrypt twice with one nonce
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(
                    Cipher.ENCRYPT_MODE,
                    key,
                    new GCMParameterSpec(TAG_BYTES * 8, nonceAndTag, 0, NONCE_BYTES));
            cipher.updateAAD(aad);
            byte[] out = cipher.doFinal(signed, off, length);
            byte[] tag = new byte[TAG_BYTES];
            System.arraycopy(out, out.length - TAG_BYTES, tag, 0, TAG_BYTES);
            byte[] stored = new byte[TAG_BYTES];
            System.arraycopy(nonceAndTag, NONCE_BYTES, stored, 0, TAG_BYTES);
            return MessageDigest.isEqual(tag, stored);
        } catch (GeneralSecurityException e) {
            throw ctx.decryptionFailed(
                    "footer signature", "AES-GCM refused it: " + e.getClass().getName());
        }
    }

    private static void checkLength(
            byte[] buf, int off, int length, int overhead, FileContext ctx, String module, int page)
            throws DecryptionFailedException {
        if (length < overhead || off < 0 || off > buf.length - length) {
            throw ctx.decryptionFailed(
                    label(module, page),
                    "the module of "
                            + length
                            + " bytes is shorter than the "
                            + overhead
                            + " bytes its encryption adds");
        }
        long declared = Integer.toUnsignedLong(littleEndianInt(buf, off));
        if (declared != length - LENGTH_BYTES) {
            throw ctx.decryptionFailed(
                    label(module, page),
                    "its length field says "
                            + declared
                            + " bytes where the module holds "
                            + (length - LENGTH_BYTES));
        }
    }

    static int littleEndianInt(byte[] b, int i) {
        return (b[i] & 0xFF)
                | ((b[i + 1] & 0xFF) << 8)
                | ((b[i + 2] & 0xFF) << 16)
                | ((b[i + 3] & 0xFF) << 24);
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
