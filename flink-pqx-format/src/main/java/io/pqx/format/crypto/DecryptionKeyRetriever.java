package io.pqx.format.crypto;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Turns the key metadata a Parquet file stores beside an encrypted footer or column (a key id, a
 * wrapped key, a reference to a key management service: whatever the writer put there) into the AES
 * key. pqx asks it only for keys {@link FileDecryptionProperties} does not give explicitly, at most
 * once per key metadata and file read, on the thread that opens the file.
 *
 * <p>Key management (a KMS, envelope encryption, key material files) is the implementation's job;
 * pqx never logs, prints or keeps the returned key beyond the reader.
 */
@PublicEvolving
@FunctionalInterface
public interface DecryptionKeyRetriever {

    /**
     * The key the metadata names.
     *
     * @param keyMetadata the bytes the writer stored (never null; empty when the writer stored
     *     none)
     * @return a 16, 24 or 32 byte AES key
     * @throws KeyRetrievalException when no key can be found for the metadata; the file (or column)
     *     is then refused as unreadable without its key
     */
    byte[] retrieveKey(byte[] keyMetadata) throws KeyRetrievalException;
}
