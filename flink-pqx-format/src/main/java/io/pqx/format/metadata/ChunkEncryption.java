package io.pqx.format.metadata;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Whether a column chunk is encrypted, and whether the read that opened the file has its key, as
 * {@code ParquetInspector.chunkEncryption} tells it.
 *
 * <p>For {@link #KEY_MISSING}, what the footer says of the chunk is only what a reader without the
 * key may see: its statistics, page indexes and bloom filter are <em>unknown</em> (a {@link
 * ColumnChunkView} shows them as absent, which is not what the file holds). Its codec, encodings,
 * sizes and value count are the writer's when the file keeps a plaintext copy of the chunk's
 * metadata (files with a plaintext footer do); otherwise they are unknown too, and the view shows
 * no encodings and 0 bytes (no chunk of a file has either).
 */
@PublicEvolving
public enum ChunkEncryption {
    /** Stored in plaintext. */
    PLAINTEXT,
    /** Encrypted, and its key (the footer key or its own) was given or retrieved. */
    KEY_GIVEN,
    /** Encrypted, and its key was neither given nor retrieved: its values cannot be read. */
    KEY_MISSING;

    /**
     * Whether {@code column}, a chunk whose key is missing, shows no layout the writer recorded
     * (the file keeps no plaintext copy of its metadata): no encodings and 0 bytes.
     */
    public static boolean layoutUnknown(ColumnChunkView column) {
        return column.encodings().isEmpty() && column.totalCompressedSize() == 0;
    }
}
