package io.pqx.format.crypto;

import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import javax.crypto.SecretKey;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnCryptoMetaData;
import org.apache.parquet.format.EncryptionWithColumnKey;
import org.apache.parquet.format.EncryptionWithFooterKey;

/**
 * Encrypts the modules of one encrypted column (page headers and pages, dictionary page and its
 * header, column metadata, column and offset index, bloom filter header and bitset) under their
 * AADs: the file's AAD, the module type, the row group and column ordinals and, for data pages and
 * their headers, the page ordinal. Page bodies are AES-CTR under {@code AES_GCM_CTR_V1}, every
 * other module AES-GCM. The write-side mirror of {@link ChunkDecryptor}.
 *
 * <p>Immutable and thread-safe; its key never leaves it ({@link #toString()} names the column
 * only).
 */
@Internal
public final class ChunkEncryptor {
    private final SecretKey key;
    private final byte[] fileAad;
    private final int column;
    private final boolean ctrPages;
    private final List<String> path;
    private final boolean footerKey;
    @Nullable private final byte[] keyMetadata;

    ChunkEncryptor(
            SecretKey key,
            byte[] fileAad,
            int column,
            boolean ctrPages,
            List<String> path,
            boolean footerKey,
            @Nullable byte[] keyMetadata) {
        this.key = key;
        this.fileAad = fileAad;
        this.column = column;
        this.ctrPages = ctrPages;
        this.path = List.copyOf(path);
        this.footerKey = footerKey;
        this.keyMetadata = keyMetadata;
    }

    /**
     * The module of {@code plain} of this type in row group {@code rowGroup}, in a new array.
     *
     * @param page the data page ordinal in the chunk (used by data pages and their headers only)
     * @throws IllegalStateException when an ordinal exceeds the 32767 the AAD can hold
     */
    public byte[] encrypt(ModuleType type, int rowGroup, int page, byte[] plain) {
        byte[] module = new byte[overhead(type) + plain.length];
        seal(type, rowGroup, page, plain, 0, plain.length, module, 0);
        return module;
    }

    /**
     * Seals {@code plain[off, off + length)} as the module of this type in row group {@code
     * rowGroup} into {@code dest} at {@code destOff}, which must have room for {@link
     * #overhead(ModuleType)} {@code + length} bytes and must not overlap the plaintext; returns the
     * module's length. Lets a writer seal into an array it reuses: the AAD is built in the calling
     * thread's own array and the cipher is the calling thread's, initialised with a fresh random
     * nonce for this module, so encryptors may be used from several threads at once.
     *
     * @param page the data page ordinal in the chunk (used by data pages and their headers only)
     * @throws IllegalStateException when an ordinal exceeds the 32767 the AAD can hold
     */
    public int seal(
            ModuleType type,
            int rowGroup,
            int page,
            byte[] plain,
            int off,
            int length,
            byte[] dest,
            int destOff) {
        checkOrdinal(rowGroup, "row group");
        checkOrdinal(column, "column");
        if (type.hasPageOrdinal()) {
            checkOrdinal(page, "page");
        }
        ModuleSealer sealer = ModuleSealer.get();
        if (isCtr(type)) {
            return sealer.ctr(key, plain, off, length, dest, destOff);
        }
        byte[] aad = sealer.aad(ModuleAad.length(fileAad, type));
        int aadLength = ModuleAad.write(fileAad, type, rowGroup, column, page, aad);
        return sealer.gcm(key, aad, aadLength, plain, off, length, dest, destOff);
    }

    /** The bytes encryption adds to a module of this type. */
    public int overhead(ModuleType type) {
        return isCtr(type) ? ModuleCipher.CTR_OVERHEAD : ModuleCipher.GCM_OVERHEAD;
    }

    /** Whether modules of this type are AES-CTR: page bodies under {@code AES_GCM_CTR_V1}. */
    private boolean isCtr(ModuleType type) {
        return ctrPages && (type == ModuleType.DATA_PAGE || type == ModuleType.DICTIONARY_PAGE);
    }

    /** Whether the column is encrypted with the footer key. */
    public boolean withFooterKey() {
        return footerKey;
    }

    /** The column's {@code crypto_metadata}: footer key, or its path and key metadata. */
    public ColumnCryptoMetaData cryptoMetadata() {
        if (footerKey) {
            return ColumnCryptoMetaData.ENCRYPTION_WITH_FOOTER_KEY(new EncryptionWithFooterKey());
        }
        EncryptionWithColumnKey withKey = new EncryptionWithColumnKey(new ArrayList<>(path));
        if (keyMetadata != null) {
            withKey.setKey_metadata(keyMetadata.clone());
        }
        return ColumnCryptoMetaData.ENCRYPTION_WITH_COLUMN_KEY(withKey);
    }

    private void checkOrdinal(int ordinal, String what) {
        if (!ModuleAad.fits(ordinal)) {
            throw new IllegalStateException(
                    "Cannot encrypt column "
                            + String.join(".", path)
                            + ": its "
                            + what
                            + " ordinal "
                            + ordinal
                            + " exceeds the 32767 Parquet modular encryption allows");
        }
    }

    @Override
    public String toString() {
        return "ChunkEncryptor{" + String.join(".", path) + (footerKey ? ", footer key}" : "}");
    }
}
