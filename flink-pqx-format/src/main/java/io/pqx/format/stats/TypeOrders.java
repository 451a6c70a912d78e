package io.pqx.format.stats;

import java.util.Arrays;
import javax.annotation.Nullable;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Facts about how a Parquet type sorts, for the statistics trust rules: which types sort as the
 * deprecated signed statistics did, which bounds may be truncated, their expected widths, and NaN
 * detection. Stateless.
 */
final class TypeOrders {
    private TypeOrders() {}

    /**
     * Whether the type's order equals the signed order the deprecated {@code min}/{@code max} used:
     * booleans, signed integers (and what is built on them: dates, times, decimals), floats and
     * doubles. Not byte arrays (legacy stats compared bytes as signed), not unsigned integers.
     */
    static boolean isSignedOrder(PrimitiveType type) {
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
            case FLOAT:
            case DOUBLE:
                return true;
            case INT32:
            case INT64:
                LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
                return !(a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation)
                        || ((LogicalTypeAnnotation.IntLogicalTypeAnnotation) a).isSigned();
            default:
                return false;
        }
    }

    /**
     * Whether the format defines no order for the type's values: INT96, INTERVAL, GEOMETRY and
     * GEOGRAPHY. Their min/max are neither written nor trusted.
     */
    static boolean hasUndefinedOrder(PrimitiveType type) {
        LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
        return type.getPrimitiveTypeName() == PrimitiveTypeName.INT96
                || a instanceof LogicalTypeAnnotation.IntervalLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.GeometryLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.GeographyLogicalTypeAnnotation;
    }

    /**
     * The bound to use for a floating-point min: +0 widened to -0, as the spec asks readers to (a
     * chunk whose min is +0 may hold -0). Other bounds are returned unchanged.
     */
    static byte[] widenZeroMin(PrimitiveType type, byte[] min) {
        return replaceZero(type, min, false);
    }

    /** The bound to use for a floating-point max: -0 widened to +0. */
    static byte[] widenZeroMax(PrimitiveType type, byte[] max) {
        return replaceZero(type, max, true);
    }

    private static byte[] replaceZero(PrimitiveType type, byte[] bound, boolean negativeZero) {
        PrimitiveTypeName name = type.getPrimitiveTypeName();
        int width = name == PrimitiveTypeName.FLOAT ? 4 : name == PrimitiveTypeName.DOUBLE ? 8 : 0;
        if (width == 0 || bound.length != width) {
            return bound;
        }
        for (int i = 0; i < width - 1; i++) {
            if (bound[i] != 0) {
                return bound;
            }
        }
        byte sign = bound[width - 1];
        if (sign == (negativeZero ? (byte) 0x80 : 0)) {
            byte[] widened = bound.clone();
            widened[width - 1] = negativeZero ? 0 : (byte) 0x80;
            return widened;
        }
        return bound;
    }

    static boolean isByteArray(PrimitiveType type) {
        return type.getPrimitiveTypeName() == PrimitiveTypeName.BINARY
                || type.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    }

    /**
     * Whether bounds may be shortened: variable-length byte arrays that sort as unsigned bytes (not
     * decimals, whose bytes are a signed big-endian integer).
     */
    static boolean isTruncatable(PrimitiveType type) {
        return type.getPrimitiveTypeName() == PrimitiveTypeName.BINARY
                && !StatisticsConverter.isDecimal(type);
    }

    /** Whether the values are text, so a truncation should keep whole UTF-8 characters. */
    static boolean isUtf8(PrimitiveType type) {
        LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
        return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                || a instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
    }

    static boolean isFloat16(PrimitiveType type) {
        return type.getLogicalTypeAnnotation()
                instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
    }

    /** Whether a bound of a FLOAT, DOUBLE or FLOAT16 column encodes NaN. */
    static boolean isNaN(PrimitiveType type, byte[] bound) {
        switch (type.getPrimitiveTypeName()) {
            case FLOAT:
                return bound.length == 4 && Float.isNaN(Float.intBitsToFloat(littleEndian(bound)));
            case DOUBLE:
                return bound.length == 8
                        && Double.isNaN(Double.longBitsToDouble(littleEndianLong(bound)));
            case FIXED_LEN_BYTE_ARRAY:
                if (!isFloat16(type) || bound.length != 2) {
                    return false;
                }
                int bits = (bound[0] & 0xFF) | ((bound[1] & 0xFF) << 8);
                return (bits & 0x7C00) == 0x7C00 && (bits & 0x03FF) != 0;
            default:
                return false;
        }
    }

    /** Why the bounds have the wrong width for the type, or null when they fit. */
    @Nullable
    static String checkWidth(PrimitiveType type, byte[] min, byte[] max, Statistics s) {
        int expected;
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
                expected = 1;
                break;
            case INT32:
            case FLOAT:
                expected = 4;
                break;
            case INT64:
            case DOUBLE:
                expected = 8;
                break;
            case FIXED_LEN_BYTE_ARRAY:
                expected = type.getTypeLength();
                break;
            default:
                // BINARY: any width; a truncated decimal bound is no bound (signed comparison).
                boolean truncated =
                        (s.isSetIs_min_value_exact() && !s.isIs_min_value_exact())
                                || (s.isSetIs_max_value_exact() && !s.isIs_max_value_exact());
                return truncated && StatisticsConverter.isDecimal(type)
                        ? "the decimal bounds are truncated"
                        : null;
        }
        if (min.length != expected || max.length != expected) {
            return "the bounds are "
                    + min.length
                    + " and "
                    + max.length
                    + " bytes wide, not the "
                    + expected
                    + " bytes of "
                    + describe(type);
        }
        return null;
    }

    /** "BINARY (STRING)", "INT32 (INTEGER(8,false))", "FIXED_LEN_BYTE_ARRAY(16)"... */
    static String describe(PrimitiveType type) {
        String name = type.getPrimitiveTypeName().name();
        if (type.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            name += "(" + type.getTypeLength() + ")";
        }
        LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
        return a == null ? name : name + " (" + a + ")";
    }

    private static int littleEndian(byte[] b) {
        return (b[0] & 0xFF) | ((b[1] & 0xFF) << 8) | ((b[2] & 0xFF) << 16) | ((b[3] & 0xFF) << 24);
    }

    private static long littleEndianLong(byte[] b) {
        return (littleEndian(b) & 0xFFFFFFFFL)
                | ((long) littleEndian(Arrays.copyOfRange(b, 4, 8)) << 32);
    }
}
