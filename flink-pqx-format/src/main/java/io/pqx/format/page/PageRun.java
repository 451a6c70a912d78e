package io.pqx.format.page;

import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;

/**
 * Consecutive pages of one column chunk, already read into memory: {@code length} bytes of {@code
 * buffer} from {@code offset}, which were at {@code fileOffset} in the file. A whole chunk is one
 * run; a chunk read through its offset index is its dictionary page (if any) plus one run per
 * stretch of consecutive selected pages.
 *
 * @param firstPageOrdinal the ordinal within the chunk of the run's first data page (as numbered by
 *     the offset index), used in messages and to line up {@code firstRowIndexes}
 * @param firstRowIndexes the first row (within the row group) of each data page of the run, from
 *     the offset index; null when unknown
 * @param rowCounts the number of rows of each data page of the run; null when unknown
 */
@Internal
public record PageRun(
        byte[] buffer,
        int offset,
        int length,
        long fileOffset,
        int firstPageOrdinal,
        @Nullable long[] firstRowIndexes,
        @Nullable int[] rowCounts) {

    /** A whole column chunk, without row positions. */
    public static PageRun wholeChunk(byte[] buffer, int offset, int length, long fileOffset) {
        return new PageRun(buffer, offset, length, fileOffset, 0, null, null);
    }
}
