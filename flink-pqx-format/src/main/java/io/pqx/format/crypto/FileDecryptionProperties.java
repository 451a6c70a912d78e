package io.pqx.format.crypto;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The keys (and AAD prefix) a read of files written with Parquet modular encryption uses, passed
 * through {@code ReadOptions.builder().decryption(...)}.
 *
 * <p>Keys come from explicit values first ({@link Builder#footerKey}, {@link Builder#columnKey} by
 * dotted column path), else from the {@link DecryptionKeyRetriever}, given the key metadata the
 * file stores; a key found neither way is missing: a missing footer key of a file whose footer is
 * encrypted refuses the file, a missing column key refuses only reads that need the column (the
 * page index and bloom filter of such a column are then not used for pruning either). A file whose
 * footer is plaintext can be read without any properties: its plaintext columns read as usual.
 *
 * <p>{@link Builder#aadPrefix}: the AAD prefix the writer used, for files that do not store it (the
 * writer asked readers to supply it); for a file that stores one, a supplied prefix must equal it,
 * else the file is refused (a file presented as another).
 *
 * <p>{@link Builder#verifyPlaintextFooter}: whether the signature of a plaintext footer is checked
 * when the footer key is known (default true).
 *
 * <p>Immutable and thread-safe (the retriever must be too, if the properties are shared between
 * threads). Keys are copied in and never shown: {@link #toString()} names which keys are set, not
 * their bytes.
 */
@PublicEvolving
public final class FileDecryptionProperties {
    @Nullable private final byte[] footerKey;
    private final Map<String, byte[]> columnKeys;
    @Nullable private final byte[] aadPrefix;
    @Nullable private final DecryptionKeyRetriever keyRetriever;
    private final boolean verifyPlaintextFooter;

    private FileDecryptionProperties(Builder builder) {
        this.footerKey = builder.footerKey;
        this.columnKeys = Collections.unmodifiableMap(new TreeMap<>(builder.columnKeys));
        this.aadPrefix = builder.aadPrefix;
        this.keyRetriever = builder.keyRetriever;
        this.verifyPlaintextFooter = builder.verifyPlaintextFooter;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The explicit footer key, copied; empty when none was given. */
    public Optional<byte[]> footerKey() {
        return Optional.ofNullable(footerKey).map(byte[]::clone);
    }

    /** The explicit key of the column at this dotted path, copied; empty when none was given. */
    public Optional<byte[]> columnKey(String path) {
        return Optional.ofNullable(columnKeys.get(path)).map(byte[]::clone);
    }

    /**
     * The dotted paths of the columns given an explicit key (not the keys): what a copy of these
     * properties needs to copy them all.
     */
    public Set<String> columnKeyPaths() {
        return columnKeys.keySet();
    }

    /** The supplied AAD prefix, copied; empty when none was given. */
    public Optional<byte[]> aadPrefix() {
        return Optional.ofNullable(aadPrefix).map(byte[]::clone);
    }

    /** The retriever for keys not given explicitly; empty when none was given. */
    public Optional<DecryptionKeyRetriever> keyRetriever() {
        return Optional.ofNullable(keyRetriever);
    }

    public boolean verifyPlaintextFooter() {
        return verifyPlaintextFooter;
    }

    /** Which keys are set, never their bytes. */
    @Override
    public String toString() {
        return "FileDecryptionProperties{footerKey="
                + (footerKey == null ? "none" : "set")
                + ", columnKeys="
                + columnKeys.keySet()
                + ", aadPrefix="
                + (aadPrefix == null ? "none" : "set")
                + ", keyRetriever="
                + (keyRetriever == null ? "none" : "set")
                + ", verifyPlaintextFooter="
                + verifyPlaintextFooter
                + "}";
    }

    /**
     * Builds {@link FileDecryptionProperties}; keys are checked (16, 24 or 32 bytes) and copied.
     */
    @PublicEvolving
    public static final class Builder {
        @Nullable private byte[] footerKey;
        private final Map<String, byte[]> columnKeys = new TreeMap<>();
        @Nullable private byte[] aadPrefix;
        @Nullable private DecryptionKeyRetriever keyRetriever;
        private boolean verifyPlaintextFooter = true;

        private Builder() {}

        /** The key of the footer (and of the columns encrypted with the footer key). */
        public Builder footerKey(byte[] key) {
            this.footerKey = checkedKey(key, "footerKey");
            return this;
        }

        /** The key of the column at this dotted path, e.g. {@code "a.b"}. */
        public Builder columnKey(String path, byte[] key) {
            if (path == null || path.isEmpty()) {
                throw new IllegalArgumentException("columnKey needs a column path");
            }
            columnKeys.put(path, checkedKey(key, "columnKey of " + path));
            return this;
        }

        /** The AAD prefix the writer used, for a file that does not store it. */
        public Builder aadPrefix(byte[] prefix) {
            if (prefix == null || prefix.length == 0) {
                throw new IllegalArgumentException("aadPrefix must not be empty");
            }
            this.aadPrefix = prefix.clone();
            return this;
        }

        public Builder keyRetriever(DecryptionKeyRetriever retriever) {
            this.keyRetriever = retriever;
            return this;
        }

        public Builder verifyPlaintextFooter(boolean verify) {
            this.verifyPlaintextFooter = verify;
            return this;
        }

        public FileDecryptionProperties build() {
            return new FileDecryptionProperties(this);
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
