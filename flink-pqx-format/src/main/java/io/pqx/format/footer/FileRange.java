package io.pqx.format.footer;

import org.apache.flink.annotation.Internal;

/**
 * A byte range of a Parquet file: where a column index, offset index or bloom filter lives.
 *
 * @param offset first byte, from the start of the file
 * @param length number of bytes, or -1 when the footer does not record it (bloom filters written
 *     before {@code bloom_filter_length} existed)
 */
@Internal
public record FileRange(long offset, long length) {

    /** Whether the length is recorded. */
    public boolean hasLength() {
        return length >= 0;
    }
}
