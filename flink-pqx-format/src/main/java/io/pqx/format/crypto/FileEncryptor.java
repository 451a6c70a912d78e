package io.pqx.format.crypto;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.Nullable;
import javax.crypto.SecretKey;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.AesGcmCtrV1;
import org.apache.parquet.format.AesGcmV1;
import org.apache.parquet.format.EncryptionAlgorithm;
import org.apache.parquet.format.FileCryptoMetaData;

/**
 * What writing one encrypted file needs from the write's {@link FileEncryptionProperties}: the
 * file's AAD (the prefix, then the file's random unique part), the algorithm as the file records
 * it, the footer's encryption or signature, and a {@link ChunkEncryptor} per encrypted leaf column.
 * The write-side mirror of {@link FileDecryptor}.
 *
 * <p>A file continued by another writer keeps its AAD file unique: {@link #resumed} takes it back
 * (the keys come again from the properties, never from a resume point). Immutable and thread-safe;
 * never shows a key.
 */
@Internal
public final class FileEncryptor {
    private final FileEncryptionProperties properties;
    private final byte[] aadFileUnique;
    private final byte[] fileAad;
    private final SecretKey footerKey;
    private final ChunkEncryptor[] columns;

    private FileEncryptor(
            FileEncryptionProperties properties,
            List<List<String>> leafPaths,
            byte[] aadFileUnique) {
        this.properties = properties;
        this.aadFileUnique = aadFileUnique.clone();
        byte[] prefix = properties.aadPrefix().orElse(new byte[0]);
        this.fileAad = new byte[prefix.length + aadFileUnique.length];
        System.arraycopy(prefix, 0, fileAad, 0, prefix.length);
        System.arraycopy(aadFileUnique, 0, fileAad, prefix.length, aadFileUnique.length);
        this.footerKey = AesKeys.of(properties.footerKey());
        List<String> dotted = leafPaths.stream().map(p -> String.join(".", p)).toList();
        Set<String> unknown = new TreeSet<>(properties.columns().keySet());
        unknown.removeAll(dotted);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(
                    "Cannot encrypt: the encryption properties name columns "
                            + unknown
                            + " that are not leaf columns of the schema "
                            + dotted);
        }
        boolean ctr = properties.algorithm() == ParquetCipher.AES_GCM_CTR_V1;
        this.columns = new ChunkEncryptor[leafPaths.size()];
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        for (int i = 0; i < leafPaths.size(); i++) {
            String path = dotted.get(i);
            List<String> parts = leafPaths.get(i);
            if (properties.uniform()) {
                columns[i] = new ChunkEncryptor(footerKey, fileAad, i, ctr, parts, true, null);
                continue;
            }
            FileEncryptionProperties.ColumnKey column = properties.columns().get(path);
            if (column == null) {
                continue;
            }
            byte[] own = column.key().orElse(null);
            if (own == null) {
                columns[i] = new ChunkEncryptor(footerKey, fileAad, i, ctr, parts, true, null);
            } else {
                SecretKey key = keys.computeIfAbsent(path, p -> AesKeys.of(own));
                columns[i] =
                        new ChunkEncryptor(
                                key,
                                fileAad,
                                i,
                                ctr,
                                parts,
                                false,
                                column.keyMetadata().orElse(null));
            }
        }
    }

    /**
     * The encryptor of a new file, with a fresh random AAD file unique.
     *
     * @param leafPaths the paths of the schema's leaves, in file order
     * @throws IllegalArgumentException when the properties name a column the schema lacks
     */
    public static FileEncryptor create(
            FileEncryptionProperties properties, List<List<String>> leafPaths) {
        return new FileEncryptor(
                properties, leafPaths, ModuleSealer.random(properties.aadFileUniqueLength()));
    }

    /** The encryptor of a file continued with the AAD file unique its first writer chose. */
    public static FileEncryptor resumed(
            FileEncryptionProperties properties,
            List<List<String>> leafPaths,
            byte[] aadFileUnique) {
        return new FileEncryptor(properties, leafPaths, aadFileUnique);
    }

    /** The AAD file unique, copied: what a resume point keeps (it is no secret). */
    public byte[] aadFileUnique() {
        return aadFileUnique.clone();
    }

    public boolean encryptedFooter() {
        return properties.encryptedFooter();
    }

    /** The encryptor of the leaf at this position, or null when the column stays plaintext. */
    @Nullable
    public ChunkEncryptor column(int leaf) {
        return columns[leaf];
    }

    /** The positions of the encrypted leaves. */
    public List<Integer> encryptedLeaves() {
        List<Integer> leaves = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            if (columns[i] != null) {
                leaves.add(i);
            }
        }
        return leaves;
    }

    /** The algorithm as the file records it (AAD prefix, file unique, supply flag). */
    public EncryptionAlgorithm algorithm() {
        byte[] prefix = properties.aadPrefix().orElse(null);
        boolean store = prefix != null && properties.storeAadPrefix();
        boolean supply = prefix != null && !properties.storeAadPrefix();
        if (properties.algorithm() == ParquetCipher.AES_GCM_CTR_V1) {
            AesGcmCtrV1 ctr = new AesGcmCtrV1();
            ctr.setAad_file_unique(aadFileUnique.clone());
            if (store) {
                ctr.setAad_prefix(prefix);
            }
            if (supply) {
                ctr.setSupply_aad_prefix(true);
            }
            return EncryptionAlgorithm.AES_GCM_CTR_V1(ctr);
        }
        AesGcmV1 gcm = new AesGcmV1();
        gcm.setAad_file_unique(aadFileUnique.clone());
        if (store) {
            gcm.setAad_prefix(prefix);
        }
        if (supply) {
            gcm.setSupply_aad_prefix(true);
        }
        return EncryptionAlgorithm.AES_GCM_V1(gcm);
    }

    /** The footer key's metadata, or null when none. */
    @Nullable
    public byte[] footerKeyMetadata() {
        return properties.footerKeyMetadata().orElse(null);
    }

    /** The crypto metadata written before an encrypted footer. */
    public FileCryptoMetaData cryptoMetadata() {
        FileCryptoMetaData crypto = new FileCryptoMetaData(algorithm());
        byte[] metadata = footerKeyMetadata();
        if (metadata != null) {
            crypto.setKey_metadata(metadata);
        }
        return crypto;
    }

    /** The AES-GCM module of the serialized footer. */
    public byte[] encryptFooter(byte[] footer) {
        return ModuleSealer.gcm(footerKey, footer, 0, footer.length, ModuleAad.footer(fileAad));
    }

    /** The 28-byte signature (nonce and tag) of a serialized plaintext footer. */
    public byte[] signFooter(byte[] footer) {
        return ModuleSealer.sign(footerKey, footer, ModuleAad.footer(fileAad));
    }

    @Override
    public String toString() {
        return "FileEncryptor{" + properties + "}";
    }
}
