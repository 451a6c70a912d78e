package io.pqx.source.crypto;

import io.pqx.format.crypto.FileDecryptionProperties;
import io.pqx.format.crypto.KeyReferences;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * Decryption configured by the source's options: key references ({@link KeyReferences}) read where
 * the files are read, each time {@link #create()} is called, so {@code env:} and {@code file:} keys
 * never travel with the job; an AAD prefix; a key retriever factory class. Holds the references as
 * given (a {@code hex:} or {@code base64:} reference is the key itself); shows only which are set.
 */
@Internal
public final class ConfiguredDecryption implements DecryptionFactory {
    private static final long serialVersionUID = 1L;

    @Nullable private final String footerKey;
    private final TreeMap<String, String> columnKeys;
    @Nullable private final String aadPrefix;
    @Nullable private final String retrieverFactory;

    /**
     * Checks the references' forms (not reading variables or files).
     *
     * @param footerKey the footer key's reference, or null
     * @param columnKeys each column's dotted path and its key's reference
     * @param aadPrefix the AAD prefix as text (its UTF-8 bytes), or null
     * @param retrieverFactory the class name of a {@link DecryptionKeyRetrieverFactory}, or null
     * @throws IllegalArgumentException naming the key whose reference is malformed, never its text
     */
    public ConfiguredDecryption(
            @Nullable String footerKey,
            Map<String, String> columnKeys,
            @Nullable String aadPrefix,
            @Nullable String retrieverFactory) {
        this.footerKey = footerKey;
        this.columnKeys = new TreeMap<>(columnKeys);
        this.aadPrefix = aadPrefix;
        this.retrieverFactory = retrieverFactory;
        if (footerKey != null) {
            checkForm(footerKey, "the footer key");
        }
        columnKeys.forEach((path, ref) -> checkForm(ref, "the key of column " + path));
        if (aadPrefix != null && aadPrefix.isEmpty()) {
            throw new IllegalArgumentException("the AAD prefix is empty");
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

    private static void checkForm(String reference, String what) {
        try {
            KeyReferences.checkForm(reference);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage());
        }
    }

    @Override
    public FileDecryptionProperties create() throws IOException {
        FileDecryptionProperties.Builder builder = FileDecryptionProperties.builder();
        if (footerKey != null) {
            builder.footerKey(resolve(footerKey, "the footer key"));
        }
        for (Map.Entry<String, String> e : columnKeys.entrySet()) {
            builder.columnKey(e.getKey(), resolve(e.getValue(), "the key of column " + e.getKey()));
        }
        if (aadPrefix != null) {
            builder.aadPrefix(aadPrefix.getBytes(StandardCharsets.UTF_8));
        }
        if (retrieverFactory != null) {
            builder.keyRetriever(retrieverFactory().create());
        }
        return builder.build();
    }

    private static byte[] resolve(String reference, String what) throws IOException {
        try {
            return KeyReferences.resolve(reference);
        } catch (IOException e) {
            throw new IOException(what + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage());
        }
    }

    private DecryptionKeyRetrieverFactory retrieverFactory() throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> type = Class.forName(retrieverFactory, true, loader);
            if (!DecryptionKeyRetrieverFactory.class.isAssignableFrom(type)) {
                throw new IOException(
                        "Cannot create the key retriever: "
                                + retrieverFactory
                                + " is not a "
                                + DecryptionKeyRetrieverFactory.class.getName());
            }
            return (DecryptionKeyRetrieverFactory) type.getConstructor().newInstance();
        } catch (ClassNotFoundException
                | NoSuchMethodException
                | InstantiationException
                | IllegalAccessException e) {
            throw new IOException(
                    "Cannot create the key retriever factory "
                            + retrieverFactory
                            + " (a public class with a public no-argument constructor): "
                            + e,
                    e);
        } catch (InvocationTargetException e) {
            throw new IOException(
                    "The key retriever factory " + retrieverFactory + " failed to construct",
                    e.getCause());
        }
    }

    /** Which keys are set, never their references (a literal reference is the key). */
    @Override
    public String toString() {
        return "decryption{footerKey="
                + (footerKey == null ? "none" : "set")
                + ", columnKeys="
                + columnKeys.keySet()
                + ", aadPrefix="
                + (aadPrefix == null ? "none" : "set")
                + ", keyRetrieverFactory="
                + (retrieverFactory == null ? "none" : retrieverFactory)
                + "}";
    }
}
