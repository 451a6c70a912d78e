package io.pqx.format.encode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.parquet.variant.Variant;

/**
 * The Flink value of a Variant primitive as the primitive type of a shredded column, or null when
 * the value is not of that type (it then stays in the {@code value} binary). The matches, from
 * Parquet's VariantShredding table of shredded types: BOOLEAN; the exact numerics (int8..int64,
 * decimal4..16) to TINYINT..BIGINT or DECIMAL(p, s) when the value is held exactly (the Variant
 * encoding makes them one class of equal values); float to FLOAT and double to DOUBLE; string to
 * CHAR/VARCHAR/STRING; binary to BINARY/VARBINARY/BYTES; date to DATE; timestamp_ntz (micros or
 * nanos) to TIMESTAMP(6 or 9) and timestamp (with time zone) to TIMESTAMP_LTZ likewise. A Variant
 * null never matches: it is stored in {@code value}. Immutable.
 */
final class VariantPrimitives {
    private final LogicalType type;
    private final int precision;
    private final int scale;

    private VariantPrimitives(LogicalType type, int precision, int scale) {
        this.type = type;
        this.precision = precision;
        this.scale = scale;
    }

    /** The conversion to {@code type}, a primitive that {@code VariantPhysicalType} accepts. */
    static VariantPrimitives of(LogicalType type) {
        if (type instanceof DecimalType d) {
            return new VariantPrimitives(type, d.getPrecision(), d.getScale());
        }
        boolean timestamp = type.is(LogicalTypeFamily.TIMESTAMP);
        return new VariantPrimitives(type, timestamp ? LogicalTypeChecks.getPrecision(type) : 0, 0);
    }

    /** The Flink value of {@code v}, or null if {@code v} is not of this type. */
    Object convert(Variant v) {
        Variant.Type vt = v.getType();
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return vt == Variant.Type.BOOLEAN ? (Object) v.getBoolean() : null;
            case TINYINT:
                return inRange(v, vt, Byte.MIN_VALUE, Byte.MAX_VALUE)
                        ? (Object) (byte) integer(v, vt)
                        : null;
            case SMALLINT:
                return inRange(v, vt, Short.MIN_VALUE, Short.MAX_VALUE)
                        ? (Object) (short) integer(v, vt)
                        : null;
            case INTEGER:
                return inRange(v, vt, Integer.MIN_VALUE, Integer.MAX_VALUE)
                        ? (Object) (int) integer(v, vt)
                        : null;
            case BIGINT:
                return inRange(v, vt, Long.MIN_VALUE, Long.MAX_VALUE)
                        ? (Object) integer(v, vt)
                        : null;
            case FLOAT:
                return vt == Variant.Type.FLOAT ? (Object) v.getFloat() : null;
            case DOUBLE:
                return vt == Variant.Type.DOUBLE ? (Object) v.getDouble() : null;
            case DECIMAL:
                return decimal(v, vt);
            case CHAR:
            case VARCHAR:
                return vt == Variant.Type.STRING ? StringData.fromString(v.getString()) : null;
            case BINARY:
            case VARBINARY:
                return vt == Variant.Type.BINARY ? bytes(v.getBinary()) : null;
            case DATE:
                return vt == Variant.Type.DATE ? (Object) v.getInt() : null;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return timestamp(
                        v, vt, Variant.Type.TIMESTAMP_NTZ, Variant.Type.TIMESTAMP_NANOS_NTZ);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamp(v, vt, Variant.Type.TIMESTAMP_TZ, Variant.Type.TIMESTAMP_NANOS_TZ);
            default:
                throw new IllegalStateException("Cannot shred a Variant as " + type);
        }
    }

    private static boolean isInteger(Variant.Type vt) {
        return vt == Variant.Type.BYTE
                || vt == Variant.Type.SHORT
                || vt == Variant.Type.INT
                || vt == Variant.Type.LONG;
    }

    private static boolean isDecimal(Variant.Type vt) {
        return vt == Variant.Type.DECIMAL4
                || vt == Variant.Type.DECIMAL8
                || vt == Variant.Type.DECIMAL16;
    }

    /** Whether {@code v} is an exact numeric with an integral value in [min, max]. */
    private static boolean inRange(Variant v, Variant.Type vt, long min, long max) {
        if (isInteger(vt)) {
            long x = integer(v, vt);
            return x >= min && x <= max;
        }
        if (isDecimal(vt)) {
            BigDecimal d = v.getDecimal();
            try {
                long x = d.setScale(0, RoundingMode.UNNECESSARY).longValueExact();
                return x >= min && x <= max;
            } catch (ArithmeticException e) {
                return false;
            }
        }
        return false;
    }

    /** The integral value of an exact numeric {@link #inRange} accepted. */
    private static long integer(Variant v, Variant.Type vt) {
        switch (vt) {
            case BYTE:
                return v.getByte();
            case SHORT:
                return v.getShort();
            case INT:
                return v.getInt();
            case LONG:
                return v.getLong();
            default:
                return v.getDecimal().setScale(0, RoundingMode.UNNECESSARY).longValueExact();
        }
    }

    private DecimalData decimal(Variant v, Variant.Type vt) {
        BigDecimal d;
        if (isInteger(vt)) {
            d = BigDecimal.valueOf(integer(v, vt));
        } else if (isDecimal(vt)) {
            d = v.getDecimal();
        } else {
            return null;
        }
        try {
            d = d.setScale(scale, RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            return null;
        }
        // null when the value has more digits than the precision
        return d.precision() - d.scale() <= precision - scale
                ? DecimalData.fromBigDecimal(d, precision, scale)
                : null;
    }

    private TimestampData timestamp(
            Variant v, Variant.Type vt, Variant.Type micros, Variant.Type nanos) {
        if (precision == 6 && vt == micros) {
            long us = v.getLong();
            return TimestampData.fromEpochMillis(
                    Math.floorDiv(us, 1000), (int) Math.floorMod(us, 1000) * 1000);
        }
        if (precision == 9 && vt == nanos) {
            long ns = v.getLong();
            return TimestampData.fromEpochMillis(
                    Math.floorDiv(ns, 1_000_000), (int) Math.floorMod(ns, 1_000_000));
        }
        return null;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
