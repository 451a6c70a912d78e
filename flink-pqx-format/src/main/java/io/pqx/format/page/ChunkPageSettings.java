package io.pqx.format.page;

import io.pqx.format.codec.Codec;
import org.apache.flink.annotation.Internal;

/**
 * How a {@link ChunkPageWriter} writes the pages of a column chunk.
 *
 * @param codec compresses each page body (v2: the values section only)
 * @param checksums write the CRC32 of each page body into its header
 * @param columnIndex collect a column index (needs page statistics)
 * @param offsetIndex collect an offset index
 * @param columnIndexTruncateLength longest binary min/max in the column index
 */
@Internal
public record ChunkPageSettings(
        Codec codec,
        boolean checksums,
        boolean columnIndex,
        boolean offsetIndex,
        int columnIndexTruncateLength) {}
