/**
 * <b>Public API</b> (with {@code @Internal} helpers): how a source gets the keys of files written
 * with Parquet modular encryption to every place that reads them, the enumerator (footers, for
 * planning and pruning) and each split reader. A {@link io.pqx.source.crypto.DecryptionFactory} is
 * serialized with the source and asked for the format's {@code FileDecryptionProperties} where
 * files are read; the format's {@code io.pqx.format.crypto.KeyReferences} reads a key given as hex,
 * base64, an environment variable or a file; {@link
 * io.pqx.source.crypto.DecryptionKeyRetrieverFactory} names a key retriever by class. Keys are
 * never in a {@code toString}, a message, a log, a split or a checkpoint.
 */
package io.pqx.source.crypto;
