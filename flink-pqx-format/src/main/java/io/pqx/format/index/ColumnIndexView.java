package io.pqx.format.index;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The column index of one column chunk: per data page, whether it holds only nulls, its null count
 * (when the writer recorded one) and a lower and upper bound of its non-null values, plus the order
 * of those bounds across pages. Immutable and thread-safe; every accessor returning bytes returns a
 * copy.
 *
 * <p><b>Exactness.</b> Parquet's column index records no exactness flag: its bounds are bounds, not
 * necessarily values that occur in the page. Byte-string bounds ({@link PhysicalType#isBinary()})
 * may be truncated: a lower bound to a prefix, an upper bound to a prefix whose last byte (or, for
 * UTF-8, code point) was incremented; pqx's writer truncates those longer than {@code
 * WriteOptions.columnIndexTruncateLength} so. Fixed-width bounds that pqx writes are values of the
 * page (floating-point zeros aside: Parquet widens a zero bound to -0.0 or +0.0). Bounds compare in
 * the column's sort order (signed for signed integers, unsigned bytes for strings).
 *
 * <p>A null page ({@link #isNullPage}) has no bounds: {@link #minBytes} and {@link #maxBytes}
 * return empty arrays and {@link #min} and {@link #max} null.
 */
@PublicEvolving
public final class ColumnIndexView {
    private final PhysicalType type;
    private final BoundaryOrder boundaryOrder;
    private final boolean[] nullPages;
    @Nullable private final long[] nullCounts;
    private final byte[][] mins;
    private final byte[][] maxes;

    private ColumnIndexView(
            PhysicalType type,
            BoundaryOrder boundaryOrder,
            boolean[] nullPages,
            @Nullable long[] nullCounts,
            byte[][] mins,
            byte[][] maxes) {
        this.type = type;
        this.boundaryOrder = boundaryOrder;
        this.nullPages = nullPages;
        this.nullCounts = nullCounts;
        this.mins = mins;
        this.maxes = maxes;
    }

    /**
     * A view of these per-page facts (all arrays copied; one entry per page).
     *
     * @param nullCounts null when the index records none
     * @param mins PLAIN-encoded lower bounds, empty for null pages
     * @param maxes PLAIN-encoded upper bounds, empty for null pages
     * @throws IllegalArgumentException when the arrays disagree in length
     */
    public static ColumnIndexView of(
            PhysicalType type,
            BoundaryOrder boundaryOrder,
            boolean[] nullPages,
            @Nullable long[] nullCounts,
            byte[][] mins,
            byte[][] maxes) {
        int pages = nullPages.length;
        if (mins.length != pages
                || maxes.length != pages
                || (nullCounts != null && nullCounts.length != pages)) {
            throw new IllegalArgumentException(
                    "Cannot build a column index view: "
                            + pages
                            + " null-page flags, "
                            + mins.length
                            + " mins, "
                            + maxes.length
                            + " maxes, "
                            + (nullCounts == null ? "no" : nullCounts.length)
                            + " null counts");
        }
        return new ColumnIndexView(
                type,
                boundaryOrder,
                nullPages.clone(),
                nullCounts == null ? null : nullCounts.clone(),
                deepCopy(mins),
                deepCopy(maxes));
    }

    public int pageCount() {
        return nullPages.length;
    }

    /** The column's physical type, which says how the bounds are encoded. */
    public PhysicalType physicalType() {
        return type;
    }

    public BoundaryOrder boundaryOrder() {
        return boundaryOrder;
    }

    /** Whether page {@code page} holds only nulls (and so has no bounds). */
    public boolean isNullPage(int page) {
        return nullPages[check(page)];
    }

    /** Whether the index records null counts (an optional field in Parquet). */
    public boolean hasNullCounts() {
        return nullCounts != null;
    }

    /** Nulls in page {@code page}, if the index records null counts. */
    public OptionalLong nullCount(int page) {
        check(page);
        return nullCounts == null ? OptionalLong.empty() : OptionalLong.of(nullCounts[page]);
    }

    /** The lower bound of page {@code page}, PLAIN-encoded (see {@link PhysicalType}). */
    public byte[] minBytes(int page) {
        return mins[check(page)].clone();
    }

    /** The upper bound of page {@code page}, PLAIN-encoded (see {@link PhysicalType}). */
    public byte[] maxBytes(int page) {
        return maxes[check(page)].clone();
    }

    /**
     * The lower bound of page {@code page} as a Java value of {@link #physicalType()} ({@link
     * Boolean}, {@link Integer}, {@link Long}, {@link Float}, {@link Double} or {@code byte[]}), or
     * null for a null page.
     */
    @Nullable
    public Object min(int page) {
        return isNullPage(page) ? null : decode(mins[page]);
    }

    /** The upper bound of page {@code page}, as {@link #min(int)} gives the lower. */
    @Nullable
    public Object max(int page) {
        return isNullPage(page) ? null : decode(maxes[page]);
    }

    private Object decode(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return switch (type) {
            case BOOLEAN -> bytes[0] != 0;
            case INT32 -> b.getInt(0);
            case INT64 -> b.getLong(0);
            case FLOAT -> b.getFloat(0);
            case DOUBLE -> b.getDouble(0);
            case INT96, BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY -> bytes.clone();
        };
    }

    private int check(int page) {
        if (page < 0 || page >= nullPages.length) {
            throw new IndexOutOfBoundsException(
                    "Cannot read page "
                            + page
                            + " of a column index of "
                            + nullPages.length
                            + " pages");
        }
        return page;
    }

    private static byte[][] deepCopy(byte[][] arrays) {
        byte[][] copy = new byte[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            copy[i] = arrays[i].clone();
        }
        return copy;
    }

    @Override
    public String toString() {
        return "ColumnIndexView{"
                + type
                + ", "
                + boundaryOrder
                + ", "
                + nullPages.length
                + " pages, null pages "
                + Arrays.toString(nullPages)
                + "}";
    }
}
