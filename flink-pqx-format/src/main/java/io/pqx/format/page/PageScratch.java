package io.pqx.format.page;

import java.io.ByteArrayOutputStream;

/**
 * A reusable buffer that a page's {@link org.apache.parquet.bytes.BytesInput} is gathered into
 * before compression, so a thread allocates its largest page once rather than once per page. Not
 * thread-safe; one per thread that runs {@link ChunkPageWriter}s.
 */
final class PageScratch extends ByteArrayOutputStream {
    PageScratch() {
        super(1 << 16);
    }

    /** The backing array; valid up to {@link #size()}. */
    byte[] array() {
        return buf;
    }
}
