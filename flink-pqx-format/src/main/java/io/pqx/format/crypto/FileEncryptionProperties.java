package io.pqx.format.crypto;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * How a writer encrypts a file with Parquet modular encryption, passed through {@code
 * WriteOptions.builder().encryption(...)}; the write-side mirror of {@link
 * FileDecryptionProperties}.
 *
 * <p><b>Keys.</b> The footer key ({@link Builder#footerKey}) encrypts (or signs) the footer.
 * Columns named with {@link Builder#columnKey} are encrypted with their own key, columns named with
 * {@link Builder#columnWithFooterKey} with the footer key, and every other column stays plaintext.
 * When no column is named, every column is encrypted with the footer key (uniform encryption). Each
 * key may carry key metadata, stored in the file for a reader's {@link DecryptionKeyRetriever}.
 *
 * <p><b>Layout.</b> {@link Builder#plaintextFooter} keeps the footer readable by readers without
 * keys (signed with the footer key, statistics of encrypted columns stripped); the default encrypts
 * it. {@link Builder#algorithm} chooses {@link ParquetCipher#AES_GCM_V1} (default) or {@link
 * ParquetCipher#AES_GCM_CTR_V1}. {@link Builder#aadPrefix} binds the file to a name of the caller's
 * choice; it is stored in the file unless {@link Builder#storeAadPrefix} is false, then readers
 * must supply it. Every file gets a fresh random AAD file unique of {@link #aadFileUniqueLength()}
 * bytes, so modules cannot be swapped between files.
 *
 * <p>Immutable, thread-safe and serializable (a sink carries it in its configuration, which is how
 * a writer resuming a file after a failure gets its keys back; keys are never written into a resume
 * point or checkpoint). Keys are copied in and never shown: {@link #toString()} names which keys
 * are set, not their bytes.
 */
@PublicEvolving
public final class FileEncryptionProperties implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The length of the AAD file unique, as other writers use. */
    public static final int DEFAULT_AAD_FILE_UNIQUE_LENGTH = 8;

    private final byte[] footerKey;
    @Nullable private final byte[] footerKeyMetadata;
    private final TreeMap<String, ColumnKey> columns;
    private final boolean encryptedFooter;
    private final ParquetCipher algorithm;
    @Nullable private final byte[] aadPrefix;
    private final boolean storeAadPrefix;
    private final int aadFileUniqueLength;

    private FileEncryptionProperties(Builder builder) {
        this.footerKey = builder.footerKey;
        this.footerKeyMetadata = builder.footerKeyMetadata;
        this.columns = new TreeMap<>(builder.columns);
        this.encryptedFooter = builder.encryptedFooter;
        this.algorithm = builder.algorithm;
        this.aadPrefix = builder.aadPrefix;
        this.storeAadPrefix = builder.storeAadPrefix;
        this.aadFileUniqueLength = builder.aadFileUniqueLength;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The footer key, copied. */
    public byte[] footerKey() {
        return footerKey.clone();
    }

    /** The footer key's metadata stored in the file, copied; empty when none. */
    public Optional<byte[]> footerKeyMetadata() {
        return Optional.ofNullable(footerKeyMetadata).map(byte[]::clone);
    }

    /** Whether every column is encrypted with the footer key (no column was named). */
    public boolean uniform() {
        return columns.isEmpty();
    }

    /** The dotted paths of the columns named, each with its own key or the footer key. */
    public Map<String, ColumnKey> columns() {
        return Collections.unmodifiableMap(columns);
    }

    public boolean encryptedFooter() {
        return encryptedFooter;
    }

    public ParquetCipher algorithm() {
        return algorithm;
    }

    /** The AAD prefix, copied; empty when none. */
    public Optional<byte[]> aadPrefix() {
        return Optional.ofNullable(aadPrefix).map(byte[]::clone);
    }

    /** Whether the AAD prefix (if any) is stored in the file; else readers must supply it. */
    public boolean storeAadPrefix() {
        return storeAadPrefix;
    }

    public int aadFileUniqueLength() {
        return aadFileUniqueLength;
    }

    /** Which keys are set, never their bytes. */
    @Override
    public String toString() {
        return "FileEncryptionProperties{footerKey=set, footerKeyMetadata="
                + (footerKeyMetadata == null ? "none" : "set")
                + ", columns="
                + (columns.isEmpty() ? "all with the footer key" : columns.toString())
                + ", footer="
                + (encryptedFooter ? "encrypted" : "plaintext")
                + ", algorithm="
                + algorithm
                + ", aadPrefix="
                + (aadPrefix == null ? "none" : storeAadPrefix ? "stored" : "supplied by readers")
                + "}";
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FileEncryptionProperties other)) {
            return false;
        }
        return Arrays.equals(footerKey, other.footerKey)
                && Arrays.equals(footerKeyMetadata, other.footerKeyMetadata)
                && columns.equals(other.columns)
                && encryptedFooter == other.encryptedFooter
                && algorithm == other.algorithm
                && Arrays.equals(aadPrefix, other.aadPrefix)
                && storeAadPrefix == other.storeAadPrefix
                && aadFileUniqueLength == other.aadFileUniqueLength;
    }

    @Override
    public int hashCode() {
        // no key bytes: a hash is no place to spread them
        return columns.keySet().hashCode() * 31 + algorithm.hashCode();
    }

    /**
     * How one named column is encrypted: with its own key (and key metadata) or, when {@link #key}
     * is empty, with the footer key. Immutable; never shows the key.
     */
    @PublicEvolving
    public static final class ColumnKey implements Serializable {
        private static final long serialVersionUID = 1L;

        @Nullable private final byte[] key;
        @Nullable private final byte[] keyMetadata;

        private ColumnKey(@Nullable byte[] key, @Nullable byte[] keyMetadata) {
            this.key = key;
            this.keyMetadata = keyMetadata;
        }

        /** The column's own key, copied; empty when it uses the footer key. */
        public Optional<byte[]> key() {
            return Optional.ofNullable(key).map(byte[]::clone);
        }

        /** The key metadata stored for the column's key, copied; empty when none. */
        public Optional<byte[]> keyMetadata() {
            return Optional.ofNullable(keyMetadata).map(byte[]::clone);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ColumnKey other
                    && Arrays.equals(key, other.key)
                    && Arrays.equals(keyMetadata, other.keyMetadata);
        }

        @Override
        public int hashCode() {
            return key == null ? 0 : 1;
        }

        @Override
        public String toString() {
            return key == null
                    ? "footer key"
                    : "own key" + (keyMetadata == null ? "" : " with key metadata");
        }
    }

    /**
     * Builds {@link FileEncryptionProperties}; keys are checked (16, 24 or 32 bytes) and copied.
     * Column paths are checked against the schema when a writer opens. Not thread-safe.
     */
    @PublicEvolving
    public static final class Builder {
        private byte[] footerKey;
        @Nullable private byte[] footerKeyMetadata;
        private final Map<String, ColumnKey> columns = new TreeMap<>();
        private boolean encryptedFooter = true;
        private ParquetCipher algorithm = ParquetCipher.AES_GCM_V1;
        @Nullable private byte[] aadPrefix;
        private boolean storeAadPrefix = true;
        private int aadFileUniqueLength = DEFAULT_AAD_FILE_UNIQUE_LENGTH;

        private Builder() {}

        /** The key of the footer (and of the columns encrypted with the footer key). */
        public Builder footerKey(byte[] key) {
            this.footerKey = checkedKey(key, "footerKey");
            return this;
        }

        /** The footer key with metadata stored in the file for a reader's key retriever. */
        public Builder footerKey(byte[] key, byte[] keyMetadata) {
            footerKey(key);
            this.footerKeyMetadata = checkedMetadata(keyMetadata, "footerKey");
            return this;
        }

        /** Encrypts the column at this dotted path (e.g. {@code "a.b"}) with its own key. */
        public Builder columnKey(String path, byte[] key) {
            columns.put(checkedPath(path), new ColumnKey(checkedKey(key, columnOf(path)), null));
            return this;
        }

        /** As {@link #columnKey(String, byte[])}, with metadata stored for a key retriever. */
        public Builder columnKey(String path, byte[] key, byte[] keyMetadata) {
            columns.put(
                    checkedPath(path),
                    new ColumnKey(
                            checkedKey(key, columnOf(path)),
                            checkedMetadata(keyMetadata, columnOf(path))));
            return this;
        }

        /** Encrypts the column at this dotted path with the footer key. */
        public Builder columnWithFooterKey(String path) {
            columns.put(checkedPath(path), new ColumnKey(null, null));
            return this;
        }

        /** Keeps the footer plaintext, signed with the footer key (default: encrypted). */
        public Builder plaintextFooter(boolean plaintext) {
            this.encryptedFooter = !plaintext;
            return this;
        }

        public Builder algorithm(ParquetCipher algorithm) {
            if (algorithm == null) {
                throw new IllegalArgumentException("algorithm must not be null");
            }
            this.algorithm = algorithm;
            return this;
        }

        /** An AAD prefix binding the file to a name of the caller's choice (e.g. its path). */
        public Builder aadPrefix(byte[] prefix) {
            if (prefix == null || prefix.length == 0) {
                throw new IllegalArgumentException("aadPrefix must not be empty");
            }
            this.aadPrefix = prefix.clone();
            return this;
        }

        /**
         * Whether the AAD prefix is stored in the file (default true); when false, the file says
         * readers must supply it ({@code supply_aad_prefix}).
         */
        public Builder storeAadPrefix(boolean store) {
            this.storeAadPrefix = store;
            return this;
        }

        /** The length of the random AAD file unique (default 8, between 4 and 64). */
        public Builder aadFileUniqueLength(int length) {
            if (length < 4 || length > 64) {
                throw new IllegalArgumentException(
                        "aadFileUniqueLength must be between 4 and 64, got " + length);
            }
            this.aadFileUniqueLength = length;
            return this;
        }

        /**
         * @throws IllegalArgumentException when no footer key was given, or an AAD prefix is not
         *     stored but none was given
         */
        public FileEncryptionProperties build() {
            if (footerKey == null) {
                throw new IllegalArgumentException(
                        "Cannot build FileEncryptionProperties: footerKey is required");
            }
            if (!storeAadPrefix && aadPrefix == null) {
                throw new IllegalArgumentException(
                        "Cannot build FileEncryptionProperties: storeAadPrefix is false but no"
                                + " aadPrefix was given");
            }
            return new FileEncryptionProperties(this);
        }

        private static String columnOf(String path) {
            return "columnKey of " + path;
        }

        private static String checkedPath(String path) {
            if (path == null || path.isEmpty()) {
                throw new IllegalArgumentException("a column key needs a column path");
            }
            return path;
        }

        private static byte[] checkedMetadata(byte[] metadata, String what) {
            if (metadata == null) {
                throw new IllegalArgumentException(what + ": key metadata must not be null");
            }
            return metadata.clone();
        }

        private static byte[] checkedKey(byte[] key, String what) {
            if (key == null || !AesKeys.validLength(key.length)) {
                throw new IllegalArgumentException(
                        what
                                + " must be an AES key of 16, 24 or 32 bytes, got "
                                + (key == null ? "none" : key.length + " bytes"));
            }
            return Arrays.copyOf(key, key.length);
        }
    }
}
