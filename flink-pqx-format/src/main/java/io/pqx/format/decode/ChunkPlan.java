package io.pqx.format.decode;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.stats.PageIndexes;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Which bytes of one column chunk a read needs: the whole chunk, or (with an offset index and a
 * partial row selection) its dictionary page plus every page holding a selected row, grouped into
 * pieces of consecutive pages. Pages holding no selected row are never read.
 *
 * <p>Ranges are checked against the file and the chunk before anything is read. Stateless.
 */
final class ChunkPlan {
    private static final long MAX_PIECE = Integer.MAX_VALUE - 16;

    private ChunkPlan() {}

    /**
     * Bytes to read for a chunk, later one {@code PageRun}.
     *
     * @param firstRows first row of each data page in the piece, null for a whole chunk
     * @param rowCounts rows of each data page in the piece, null for a whole chunk
     */
    record Piece(
            long offset,
            int length,
            int firstPageOrdinal,
            @Nullable long[] firstRows,
            @Nullable int[] rowCounts) {}

    /** The whole chunk as one piece. */
    static List<Piece> whole(ColumnChunkMetadata chunk, long fileLength, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        long start = chunk.startOffset();
        long size = chunk.totalCompressedSize();
        checkRange(start, size, fileLength, ctx);
        return List.of(new Piece(start, (int) size, 0, null, null));
    }

    /** As the other {@code selected}, on parquet-column's offset index. */
    static List<Piece> selected(
            ColumnChunkMetadata chunk,
            OffsetIndex index,
            RowSelection selection,
            long rowGroupRows,
            long fileLength,
            FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        return selected(chunk, PageIndexes.view(index), selection, rowGroupRows, fileLength, ctx);
    }

    /** The dictionary page and the pages overlapping {@code selection}, from the offset index. */
    static List<Piece> selected(
            ColumnChunkMetadata chunk,
            OffsetIndexView index,
            RowSelection selection,
            long rowGroupRows,
            long fileLength,
            FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        long chunkStart = chunk.startOffset();
        long chunkEnd = chunkStart + chunk.totalCompressedSize();
        checkRange(chunkStart, chunk.totalCompressedSize(), fileLength, ctx);
        int pages = index.pageCount();
        checkIndex(index, chunkStart, chunkEnd, rowGroupRows, ctx);
        List<Piece> pieces = new ArrayList<>();
        if (pages == 0) {
            return pieces;
        }
        if (index.offset(0) > chunkStart) {
            long length = index.offset(0) - chunkStart;
            pieces.add(new Piece(chunkStart, (int) length, 0, new long[0], new int[0]));
        }
        int i = 0;
        while (i < pages) {
            if (!selection.overlaps(index.firstRowIndex(i), pageEnd(index, i, rowGroupRows))) {
                i++;
                continue;
            }
            int first = i;
            long end = index.offset(i) + index.compressedPageSize(i);
            i++;
            while (i < pages
                    && index.offset(i) == end
                    && end - index.offset(first) + index.compressedPageSize(i) <= MAX_PIECE
                    && selection.overlaps(
                            index.firstRowIndex(i), pageEnd(index, i, rowGroupRows))) {
                end += index.compressedPageSize(i);
                i++;
            }
            long[] firstRows = new long[i - first];
            int[] rowCounts = new int[i - first];
            for (int p = first; p < i; p++) {
                firstRows[p - first] = index.firstRowIndex(p);
                rowCounts[p - first] =
                        (int) (pageEnd(index, p, rowGroupRows) - index.firstRowIndex(p));
            }
            long offset = index.offset(first);
            pieces.add(new Piece(offset, (int) (end - offset), first, firstRows, rowCounts));
        }
        return pieces;
    }

    private static long pageEnd(OffsetIndexView index, int page, long rowGroupRows) {
        return page + 1 < index.pageCount() ? index.firstRowIndex(page + 1) : rowGroupRows;
    }

    private static void checkIndex(
            OffsetIndexView index, long chunkStart, long chunkEnd, long rows, FileContext ctx)
            throws CorruptFileException {
        String what = "Cannot use offset index";
        long previousEnd = chunkStart;
        long previousRow = -1;
        for (int i = 0; i < index.pageCount(); i++) {
            long offset = index.offset(i);
            long size = index.compressedPageSize(i);
            long firstRow = index.firstRowIndex(i);
            if (offset < previousEnd || size <= 0 || offset + size > chunkEnd) {
                throw ctx.corrupt(
                        what,
                        "page "
                                + i
                                + " at ["
                                + offset
                                + ", "
                                + (offset + size)
                                + ") overlaps another page or lies outside the column chunk ["
                                + chunkStart
                                + ", "
                                + chunkEnd
                                + ")");
            }
            if ((i == 0 && firstRow != 0)
                    || firstRow <= previousRow
                    || firstRow >= rows
                    || (i + 1 < index.pageCount() ? index.firstRowIndex(i + 1) : rows) - firstRow
                            > Integer.MAX_VALUE) {
                throw ctx.corrupt(
                        what,
                        "page "
                                + i
                                + " starts at row "
                                + firstRow
                                + ", out of order within the row group of "
                                + rows
                                + " rows");
            }
            previousEnd = offset + size;
            previousRow = firstRow;
        }
    }

    private static void checkRange(long start, long size, long fileLength, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        if (start < 0 || size < 0 || start > fileLength - size) {
            throw ctx.corrupt(
                    "Cannot read column chunk",
                    "range ["
                            + start
                            + ", "
                            + (start + size)
                            + ") lies outside the file of "
                            + fileLength
                            + " bytes");
        }
        if (size > MAX_PIECE) {
            throw ctx.unsupported(
                    "Cannot read column chunk",
                    "its "
                            + size
                            + " bytes exceed the largest chunk pqx reads ("
                            + MAX_PIECE
                            + " bytes)");
        }
    }
}
