package io.pqx.format.metadata;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A byte range of a Parquet file: where a column chunk's column index, offset index or bloom filter
 * lies, as the footer records it (and pqx checked to lie inside the file).
 *
 * @param offset the first byte, from the start of the file
 * @param length the number of bytes, or -1 when the footer does not record it (bloom filters
 *     written before {@code bloom_filter_length} existed)
 */
@PublicEvolving
public record ByteRange(long offset, long length) {

    /** Whether the length is recorded. */
    public boolean hasLength() {
        return length >= 0;
    }
}
