package io.pqx.format.predicate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * The value domain in which a column of a Flink type is compared, with SQL's order: the one place
 * that says how literals, row values and statistics bounds compare, so that the row filter and the
 * pruners agree.
 *
 * <p>Domain values: {@link #BOOLEAN} {@link Boolean} (false before true); {@link #LONG} {@link
 * Long} (TINYINT..BIGINT; DATE as epoch days; TIME as milliseconds of the day, which is what Flink
 * holds); {@link #DOUBLE} {@link Double} (FLOAT widened exactly; -0.0 is made 0.0, since SQL's
 * comparisons do not tell them apart; NaN is a possible row value that is neither smaller, equal
 * nor greater than anything, so only {@code <>} holds for it); {@link #DECIMAL} {@link BigDecimal}
 * (by value, any scale); {@link #BYTES} {@code byte[]} in unsigned lexicographic order (CHAR and
 * VARCHAR as UTF-8, which orders like Flink's {@code StringData}; BINARY, VARBINARY); {@link
 * #TIMESTAMP} {@link TimestampData} (TIMESTAMP and TIMESTAMP_LTZ of any precision).
 */
@Internal
public enum ColumnDomain {
    BOOLEAN,
    LONG,
    DOUBLE,
    DECIMAL,
    BYTES,
    TIMESTAMP;

    /**
     * The domain of columns of {@code type}.
     *
     * @throws IllegalArgumentException for a type no predicate compares (ROW, ARRAY, MAP, ...)
     */
    public static ColumnDomain of(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case BOOLEAN -> BOOLEAN;
            case TINYINT, SMALLINT, INTEGER, BIGINT, DATE, TIME_WITHOUT_TIME_ZONE -> LONG;
            case FLOAT, DOUBLE -> DOUBLE;
            case DECIMAL -> DECIMAL;
            case CHAR, VARCHAR, BINARY, VARBINARY -> BYTES;
            case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TIMESTAMP;
            default ->
                    throw new IllegalArgumentException(
                            "Cannot filter on a column of type "
                                    + type.asSummaryString()
                                    + ": only columns of atomic types can be compared");
        };
    }

    /**
     * The domain value of {@code literal} for a column of {@code type}: its value converted exactly
     * to the type.
     *
     * @throws IllegalArgumentException when the literal does not fit the type exactly (a string for
     *     an INT, 5.5 for an INT, 300 for a TINYINT, 1.25 for DECIMAL(3,1), ...)
     */
    public static Object coerce(Literal literal, LogicalType type) {
        Object v = literal.raw();
        ColumnDomain domain = of(type);
        Object out =
                switch (domain) {
                    case BOOLEAN -> v instanceof Boolean ? v : null;
                    case LONG -> coerceLong(v, type);
                    case DOUBLE -> coerceDouble(v, type);
                    case DECIMAL -> coerceDecimal(v, (DecimalType) type);
                    case BYTES -> coerceBytes(v, type);
                    case TIMESTAMP -> coerceTimestamp(v, type);
                };
        if (out == null) {
            throw new IllegalArgumentException(
                    "Cannot compare a "
                            + type.asSummaryString()
                            + " column with "
                            + literal
                            + " ("
                            + v.getClass().getSimpleName()
                            + "): the value does not fit the column's type exactly");
        }
        return out;
    }

    /**
     * The domain value of a non-null value as Flink's {@code RowData} holds it for a column of
     * {@code type} ({@code Integer} for INT and DATE, {@code StringData}, {@code DecimalData},
     * {@code TimestampData}, ...).
     */
    public static Object fromInternal(Object value, LogicalType type) {
        return switch (of(type)) {
            case BOOLEAN -> (Boolean) value;
            case LONG -> ((Number) value).longValue();
            case DOUBLE -> normalize(((Number) value).doubleValue());
            case DECIMAL -> ((DecimalData) value).toBigDecimal();
            case BYTES -> value instanceof StringData s ? s.toBytes() : (byte[]) value;
            case TIMESTAMP -> (TimestampData) value;
        };
    }

    /** A double of the domain: -0.0 as 0.0. */
    public static double normalize(double value) {
        return value == 0.0 ? 0.0 : value;
    }

    /** Whether a domain value is NaN (only a row value or a bound of {@link #DOUBLE} can be). */
    public static boolean isNaN(Object value) {
        return value instanceof Double d && d.isNaN();
    }

    /**
     * Compares two non-NaN domain values of this domain: negative, zero or positive as {@code a} is
     * below, equal to or above {@code b} in SQL's order.
     */
    public int compare(Object a, Object b) {
        return switch (this) {
            case BOOLEAN -> Boolean.compare((Boolean) a, (Boolean) b);
            case LONG -> Long.compare((Long) a, (Long) b);
            case DOUBLE -> Double.compare(normalize((Double) a), normalize((Double) b));
            case DECIMAL -> ((BigDecimal) a).compareTo((BigDecimal) b);
            case BYTES -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
            case TIMESTAMP -> ((TimestampData) a).compareTo((TimestampData) b);
        };
    }

    /** Whether two domain values are equal (NaN equals nothing). */
    public boolean equal(Object a, Object b) {
        return !isNaN(a) && !isNaN(b) && compare(a, b) == 0;
    }

    private static Long coerceLong(Object v, LogicalType type) {
        switch (type.getTypeRoot()) {
            case DATE:
                if (v instanceof LocalDate d) {
                    return d.toEpochDay();
                }
                return v instanceof Integer i ? (long) i : null;
            case TIME_WITHOUT_TIME_ZONE:
                int precision = Math.min(3, LogicalTypeChecks.getPrecision(type));
                long step = (long) Math.pow(10, 3 - precision);
                long millis;
                if (v instanceof LocalTime t) {
                    if (t.getNano() % 1_000_000 != 0) {
                        return null;
                    }
                    millis = t.toNanoOfDay() / 1_000_000;
                } else if (v instanceof Integer i && i >= 0 && i < 86_400_000) {
                    millis = i;
                } else {
                    return null;
                }
                return millis % step == 0 ? millis : null;
            default:
                BigInteger integer = integral(v);
                if (integer == null) {
                    return null;
                }
                long min;
                long max;
                switch (type.getTypeRoot()) {
                    case TINYINT -> {
                        min = Byte.MIN_VALUE;
                        max = Byte.MAX_VALUE;
                    }
                    case SMALLINT -> {
                        min = Short.MIN_VALUE;
                        max = Short.MAX_VALUE;
                    }
                    case INTEGER -> {
                        min = Integer.MIN_VALUE;
                        max = Integer.MAX_VALUE;
                    }
                    default -> {
                        min = Long.MIN_VALUE;
                        max = Long.MAX_VALUE;
                    }
                }
                if (integer.compareTo(BigInteger.valueOf(min)) < 0
                        || integer.compareTo(BigInteger.valueOf(max)) > 0) {
                    return null;
                }
                return integer.longValue();
        }
    }

    /** The integer value of an integral number (a BigDecimal or double without fraction too). */
    private static BigInteger integral(Object v) {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return BigInteger.valueOf(((Number) v).longValue());
        }
        if (v instanceof BigInteger b) {
            return b;
        }
        if (v instanceof BigDecimal d) {
            try {
                return d.toBigIntegerExact();
            } catch (ArithmeticException e) {
                return null;
            }
        }
        return null;
    }

    private static Double coerceDouble(Object v, LogicalType type) {
        boolean isFloat = type.getTypeRoot() == LogicalTypeRoot.FLOAT;
        double d;
        if (v instanceof Float f) {
            d = f;
        } else if (v instanceof Double x) {
            d = x;
        } else if (v instanceof Byte
                || v instanceof Short
                || v instanceof Integer
                || v instanceof Long) {
            long l = ((Number) v).longValue();
            d = l;
            if ((long) d != l || d == 0x1p63) {
                return null;
            }
        } else if (v instanceof BigDecimal b) {
            d = b.doubleValue();
            if (Double.isInfinite(d) || new BigDecimal(d).compareTo(b) != 0) {
                return null;
            }
        } else {
            return null;
        }
        if (isFloat && (double) (float) d != d && !Double.isInfinite(d)) {
            return null;
        }
        return normalize(d);
    }

    private static BigDecimal coerceDecimal(Object v, DecimalType type) {
        BigDecimal d;
        if (v instanceof BigDecimal b) {
            d = b;
        } else {
            BigInteger integer = integral(v);
            if (integer == null) {
                return null;
            }
            d = new BigDecimal(integer);
        }
        BigDecimal scaled;
        try {
            scaled = d.setScale(type.getScale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            return null;
        }
        return scaled.precision() - scaled.scale() <= type.getPrecision() - type.getScale()
                        || scaled.signum() == 0
                ? scaled
                : null;
    }

    private static byte[] coerceBytes(Object v, LogicalType type) {
        return switch (type.getTypeRoot()) {
            case CHAR, VARCHAR -> v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : null;
            default -> v instanceof byte[] b ? b.clone() : null;
        };
    }

    private static TimestampData coerceTimestamp(Object v, LogicalType type) {
        boolean ltz = type.getTypeRoot() == LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE;
        TimestampData t;
        if (v instanceof TimestampData x) {
            t = x;
        } else if (v instanceof LocalDateTime x && !ltz) {
            t = TimestampData.fromLocalDateTime(x);
        } else if (v instanceof Instant x && ltz) {
            t = TimestampData.fromInstant(x);
        } else {
            return null;
        }
        int precision = LogicalTypeChecks.getPrecision(type);
        long nanosOfSecond =
                Math.floorMod(t.getMillisecond(), 1000L) * 1_000_000L + t.getNanoOfMillisecond();
        long step = (long) Math.pow(10, 9 - precision);
        return nanosOfSecond % step == 0 ? t : null;
    }
}
