package io.pqx.format.page;

import java.util.Arrays;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveComparator;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The min/max of the page being filled, for a flat NOT NULL leaf whose values the feeder hands over
 * in typed loops: it replaces parquet-column's per-value statistics update (a virtual call through
 * the column's value collector, and for strings a byte-by-byte compare) with a compare in the
 * feeder's own loop. {@link ChunkPageWriter} takes the page's figures when the column writer
 * flushes the page and turns them into the parquet-column {@link Statistics} that the column writer
 * would have passed, so the chunk statistics and the column index are the same.
 *
 * <p>Only for the orders where that is exact: INT32 and INT64 compared as signed numbers, BINARY
 * compared as unsigned bytes (strings, JSON, plain binary); {@link #forColumn} returns null for
 * every other column, which keeps parquet-column's statistics. Values must be offered before the
 * record that ends them (the column writer may cut a page at each record end), and a page must not
 * hold nulls. Not thread-safe; one per column chunk.
 */
@Internal
public final class FlatPageStatistics {
    /** parquet-column's orders of plain INT32, INT64 and BINARY (its constants are not public). */
    private static final PrimitiveComparator<?> SIGNED_INT32 =
            Types.required(PrimitiveTypeName.INT32).named("int32").comparator();

    private static final PrimitiveComparator<?> SIGNED_INT64 =
            Types.required(PrimitiveTypeName.INT64).named("int64").comparator();

    private final PrimitiveType type;
    private boolean hasValue;
    private int intMin;
    private int intMax;
    private long longMin;
    private long longMax;
    private byte[] binMin = new byte[16];
    private int binMinLength;
    private byte[] binMax = new byte[16];
    private int binMaxLength;

    private FlatPageStatistics(PrimitiveType type) {
        this.type = type;
    }

    /**
     * An accumulator for {@code column}, or null when the column has levels or an order this class
     * does not compute exactly (unsigned integers, decimals as binary, floating point, INT96).
     */
    @Nullable
    public static FlatPageStatistics forColumn(ColumnDescriptor column) {
        if (column.getMaxDefinitionLevel() != 0 || column.getMaxRepetitionLevel() != 0) {
            return null;
        }
        PrimitiveType type = column.getPrimitiveType();
        PrimitiveComparator<?> order = type.comparator();
        boolean exact =
                switch (type.getPrimitiveTypeName()) {
                    case INT32 -> order == SIGNED_INT32;
                    case INT64 -> order == SIGNED_INT64;
                    case BINARY ->
                            order == PrimitiveComparator.UNSIGNED_LEXICOGRAPHICAL_BINARY_COMPARATOR;
                    default -> false;
                };
        return exact ? new FlatPageStatistics(type) : null;
    }

    public void add(int v) {
        if (!hasValue) {
            intMin = v;
            intMax = v;
            hasValue = true;
        } else if (v < intMin) {
            intMin = v;
        } else if (v > intMax) {
            intMax = v;
        }
    }

    public void add(long v) {
        if (!hasValue) {
            longMin = v;
            longMax = v;
            hasValue = true;
        } else if (v < longMin) {
            longMin = v;
        } else if (v > longMax) {
            longMax = v;
        }
    }

    /** Offers {@code len} bytes of {@code bytes} from {@code off}; the bytes are copied if kept. */
    public void add(byte[] bytes, int off, int len) {
        if (!hasValue) {
            binMin = keep(binMin, bytes, off, len);
            binMinLength = len;
            binMax = keep(binMax, bytes, off, len);
            binMaxLength = len;
            hasValue = true;
        } else {
            int toMin = compare(bytes, off, len, binMin, binMinLength);
            if (toMin < 0) {
                binMin = keep(binMin, bytes, off, len);
                binMinLength = len;
            } else if (toMin > 0 && compare(bytes, off, len, binMax, binMaxLength) > 0) {
                // A value equal to the min is not above the max: one compare for it, not two.
                binMax = keep(binMax, bytes, off, len);
                binMaxLength = len;
            }
        }
    }

    /**
     * Unsigned lexicographic order, a shorter prefix first (parquet-column's order for these
     * columns). Most values differ from the page's min and max in their first byte, which is
     * checked before the general comparison.
     */
    private static int compare(byte[] a, int off, int len, byte[] b, int bLength) {
        if (len > 0 && bLength > 0) {
            int first = (a[off] & 0xff) - (b[0] & 0xff);
            if (first != 0) {
                return first;
            }
        }
        return Arrays.compareUnsigned(a, off, off + len, b, 0, bLength);
    }

    private static byte[] keep(byte[] into, byte[] bytes, int off, int len) {
        byte[] target = into.length >= len ? into : new byte[Math.max(len, 2 * into.length)];
        System.arraycopy(bytes, off, target, 0, len);
        return target;
    }

    /**
     * The statistics of the page offered since the last call, as parquet-column's collector would
     * have built them (no nulls), and starts the next page.
     */
    Statistics<?> takePage() {
        Statistics<?> stats = Statistics.createStats(type);
        if (hasValue) {
            switch (type.getPrimitiveTypeName()) {
                case INT32 -> {
                    stats.updateStats(intMin);
                    stats.updateStats(intMax);
                }
                case INT64 -> {
                    stats.updateStats(longMin);
                    stats.updateStats(longMax);
                }
                default -> {
                    stats.updateStats(
                            Binary.fromConstantByteArray(Arrays.copyOf(binMin, binMinLength)));
                    stats.updateStats(
                            Binary.fromConstantByteArray(Arrays.copyOf(binMax, binMaxLength)));
                }
            }
        }
        hasValue = false;
        return stats;
    }
}
