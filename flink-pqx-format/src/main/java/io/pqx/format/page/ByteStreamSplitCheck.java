package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;

/**
 * Checks a BYTE_STREAM_SPLIT values section: its bytes are a whole number of values of the type's
 * width, at least the page's non-null values and, as parquet-column requires, no more values than
 * the page has entries. Stateless; allocates nothing.
 */
final class ByteStreamSplitCheck {
    private final FileContext ctx;

    ByteStreamSplitCheck(FileContext ctx) {
        this.ctx = ctx;
    }

    /**
     * {@code n} values of {@code width} bytes in {@code [at, end)} of a page of {@code pageValues}
     * entries.
     */
    void values(int at, int end, int n, int width, int pageValues, String what)
            throws CorruptFileException {
        long bytes = end - at;
        if (width <= 0 || bytes % width != 0 || bytes / width < n) {
            throw ctx.corrupt(
                    what,
                    "BYTE_STREAM_SPLIT section of "
                            + bytes
                            + " bytes does not hold "
                            + n
                            + " values of "
                            + width
                            + " bytes");
        }
        if (bytes / width > pageValues) {
            // parquet-column refuses more streams' values than the page has entries
            throw ctx.corrupt(
                    what,
                    "BYTE_STREAM_SPLIT section of "
                            + bytes
                            + " bytes holds "
                            + bytes / width
                            + " values of "
                            + width
                            + " bytes; the page has "
                            + pageValues);
        }
    }
}
