package io.pqx.format.index;

import java.util.List;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The offset index of one column chunk: the location and first row of each of its data pages, in
 * file order (dictionary pages are not listed). Immutable and thread-safe.
 *
 * <p>Page {@code p} holds rows {@code [firstRowIndex(p), firstRowIndex(p + 1))} of the row group;
 * the last page runs to the row group's row count. The reader has checked that first rows never
 * decrease and that offsets and sizes are not negative.
 */
@PublicEvolving
public final class OffsetIndexView {
    private final List<PageLocation> pages;

    private OffsetIndexView(List<PageLocation> pages) {
        this.pages = pages;
    }

    /** A view of these page locations (copied). */
    public static OffsetIndexView of(List<PageLocation> pages) {
        return new OffsetIndexView(List.copyOf(pages));
    }

    /** All pages, in file order; an unmodifiable list. */
    public List<PageLocation> pages() {
        return pages;
    }

    public int pageCount() {
        return pages.size();
    }

    /** File offset of page {@code page}'s header. */
    public long offset(int page) {
        return pages.get(page).offset();
    }

    /** Stored bytes of page {@code page}, header included. */
    public int compressedPageSize(int page) {
        return pages.get(page).compressedPageSize();
    }

    /** Row-group index of the first row starting in page {@code page}. */
    public long firstRowIndex(int page) {
        return pages.get(page).firstRowIndex();
    }

    /** Rows of page {@code page} in a row group of {@code rowGroupRows} rows. */
    public long rowCount(int page, long rowGroupRows) {
        long end = page + 1 < pages.size() ? firstRowIndex(page + 1) : rowGroupRows;
        return end - firstRowIndex(page);
    }

    @Override
    public String toString() {
        return "OffsetIndexView" + pages;
    }
}
