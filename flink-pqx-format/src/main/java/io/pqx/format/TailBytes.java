package io.pqx.format;

import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PrefetchedTailInputFile;
import java.util.Arrays;
import java.util.Optional;

/**
 * Keeps the part of a footer read's tail that holds page indexes or bloom filters, so that reading
 * them asks the file for nothing the tail read already fetched. Only that part is kept (from the
 * first such range inside the tail to the end of the file): a reader opened on a file without
 * indexes, or whose indexes lie before the tail, keeps no bytes. Stateless.
 */
final class TailBytes {
    private TailBytes() {}

    /**
     * {@code file}, serving reads from the useful part of {@code tail}; {@code file} itself when no
     * part is useful.
     */
    static InputFile serving(InputFile file, FooterReader.Tail tail) {
        long tailStart = tail.tailStart();
        long fileEnd = tailStart + tail.tail().length;
        long first = fileEnd;
        for (RowGroupMetadata rowGroup : tail.metadata().rowGroups()) {
            for (ColumnChunkMetadata chunk : rowGroup.columns()) {
                first = lowest(first, chunk.columnIndex(), tailStart);
                first = lowest(first, chunk.offsetIndex(), tailStart);
                first = lowest(first, chunk.bloomFilter(), tailStart);
            }
        }
        if (first >= tail.metadata().footerOffset()) {
            return file;
        }
        int from = (int) (first - tailStart);
        // a copy of just that part: the rest of the tail (the footer) is not kept alive
        byte[] kept = Arrays.copyOfRange(tail.tail(), from, tail.tail().length);
        return new PrefetchedTailInputFile(file, first, kept, 0, kept.length);
    }

    /** The lower of {@code first} and where {@code range}'s part inside the tail starts. */
    private static long lowest(long first, Optional<FileRange> range, long tailStart) {
        if (range.isEmpty() || range.get().offset() < 0) {
            return first;
        }
        FileRange r = range.get();
        long end = r.hasLength() ? r.offset() + r.length() : r.offset() + 1;
        if (end <= tailStart) {
            return first; // wholly before the tail
        }
        return Math.min(first, Math.max(r.offset(), tailStart));
    }
}
