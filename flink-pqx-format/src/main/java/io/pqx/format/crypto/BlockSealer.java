package io.pqx.format.crypto;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import javax.crypto.SecretKey;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Seals blocks of bytes that a writer of encrypted files keeps outside the Parquet file (a sink's
 * row log of an open row group, say) with a key only the holder of <em>every</em> key of the file's
 * configuration can derive: AES-GCM with a fresh random 12-byte nonce per block, under additional
 * authenticated data (AAD) the caller chooses to bind the block to its place, so a block that is
 * changed, moved to another place or sealed with another key does not {@link #open}. A sealed block
 * has the layout of the format's AES-GCM modules: {@code length (4 bytes, little-endian, counting
 * the bytes after it) + nonce (12) + ciphertext + tag (16)}, {@link #OVERHEAD} bytes more than its
 * plaintext.
 *
 * <p>Such a block may hold values of every column, so the footer key alone must not open it: a
 * reader holding only the footer key may not read a column encrypted with its own key in the file,
 * and must not read it here either. The sealing key is therefore derived (HMAC-SHA256 keyed with
 * the footer key, over every column's path and own key, in path order, truncated to the footer
 * key's length), so it changes when any key changes. It is never used on the file's modules.
 * Callers must not seal more than about 2^32 blocks with one configuration (random nonces).
 *
 * <p>Immutable and thread-safe (ciphers are kept per thread). Its key never leaves it: {@link
 * #toString()} names no key, and no message holds key bytes.
 */
@PublicEvolving
public final class BlockSealer {
    /** Bytes a sealed block has beyond its plaintext: length field, nonce and tag. */
    public static final int OVERHEAD = ModuleCipher.GCM_OVERHEAD;

    private final SecretKey key;

    private BlockSealer(SecretKey key) {
        this.key = key;
    }

    /** A sealer with the key derived from every key of {@code properties}. */
    public static BlockSealer withKeysOf(FileEncryptionProperties properties) {
        return new BlockSealer(AesKeys.of(SealingKeys.derive(properties)));
    }

    /** The sealed block of {@code plain[off, off + length)} under {@code aad}. */
    public byte[] seal(byte[] plain, int off, int length, byte[] aad) {
        return ModuleSealer.gcm(key, plain, off, length, aad);
    }

    /**
     * The length, in bytes, of the sealed block starting at {@code buf[off]} as its length field
     * gives it (length field included), checked to fit the {@code available} bytes.
     *
     * @param ctx where the block is, for the message
     * @param what the block, for the message (e.g. {@code "row-log chunk 3"})
     * @throws DecryptionFailedException when the length field does not fit
     */
    public int sealedLength(byte[] buf, int off, int available, FileContext ctx, String what)
            throws DecryptionFailedException {
        return ModuleCipher.moduleLength(buf, off, available, OVERHEAD, ctx, what);
    }

    /**
     * The plaintext of the sealed block of exactly {@code length} bytes at {@code buf[off]}.
     *
     * @param aad the AAD it was sealed under
     * @param ctx where the block is, for the message
     * @param what the block, for the message
     * @throws DecryptionFailedException when it does not authenticate: another key, another AAD, or
     *     changed bytes (AES-GCM cannot tell these apart)
     */
    public byte[] open(byte[] buf, int off, int length, byte[] aad, FileContext ctx, String what)
            throws DecryptionFailedException {
        return ModuleCipher.gcm(key, buf, off, length, aad, ctx, what);
    }

    /** Names no key. */
    @Override
    public String toString() {
        return "BlockSealer{key derived from the file's keys, AES-GCM}";
    }
}
