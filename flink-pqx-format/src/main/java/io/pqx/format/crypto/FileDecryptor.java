package io.pqx.format.crypto;

import io.pqx.format.error.DecryptionFailedException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.MissingKeyException;
import io.pqx.format.error.UnsupportedFileException;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import javax.crypto.SecretKey;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnCryptoMetaData;
import org.apache.parquet.format.EncryptionAlgorithm;
import org.apache.parquet.format.EncryptionWithColumnKey;

/**
 * What reading one encrypted file needs from its encryption algorithm and the read's {@link
 * FileDecryptionProperties}: the file's AAD (the AAD prefix, stored or supplied and checked against
 * each other, then the file's unique part), whether pages are AES-CTR ({@code AES_GCM_CTR_V1}), and
 * the keys, each found once (explicit, else from the retriever). Decrypts the footer, checks a
 * plaintext footer's signature and hands out a {@link ChunkDecryptor} per encrypted column chunk.
 *
 * <p>Used by the footer reader on one thread while it validates the footer; what it hands out is
 * immutable. Never shows a key.
 */
@Internal
public final class FileDecryptor {
    private static final String FOOTER = "footer";

    private final FileContext ctx;
    private final FileDecryptionProperties properties;
    private final byte[] fileAad;
    private final boolean ctrPages;
    private final byte[] footerKeyMetadata;
    private final Map<String, KeyLookup> keys = new HashMap<>();

    private FileDecryptor(
            FileContext ctx,
            FileDecryptionProperties properties,
            byte[] fileAad,
            boolean ctrPages,
            byte[] footerKeyMetadata) {
        this.ctx = ctx;
        this.properties = properties;
        this.fileAad = fileAad;
        this.ctrPages = ctrPages;
        this.footerKeyMetadata = footerKeyMetadata;
    }

    /**
     * @param footerKeyMetadata the key metadata stored for the footer key (the encrypted footer's
     *     crypto metadata, or the plaintext footer's signing key metadata); null when none
     * @param properties the read's; null: none given (a plaintext footer's plaintext columns can
     *     still be read)
     * @throws UnsupportedFileException for an algorithm this version does not know
     * @throws MissingKeyException when the file needs an AAD prefix the read did not supply
     * @throws DecryptionFailedException when a supplied AAD prefix differs from the stored one, or
     *     the file was written without one
     */
    public static FileDecryptor of(
            EncryptionAlgorithm algorithm,
            @Nullable byte[] footerKeyMetadata,
            @Nullable FileDecryptionProperties properties,
            FileContext ctx)
            throws IOException {
        FileDecryptionProperties props =
                properties == null ? FileDecryptionProperties.builder().build() : properties;
        byte[] storedPrefix;
        byte[] unique;
        boolean supply;
        boolean ctr;
        if (algorithm != null && algorithm.isSetAES_GCM_V1()) {
            storedPrefix = algorithm.getAES_GCM_V1().getAad_prefix();
            unique = algorithm.getAES_GCM_V1().getAad_file_unique();
            supply = algorithm.getAES_GCM_V1().isSupply_aad_prefix();
            ctr = false;
        } else if (algorithm != null && algorithm.isSetAES_GCM_CTR_V1()) {
            storedPrefix = algorithm.getAES_GCM_CTR_V1().getAad_prefix();
            unique = algorithm.getAES_GCM_CTR_V1().getAad_file_unique();
            supply = algorithm.getAES_GCM_CTR_V1().isSupply_aad_prefix();
            ctr = true;
        } else {
            throw ctx.unsupported(
                    "Cannot read encrypted file",
                    "its encryption algorithm is none this version knows (AES_GCM_V1,"
                            + " AES_GCM_CTR_V1)");
        }
        byte[] supplied = props.aadPrefix().orElse(null);
        if (supply && supplied == null) {
            throw ctx.missingKey(
                    "Cannot read encrypted file",
                    "the file was written with an AAD prefix it does not store, which the read"
                            + " must supply (FileDecryptionProperties.aadPrefix)");
        }
        if (storedPrefix != null && supplied != null && !Arrays.equals(storedPrefix, supplied)) {
            throw ctx.decryptionFailed(
                    FOOTER,
                    "the AAD prefix supplied is not the one the file stores: the file is not the"
                            + " one the prefix was meant for");
        }
        if (storedPrefix == null && !supply && supplied != null) {
            throw ctx.decryptionFailed(
                    FOOTER,
                    "an AAD prefix was supplied, but the file was written without one: the file"
                            + " is not the one the prefix was meant for");
        }
        byte[] prefix =
                supplied != null ? supplied : storedPrefix == null ? new byte[0] : storedPrefix;
        byte[] fileUnique = unique == null ? new byte[0] : unique;
        byte[] fileAad = new byte[prefix.length + fileUnique.length];
        System.arraycopy(prefix, 0, fileAad, 0, prefix.length);
        System.arraycopy(fileUnique, 0, fileAad, prefix.length, fileUnique.length);
        return new FileDecryptor(
                ctx,
                props,
                fileAad,
                ctr,
                footerKeyMetadata == null ? new byte[0] : footerKeyMetadata);
    }

    /**
     * The plaintext of the encrypted footer module of exactly {@code length} bytes at {@code off}.
     *
     * @throws MissingKeyException when the footer key is missing
     * @throws DecryptionFailedException when the module does not authenticate
     */
    public byte[] decryptFooter(byte[] buf, int off, int length) throws IOException {
        KeyLookup footer = footerKey();
        if (footer.key() == null) {
            throw footer.missing(ctx, "Cannot read encrypted footer");
        }
        return ModuleCipher.gcm(
                footer.key(), buf, off, length, ModuleAad.footer(fileAad), ctx, FOOTER);
    }

    /**
     * Checks the signature at the end of a plaintext footer of {@code length} bytes at {@code off}
     * (the serialized footer, then a 12-byte nonce and a 16-byte tag), if the footer key is known
     * and the properties ask for it.
     *
     * @return whether the signature was checked (and holds)
     * @throws DecryptionFailedException when it was checked and does not hold
     */
    public boolean verifyFooterSignature(byte[] buf, int off, int length) throws IOException {
        if (!properties.verifyPlaintextFooter()) {
            return false;
        }
        KeyLookup footer = footerKey();
        if (footer.key() == null) {
            return false;
        }
        int signature = ModuleCipher.NONCE_BYTES + ModuleCipher.TAG_BYTES;
        if (length < signature) {
            throw ctx.decryptionFailed(
                    "footer signature",
                    "the footer of " + length + " bytes is too short to hold a signature");
        }
        byte[] nonceAndTag = Arrays.copyOfRange(buf, off + length - signature, off + length);
        if (!ModuleCipher.verifies(
                footer.key(),
                buf,
                off,
                length - signature,
                nonceAndTag,
                ModuleAad.footer(fileAad),
                ctx)) {
            throw ctx.decryptionFailed(
                    "footer signature",
                    "the plaintext footer's signature does not verify: a wrong footer key or AAD"
                            + " prefix, or a changed footer");
        }
        return true;
    }

    /**
     * The decryptor of an encrypted column chunk, with its key or, when the key is missing, without
     * one (saying why).
     *
     * @param rowGroup the row group's ordinal, column: the leaf's position (the AAD's ordinals)
     * @param path the leaf's path, checked against the path the crypto metadata names
     * @throws IOException when the crypto metadata is malformed
     */
    public ChunkDecryptor chunk(
            ColumnCryptoMetaData crypto,
            int rowGroup,
            int column,
            List<String> path,
            FileContext columnCtx)
            throws IOException {
        String dotted = String.join(".", path);
        KeyLookup lookup;
        if (crypto.isSetENCRYPTION_WITH_FOOTER_KEY()) {
            lookup = footerKey();
        } else if (crypto.isSetENCRYPTION_WITH_COLUMN_KEY()) {
            EncryptionWithColumnKey withKey = crypto.getENCRYPTION_WITH_COLUMN_KEY();
            if (withKey.getPath_in_schema() == null || !withKey.getPath_in_schema().equals(path)) {
                throw columnCtx.corrupt(
                        "Cannot read footer",
                        "the column's crypto metadata names another column path "
                                + withKey.getPath_in_schema());
            }
            lookup = columnKey(dotted, withKey.getKey_metadata());
        } else {
            throw columnCtx.unsupported(
                    "Cannot read encrypted column",
                    "its crypto metadata names a kind of key this version does not know");
        }
        if (lookup.key() == null) {
            return ChunkDecryptor.withoutKey(
                    columnCtx, lookup.why(), lookup.cause(), rowGroup, column);
        }
        return ChunkDecryptor.withKey(columnCtx, lookup.key(), fileAad, rowGroup, column, ctrPages);
    }

    private KeyLookup footerKey() {
        return keys.computeIfAbsent(
                "\0footer",
                k ->
                        lookup(
                                properties.footerKey().orElse(null),
                                footerKeyMetadata,
                                "the footer key",
                                "FileDecryptionProperties.footerKey"));
    }

    private KeyLookup columnKey(String path, @Nullable byte[] keyMetadata) {
        return keys.computeIfAbsent(
                path,
                p ->
                        lookup(
                                properties.columnKey(p).orElse(null),
                                keyMetadata == null ? new byte[0] : keyMetadata,
                                "the key of column " + p,
                                "FileDecryptionProperties.columnKey(\"" + p + "\", ...)"));
    }

    private KeyLookup lookup(
            @Nullable byte[] explicit, byte[] keyMetadata, String which, String option) {
        if (explicit != null) {
            return KeyLookup.found(explicit);
        }
        DecryptionKeyRetriever retriever = properties.keyRetriever().orElse(null);
        if (retriever == null) {
            return KeyLookup.missing(
                    which + " was not given (" + option + ", or a key retriever)", null);
        }
        byte[] key;
        try {
            key = retriever.retrieveKey(keyMetadata.clone());
        } catch (KeyRetrievalException e) {
            return KeyLookup.missing(
                    "the key retriever found no key for " + which + ": " + e.getMessage(), e);
        }
        if (key == null) {
            return KeyLookup.missing("the key retriever returned no key for " + which, null);
        }
        if (!AesKeys.validLength(key.length)) {
            return KeyLookup.missing(
                    "the key retriever returned a key of "
                            + key.length
                            + " bytes for "
                            + which
                            + "; AES keys have 16, 24 or 32",
                    null);
        }
        return KeyLookup.found(key);
    }

    /** A key found, or why not. */
    private record KeyLookup(@Nullable SecretKey key, String why, @Nullable Throwable cause) {
        static KeyLookup found(byte[] key) {
            return new KeyLookup(AesKeys.of(key), "", null);
        }

        static KeyLookup missing(String why, @Nullable Throwable cause) {
            return new KeyLookup(null, why, cause);
        }

        MissingKeyException missing(FileContext ctx, String what) {
            return cause == null ? ctx.missingKey(what, why) : ctx.missingKey(what, why, cause);
        }

        @Override
        public String toString() {
            return key == null ? "KeyLookup{missing}" : "KeyLookup{found}";
        }
    }

    @Override
    public String toString() {
        return "FileDecryptor{" + ctx + (ctrPages ? ", AES_GCM_CTR_V1" : ", AES_GCM_V1") + "}";
    }
}
