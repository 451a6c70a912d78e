package io.pqx.format.metadata;

import io.pqx.format.index.OffsetIndexView;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The page-level evidence of one leaf's column chunk: per data page, the rows it holds (from the
 * offset index) and what its column-index entry proves ({@link ChunkStatisticsView}, after the same
 * trust rules as chunk statistics). Immutable and thread-safe.
 *
 * <p><b>Guarantees.</b> The pages tile the row group: page 0 starts at row 0, each page starts
 * after the one before, page {@code p} holds rows {@code [firstRow(p), endRow(p))}, the last ends
 * at the row group's row count; the offset and column indexes it was built from list the same
 * pages. When {@link ChunkStatisticsView#hasMinMax()} is true for a page, every non-null, non-NaN
 * value of that page lies within its bounds; byte-string bounds are never exact (writers truncate
 * them without saying so in a column index). {@link #isNullPage} means the page holds no non-null
 * value. A column whose indexes do not meet these rules has no {@code TrustedPageIndex} at all (see
 * {@link RowGroupPageIndexes}).
 */
@PublicEvolving
public final class TrustedPageIndex {
    private final long[] firstRows;
    private final long rows;
    private final boolean[] nullPages;
    private final List<ChunkStatisticsView> statistics;

    private TrustedPageIndex(
            long[] firstRows,
            long rows,
            boolean[] nullPages,
            List<ChunkStatisticsView> statistics) {
        this.firstRows = firstRows;
        this.rows = rows;
        this.nullPages = nullPages;
        this.statistics = statistics;
    }

    /**
     * The evidence of a chunk of a row group of {@code rowGroupRows} rows.
     *
     * @param statistics one trusted view per page, in page order
     * @throws IllegalArgumentException when the offset index, the null-page flags and the
     *     statistics disagree in page count, or the pages do not tile the row group (the message
     *     says how)
     */
    public static TrustedPageIndex of(
            OffsetIndexView offsets,
            long rowGroupRows,
            boolean[] nullPages,
            List<ChunkStatisticsView> statistics) {
        int pages = offsets.pageCount();
        if (nullPages.length != pages || statistics.size() != pages) {
            throw new IllegalArgumentException(
                    "the offset index lists "
                            + pages
                            + " pages, the column index "
                            + nullPages.length);
        }
        if (pages == 0 || rowGroupRows <= 0) {
            throw new IllegalArgumentException(
                    "a column index of "
                            + pages
                            + " pages for a row group of "
                            + rowGroupRows
                            + " rows proves nothing");
        }
        long[] firstRows = new long[pages];
        for (int p = 0; p < pages; p++) {
            long first = offsets.firstRowIndex(p);
            long previous = p == 0 ? -1 : firstRows[p - 1];
            if ((p == 0 && first != 0) || first <= previous || first >= rowGroupRows) {
                throw new IllegalArgumentException(
                        "page "
                                + p
                                + " starts at row "
                                + first
                                + ", which does not follow page "
                                + (p - 1)
                                + " in a row group of "
                                + rowGroupRows
                                + " rows");
            }
            firstRows[p] = first;
        }
        return new TrustedPageIndex(
                firstRows, rowGroupRows, nullPages.clone(), List.copyOf(statistics));
    }

    public int pageCount() {
        return firstRows.length;
    }

    /** Rows of the row group. */
    public long rowGroupRows() {
        return rows;
    }

    /** The first row of page {@code page}, within the row group. */
    public long firstRow(int page) {
        return firstRows[page];
    }

    /** The row after the last row of page {@code page}. */
    public long endRow(int page) {
        return page + 1 < firstRows.length ? firstRows[page + 1] : rows;
    }

    /** Rows of page {@code page}. */
    public long rowCount(int page) {
        return endRow(page) - firstRow(page);
    }

    /** Whether page {@code page} holds only nulls. */
    public boolean isNullPage(int page) {
        return nullPages[page];
    }

    /** What the column index proves about page {@code page}'s values, after the trust rules. */
    public ChunkStatisticsView statistics(int page) {
        return statistics.get(page);
    }

    /** The page holding row {@code row} of the row group. */
    public int pageOf(long row) {
        if (row < 0 || row >= rows) {
            throw new IndexOutOfBoundsException("row " + row + " of a row group of " + rows);
        }
        int i = Arrays.binarySearch(firstRows, row);
        return i >= 0 ? i : -i - 2;
    }

    @Override
    public String toString() {
        return "TrustedPageIndex{" + firstRows.length + " pages of " + rows + " rows}";
    }
}
