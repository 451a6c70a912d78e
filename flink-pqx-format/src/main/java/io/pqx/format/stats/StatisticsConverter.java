package io.pqx.format.stats;

import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalLong;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.CorruptStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Converts column chunk statistics between parquet-column's {@link Statistics} and the Thrift
 * struct, and decides on read whether the bounds may be trusted (DESIGN.md invariant 1, proof of
 * absence).
 *
 * <p><b>Writing</b> ({@link #toThrift}) records {@code min_value}/{@code max_value} with exactness
 * flags, truncating byte-array bounds longer than the limit (the min to a prefix, the max to an
 * incremented prefix, dropped when none exists), the deprecated {@code min}/{@code max} only for
 * types whose legacy signed order is their real order, the null and NaN counts, and no bounds for
 * an all-null chunk or a type without a defined order (INT96, INTERVAL, GEOMETRY, GEOGRAPHY).
 *
 * <p><b>Reading</b> ({@link #fromThrift}) distrusts bounds that are absent, only deprecated on a
 * type whose order is not signed, written without a column order for a type that needs one, of a
 * type without a defined order, NaN for floating point, of the wrong width, inverted (min above
 * max), or written by a writer known to produce wrong binary statistics (PARQUET-251).
 *
 * <p>Stateless and thread-safe; called by the footer views and the writer's chunk encoder.
 */
@Internal
public final class StatisticsConverter {
    // the last writer whose byte-array statistics were judged (see byteArrayStatisticsWrong)
    @Nullable private static volatile WriterAnswer lastWriter;

    private StatisticsConverter() {}

    /**
     * The Thrift statistics of a chunk.
     *
     * @param truncateLength longest byte-array bound written in full; longer ones are truncated
     */
    public static org.apache.parquet.format.Statistics toThrift(
            Statistics<?> stats, int truncateLength) {
        org.apache.parquet.format.Statistics out = new org.apache.parquet.format.Statistics();
        if (stats.isNumNullsSet()) {
            out.setNull_count(stats.getNumNulls());
        }
        if (stats.isNanCountSet()) {
            out.setNan_count(stats.getNanCount());
        }
        PrimitiveType type = stats.type();
        if (!stats.hasNonNullValue() || TypeOrders.hasUndefinedOrder(type)) {
            return out; // all null, or a type without a defined order: no bounds
        }
        byte[] min = stats.getMinBytes();
        byte[] max = stats.getMaxBytes();
        if (TypeOrders.isNaN(type, min) || TypeOrders.isNaN(type, max)) {
            return out;
        }
        if (TypeOrders.isTruncatable(type)) {
            boolean utf8 = TypeOrders.isUtf8(type);
            byte[] truncatedMin = BinaryBounds.truncateMin(min, truncateLength, utf8);
            byte[] truncatedMax = BinaryBounds.truncateMax(max, truncateLength, utf8);
            out.setMin_value(truncatedMin).setIs_min_value_exact(truncatedMin == min);
            if (truncatedMax != null) {
                out.setMax_value(truncatedMax).setIs_max_value_exact(truncatedMax == max);
            }
            return out;
        }
        out.setMin_value(min).setIs_min_value_exact(true);
        out.setMax_value(max).setIs_max_value_exact(true);
        if (TypeOrders.isSignedOrder(type)) {
            // Old readers only know min/max, which they compare as signed: write them where
            // that is the type's order.
            out.setMin(min).setMax(max);
        }
        return out;
    }

    /**
     * What a chunk's Thrift statistics prove, after the trust rules.
     *
     * @param order the file's column order for this leaf, null when the footer has none
     * @param createdBy the file's {@code created_by}, null when absent
     */
    public static ChunkStatistics fromThrift(
            @Nullable org.apache.parquet.format.Statistics s,
            PrimitiveType type,
            @Nullable ColumnOrder order,
            @Nullable String createdBy) {
        if (s == null) {
            return ChunkStatistics.untrusted(OptionalLong.empty(), "the chunk has no statistics");
        }
        OptionalLong nulls =
                s.isSetNull_count() && s.getNull_count() >= 0
                        ? OptionalLong.of(s.getNull_count())
                        : OptionalLong.empty();
        boolean current = s.isSetMin_value() && s.isSetMax_value();
        byte[] min = current ? s.getMin_value() : s.getMin();
        byte[] max = current ? s.getMax_value() : s.getMax();
        String reason = distrust(s, current, min, max, type, order, createdBy);
        if (reason != null) {
            return ChunkStatistics.untrusted(nulls, reason);
        }
        Statistics<?> minMax;
        try {
            Statistics.Builder builder =
                    Statistics.getBuilderForReading(type)
                            .withMin(TypeOrders.widenZeroMin(type, min))
                            .withMax(TypeOrders.widenZeroMax(type, max));
            nulls.ifPresent(builder::withNumNulls);
            if (s.isSetNan_count()) {
                builder.withNanCount(s.getNan_count());
            }
            minMax = builder.build();
            // A floating-point min of +0 may hide -0 values (and a max of -0 hide +0): the
            // bounds were widened above, as the spec asks of readers.
        } catch (RuntimeException e) {
            return ChunkStatistics.untrusted(nulls, "the bounds cannot be decoded: " + e);
        }
        if (!minMax.hasNonNullValue()) {
            return ChunkStatistics.untrusted(nulls, "the bounds were dropped when decoded");
        }
        if (minAboveMax(minMax)) {
            return ChunkStatistics.untrusted(nulls, "the min is greater than the max");
        }
        boolean fixedWidth = !TypeOrders.isByteArray(type);
        boolean minExact = exact(s.isSetIs_min_value_exact(), s.isIs_min_value_exact(), fixedWidth);
        boolean maxExact = exact(s.isSetIs_max_value_exact(), s.isIs_max_value_exact(), fixedWidth);
        return new ChunkStatistics(nulls, true, minMax, minExact, maxExact, null);
    }

    /**
     * parquet-column's answer for byte-array statistics by the writer {@code createdBy} (the same
     * for BINARY and FIXED_LEN_BYTE_ARRAY), remembered for the last writer asked about: its answer
     * parses {@code created_by} with regular expressions, and a footer asks once per byte-array
     * chunk (opening the footer of Arrow C++'s 155-row-group lineitem file, 2,480 chunks, spent a
     * fifth of its CPU there); files come writer after writer, so one entry answers nearly every
     * chunk, and a bounded cache cannot grow with files that each name another writer.
     */
    private static boolean byteArrayStatisticsWrong(@Nullable String createdBy) {
        WriterAnswer last = lastWriter;
        if (last != null && Objects.equals(last.createdBy(), createdBy)) {
            return last.ignore();
        }
        boolean ignore =
                CorruptStatistics.shouldIgnoreStatistics(createdBy, PrimitiveTypeName.BINARY);
        lastWriter = new WriterAnswer(createdBy, ignore);
        return ignore;
    }

    /** One writer's answer (see byteArrayStatisticsWrong). */
    private record WriterAnswer(@Nullable String createdBy, boolean ignore) {}

    /** Why the bounds cannot be trusted, or null when they can. */
    @Nullable
    private static String distrust(
            org.apache.parquet.format.Statistics s,
            boolean current,
            @Nullable byte[] min,
            @Nullable byte[] max,
            PrimitiveType type,
            @Nullable ColumnOrder order,
            @Nullable String createdBy) {
        if (min == null || max == null) {
            return "the statistics have no min/max";
        }
        if (TypeOrders.hasUndefinedOrder(type)) {
            return TypeOrders.describe(type) + " has no defined sort order";
        }
        // When min equals max every value is that one value, whichever order computed it.
        boolean sameBound = Arrays.equals(min, max);
        if (!current && !TypeOrders.isSignedOrder(type) && !sameBound) {
            return "only the deprecated min/max are present, in signed order, which is not the"
                    + " order of "
                    + TypeOrders.describe(type);
        }
        if (current && !TypeOrders.isSignedOrder(type) && !sameBound && !isTypeOrder(order)) {
            return "the file defines no column order for " + TypeOrders.describe(type);
        }
        if (TypeOrders.isByteArray(type) && byteArrayStatisticsWrong(createdBy)) {
            return "statistics of '" + createdBy + "' are known to be wrong (PARQUET-251)";
        }
        String width = TypeOrders.checkWidth(type, min, max, s);
        if (width != null) {
            return width;
        }
        if (TypeOrders.isNaN(type, min) || TypeOrders.isNaN(type, max)) {
            return "a bound is NaN";
        }
        return null;
    }

    private static boolean isTypeOrder(@Nullable ColumnOrder order) {
        return order != null && order.isSetTYPE_ORDER();
    }

    /** Exact when the writer said so; fixed-width bounds cannot be truncated, so unless denied. */
    private static boolean exact(boolean set, boolean value, boolean fixedWidth) {
        return set ? value : fixedWidth;
    }

    private static <T extends Comparable<T>> boolean minAboveMax(Statistics<T> stats) {
        return stats.compareMinToValue(stats.genericGetMax()) > 0;
    }

    /** Whether {@code type} is annotated as a decimal (its bounds compare as signed integers). */
    static boolean isDecimal(PrimitiveType type) {
        return type.getLogicalTypeAnnotation()
                instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
    }
}
