package io.pqx.source.crypto;

import io.pqx.format.crypto.DecryptionKeyRetriever;
import io.pqx.format.crypto.FileDecryptionProperties;
import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * The serializable copy of decryption properties given to the source's builder as an object: its
 * explicit keys as bytes, its retriever when that is serializable. Each {@link #create()} makes
 * equal properties. Shows which keys are set, never their bytes.
 */
@Internal
public final class ExplicitDecryption implements DecryptionFactory {
    private static final long serialVersionUID = 1L;

    @Nullable private final byte[] footerKey;
    private final TreeMap<String, byte[]> columnKeys;
    @Nullable private final byte[] aadPrefix;
    @Nullable private final DecryptionKeyRetriever keyRetriever;
    private final boolean verifyPlaintextFooter;

    private ExplicitDecryption(
            @Nullable byte[] footerKey,
            TreeMap<String, byte[]> columnKeys,
            @Nullable byte[] aadPrefix,
            @Nullable DecryptionKeyRetriever keyRetriever,
            boolean verifyPlaintextFooter) {
        this.footerKey = footerKey;
        this.columnKeys = columnKeys;
        this.aadPrefix = aadPrefix;
        this.keyRetriever = keyRetriever;
        this.verifyPlaintextFooter = verifyPlaintextFooter;
    }

    /**
     * A copy of {@code properties}.
     *
     * @throws IllegalArgumentException when the properties' retriever is not serializable
     */
    public static ExplicitDecryption of(FileDecryptionProperties properties) {
        DecryptionKeyRetriever retriever = properties.keyRetriever().orElse(null);
        if (retriever != null && !(retriever instanceof Serializable)) {
            throw new IllegalArgumentException(
                    "the key retriever "
                            + retriever.getClass().getName()
                            + " is not serializable, and a source ships its keys to the"
                            + " enumerator and every reader: make it Serializable, or pass a"
                            + " DecryptionFactory that creates it where the files are read");
        }
        TreeMap<String, byte[]> columns = new TreeMap<>();
        for (String path : properties.columnKeyPaths()) {
            properties.columnKey(path).ifPresent(key -> columns.put(path, key));
        }
        return new ExplicitDecryption(
                properties.footerKey().orElse(null),
                columns,
                properties.aadPrefix().orElse(null),
                retriever,
                properties.verifyPlaintextFooter());
    }

    @Override
    public FileDecryptionProperties create() {
        FileDecryptionProperties.Builder builder =
                FileDecryptionProperties.builder().verifyPlaintextFooter(verifyPlaintextFooter);
        if (footerKey != null) {
            builder.footerKey(footerKey);
        }
        for (Map.Entry<String, byte[]> e : columnKeys.entrySet()) {
            builder.columnKey(e.getKey(), e.getValue());
        }
        if (aadPrefix != null) {
            builder.aadPrefix(aadPrefix);
        }
        if (keyRetriever != null) {
            builder.keyRetriever(keyRetriever);
        }
        return builder.build();
    }

    /** Which keys are set, never their bytes. */
    @Override
    public String toString() {
        return "decryption{footerKey="
                + (footerKey == null ? "none" : "set")
                + ", columnKeys="
                + columnKeys.keySet()
                + ", aadPrefix="
                + (aadPrefix == null ? "none" : "set")
                + ", keyRetriever="
                + (keyRetriever == null ? "none" : keyRetriever.getClass().getName())
                + "}";
    }
}
