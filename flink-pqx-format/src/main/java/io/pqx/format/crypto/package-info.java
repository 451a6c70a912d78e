/**
 * <b>Public API</b> (the key API) and its internals: reading files written with Parquet modular
 * encryption, with the JDK's AES and no Hadoop. Users pass {@link
 * io.pqx.format.crypto.FileDecryptionProperties} (explicit keys, an AAD prefix, or a {@link
 * io.pqx.format.crypto.DecryptionKeyRetriever} that turns a key's metadata into the key) through
 * {@code ReadOptions}. The {@code @Internal} classes decrypt the modules the format defines
 * (footer, footer signature, column metadata, page headers and pages, page indexes, bloom filters)
 * under the AADs the format binds them to. Writes: {@link
 * io.pqx.format.crypto.FileEncryptionProperties} (footer and column keys, footer mode, {@link
 * io.pqx.format.crypto.ParquetCipher}, AAD prefix) through {@code WriteOptions}; the
 * {@code @Internal} {@code FileEncryptor} and {@code ChunkEncryptor} encrypt the same modules.
 * {@link io.pqx.format.crypto.BlockSealer} seals blocks of bytes a writer keeps outside the file (a
 * sink's row log) with the footer key. Keys never appear in a {@code toString}, a message or a log.
 */
package io.pqx.format.crypto;
