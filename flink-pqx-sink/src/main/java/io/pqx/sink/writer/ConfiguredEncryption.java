package io.pqx.sink.writer;

import io.pqx.format.crypto.FileEncryptionProperties;
import io.pqx.format.crypto.KeyReferences;
import io.pqx.format.crypto.ParquetCipher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * Encryption configured by the sink's {@code sink.encryption.*} options: key references ({@link
 * KeyReferences}) read each time {@link #create()} is called, where the files are written, so
 * {@code env:} and {@code file:} keys never travel with the job; and the settings that are not
 * secret. Holds the references as given (a {@code hex:} or {@code base64:} reference is the key
 * itself) and shows only which are set; no message quotes a reference.
 */
@Internal
public final class ConfiguredEncryption implements EncryptionFactory {
    private static final long serialVersionUID = 1L;

    private final String footerKey;
    private final TreeMap<String, String> columnKeys;
    private final TreeMap<String, String> columnKeyMetadata;
    private final TreeSet<String> footerKeyColumns;
    @Nullable private final String footerKeyMetadata;
    private final boolean plaintextFooter;
    private final ParquetCipher algorithm;
    @Nullable private final String aadPrefix;
    private final boolean storeAadPrefix;

    /**
     * Encryption with columns that have keys of their own (without key metadata) only; see {@link
     * #ConfiguredEncryption(String, Map, Map, Collection, String, boolean, ParquetCipher, String,
     * boolean)}.
     */
    public ConfiguredEncryption(
            String footerKey,
            Map<String, String> columnKeys,
            @Nullable String footerKeyMetadata,
            boolean plaintextFooter,
            ParquetCipher algorithm,
            @Nullable String aadPrefix,
            boolean storeAadPrefix) {
        this(
                footerKey,
                columnKeys,
                Map.of(),
                List.of(),
                footerKeyMetadata,
                plaintextFooter,
                algorithm,
                aadPrefix,
                storeAadPrefix);
    }

    /**
     * Checks the references: their forms, and the keys written as {@code hex:} or {@code base64:}
     * by building the properties once (variables and files are not read here); and the column
     * layout: a column is encrypted either with a key of its own or with the footer key, and only a
     * column with a key of its own has key metadata.
     *
     * @param footerKey the footer key's reference
     * @param columnKeys each column's dotted path and its key's reference; empty, with {@code
     *     footerKeyColumns} empty too: every column is encrypted with the footer key
     * @param columnKeyMetadata key metadata as text (its UTF-8 bytes) of columns named in {@code
     *     columnKeys}
     * @param footerKeyColumns the dotted paths of columns encrypted with the footer key (the
     *     columns named neither here nor in {@code columnKeys} stay plaintext when either is not
     *     empty)
     * @param footerKeyMetadata the footer key's metadata as text (its UTF-8 bytes), or null
     * @param plaintextFooter whether the footer stays plaintext (signed)
     * @param algorithm the encryption algorithm
     * @param aadPrefix the AAD prefix as text (its UTF-8 bytes), or null
     * @param storeAadPrefix whether the AAD prefix is stored in the files
     * @throws IllegalArgumentException naming the key that is malformed, never its text
     */
    public ConfiguredEncryption(
            String footerKey,
            Map<String, String> columnKeys,
            Map<String, String> columnKeyMetadata,
            Collection<String> footerKeyColumns,
            @Nullable String footerKeyMetadata,
            boolean plaintextFooter,
            ParquetCipher algorithm,
            @Nullable String aadPrefix,
            boolean storeAadPrefix) {
        this.footerKey = footerKey;
        this.columnKeys = new TreeMap<>(columnKeys);
        this.columnKeyMetadata = new TreeMap<>(columnKeyMetadata);
        this.footerKeyColumns = new TreeSet<>(footerKeyColumns);
        this.footerKeyMetadata = footerKeyMetadata;
        this.plaintextFooter = plaintextFooter;
        this.algorithm = algorithm;
        this.aadPrefix = aadPrefix;
        this.storeAadPrefix = storeAadPrefix;
        checkForm(footerKey, "the footer key");
        this.columnKeys.forEach((path, ref) -> checkForm(ref, "the key of column " + path));
        if (aadPrefix != null && aadPrefix.isEmpty()) {
            throw new IllegalArgumentException("the AAD prefix is empty");
        }
        if (footerKeyMetadata != null && footerKeyMetadata.isEmpty()) {
            throw new IllegalArgumentException("the footer key metadata is empty");
        }
        for (String path : this.footerKeyColumns) {
            if (this.columnKeys.containsKey(path)) {
                throw new IllegalArgumentException(
                        "column "
                                + path
                                + " is given a key of its own and the footer key: name it once");
            }
        }
        this.columnKeyMetadata.forEach(
                (path, metadata) -> {
                    if (!this.columnKeys.containsKey(path)) {
                        throw new IllegalArgumentException(
                                "column "
                                        + path
                                        + " is given key metadata but no key of its own (only a"
                                        + " column with a key of its own stores key metadata)");
                    }
                    if (metadata.isEmpty()) {
                        throw new IllegalArgumentException(
                                "the key metadata of column " + path + " is empty");
                    }
                });
        // literal keys are checked now (length), so a bad one fails on the client, not in a task
        try {
            properties(true);
        } catch (IOException e) {
            throw new IllegalStateException("no variable or file is read here", e);
        }
    }

    /**
     * Column keys written {@code path=reference,path=reference}, e.g. {@code
     * a=hex:00...,b.c=env:B_KEY}, as {@link KeyReferences#columnKeys} reads them.
     *
     * @throws IllegalArgumentException for an entry without {@code =} or a column named twice,
     *     naming the entry's position, never its text
     */
    public static Map<String, String> parseColumnKeys(String text) {
        return KeyReferences.columnKeys(text);
    }

    @Override
    public FileEncryptionProperties create() throws IOException {
        return properties(false);
    }

    /** The properties; with {@code literalsOnly}, env: and file: keys are a stand-in. */
    private FileEncryptionProperties properties(boolean literalsOnly) throws IOException {
        FileEncryptionProperties.Builder builder = FileEncryptionProperties.builder();
        byte[] footer = resolve(footerKey, "the footer key", literalsOnly);
        try {
            if (footerKeyMetadata != null) {
                builder.footerKey(footer, footerKeyMetadata.getBytes(StandardCharsets.UTF_8));
            } else {
                builder.footerKey(footer);
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the footer key: " + e.getMessage());
        }
        for (Map.Entry<String, String> e : columnKeys.entrySet()) {
            String what = "the key of column " + e.getKey();
            byte[] key = resolve(e.getValue(), what, literalsOnly);
            String metadata = columnKeyMetadata.get(e.getKey());
            try {
                if (metadata != null) {
                    builder.columnKey(e.getKey(), key, metadata.getBytes(StandardCharsets.UTF_8));
                } else {
                    builder.columnKey(e.getKey(), key);
                }
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException(what + ": " + bad.getMessage());
            }
        }
        footerKeyColumns.forEach(builder::columnWithFooterKey);
        builder.plaintextFooter(plaintextFooter)
                .algorithm(algorithm)
                .storeAadPrefix(storeAadPrefix);
        if (aadPrefix != null) {
            builder.aadPrefix(aadPrefix.getBytes(StandardCharsets.UTF_8));
        }
        return builder.build();
    }

    private static byte[] resolve(String reference, String what, boolean literalsOnly)
            throws IOException {
        if (literalsOnly && !isLiteral(reference)) {
            return new byte[16];
        }
        try {
            return KeyReferences.resolve(reference);
        } catch (IOException e) {
            throw new IOException(what + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage());
        }
    }

    private static boolean isLiteral(String reference) {
        String text = reference.trim().toLowerCase(Locale.ROOT);
        return !text.startsWith("env:") && !text.startsWith("file:");
    }

    private static void checkForm(String reference, String what) {
        try {
            KeyReferences.checkForm(reference);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage());
        }
    }

    /** Which keys are set, never their references (a literal reference is the key). */
    @Override
    public String toString() {
        boolean uniform = columnKeys.isEmpty() && footerKeyColumns.isEmpty();
        return "encryption{footerKey=set, columnKeys="
                + (uniform ? "all with the footer key" : columnKeys.keySet())
                + (columnKeyMetadata.isEmpty()
                        ? ""
                        : ", columnKeyMetadata=" + columnKeyMetadata.keySet())
                + (footerKeyColumns.isEmpty() ? "" : ", footerKeyColumns=" + footerKeyColumns)
                + ", footer="
                + (plaintextFooter ? "plaintext" : "encrypted")
                + ", algorithm="
                + algorithm
                + ", aadPrefix="
                + (aadPrefix == null ? "none" : storeAadPrefix ? "stored" : "supplied by readers")
                + "}";
    }
}
