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
 * them asks the file for nothing the tail read already fetched; cuts the part of a tail another
 * reader of the file opens from ({@link #shippable}). Only that part is kept (from the first such
 * range inside the tail to the end of the file): a reader opened on a file without indexes, or
 * whose indexes lie before the tail, keeps no bytes. Stateless.
 */
final class TailBytes {
    private TailBytes() {}

    /**
     * {@code file}, serving reads from the useful part of {@code tail}; {@code file} itself when no
     * part is useful.
     */
    static InputFile serving(InputFile file, FooterReader.Tail tail) {
        long first = firstIndexByte(tail);
        if (first >= tail.metadata().footerOffset()) {
            return file;
        }
        int from = (int) (first - tail.tailStart());
        // a copy of just that part: the rest of the tail (the footer) is not kept alive
        byte[] kept = Arrays.copyOfRange(tail.tail(), from, tail.tail().length);
        return new PrefetchedTailInputFile(file, first, kept, 0, kept.length);
    }

    /**
     * What of {@code tail} another reader of the same file can open from, at most {@code maxBytes}:
     * from the first page index or bloom filter byte inside the tail (the footer's start when none)
     * to the file's end; when that is longer than {@code maxBytes}, the footer with its length and
     * magic only; null when even that is longer. A copy: the tail read is not kept alive.
     */
    static ParquetTail shippable(FooterReader.Tail tail, int maxBytes) {
        long fileEnd = tail.tailStart() + tail.tail().length;
        long footerStart = tail.metadata().footerOffset();
        long from = Math.min(firstIndexByte(tail), footerStart);
        if (fileEnd - from > maxBytes) {
            from = footerStart;
        }
        if (from < tail.tailStart() || fileEnd - from > maxBytes) {
            return null; // the footer itself is longer than the cap, or than the tail read
        }
        int offset = (int) (from - tail.tailStart());
        return ParquetTail.of(from, Arrays.copyOfRange(tail.tail(), offset, tail.tail().length));
    }

    /**
     * Where the first page index or bloom filter range inside the tail starts; the file's end when
     * none lies inside it.
     */
    private static long firstIndexByte(FooterReader.Tail tail) {
        long tailStart = tail.tailStart();
        long first = tailStart + tail.tail().length;
        for (RowGroupMetadata rowGroup : tail.metadata().rowGroups()) {
            for (ColumnChunkMetadata chunk : rowGroup.columns()) {
                first = lowest(first, chunk.columnIndex(), tailStart);
                first = lowest(first, chunk.offsetIndex(), tailStart);
                first = lowest(first, chunk.bloomFilter(), tailStart);
            }
        }
        return first;
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
