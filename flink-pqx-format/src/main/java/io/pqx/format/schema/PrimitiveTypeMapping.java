package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * The Flink type a Parquet primitive column reads as when no declared Flink type says otherwise
 * (the table at the end of COMMON.md). The annotation decides where it is valid for the physical
 * type; an annotation that does not fit its physical type, an unknown one, or none, leaves the
 * physical type to decide (INT32 as INT, BYTE_ARRAY as BYTES, ...).
 *
 * <p>Legacy converted types need no case of their own: parquet-column turns TIMESTAMP_MILLIS into
 * TIMESTAMP(MILLIS, adjustedToUTC=true), UTF8 into STRING, UINT_8 into INT(8, false), etc.
 *
 * <p>Used by {@link SchemaTreeBuilder}. Stateless and thread-safe. The returned types are nullable;
 * the caller sets nullability from the repetition.
 */
final class PrimitiveTypeMapping {

    /** Flink's largest DECIMAL precision. */
    static final int MAX_DECIMAL_PRECISION = DecimalType.MAX_PRECISION;

    private PrimitiveTypeMapping() {}

    /**
     * The Flink type of {@code type}.
     *
     * @param ctx names the file and this column, for errors
     */
    static LogicalType toFlink(PrimitiveType type, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        switch (type.getPrimitiveTypeName()) {
            case BOOLEAN:
                return new BooleanType();
            case INT32:
                return int32(annotation, ctx);
            case INT64:
                return int64(annotation, ctx);
            case INT96:
                // Impala/Spark timestamps: nanoseconds within a Julian day.
                return new TimestampType(9);
            case FLOAT:
                return new FloatType();
            case DOUBLE:
                return new DoubleType();
            case BINARY:
                return byteArray(annotation, ctx);
            case FIXED_LEN_BYTE_ARRAY:
                return fixed(type.getTypeLength(), annotation, ctx);
            default:
                throw ctx.unsupported(
                        "Cannot read column",
                        "unknown physical type " + type.getPrimitiveTypeName());
        }
    }

    private static LogicalType int32(LogicalTypeAnnotation annotation, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        if (annotation instanceof IntLogicalTypeAnnotation) {
            IntLogicalTypeAnnotation integer = (IntLogicalTypeAnnotation) annotation;
            // Unsigned values need the next wider signed type to stay non-negative.
            switch (integer.getBitWidth()) {
                case 8:
                    return integer.isSigned() ? new TinyIntType() : new SmallIntType();
                case 16:
                    return integer.isSigned() ? new SmallIntType() : new IntType();
                case 32:
                    return integer.isSigned() ? new IntType() : new BigIntType();
                default:
                    return new IntType();
            }
        }
        if (annotation instanceof DecimalLogicalTypeAnnotation) {
            return decimal((DecimalLogicalTypeAnnotation) annotation, ctx);
        }
        if (annotation instanceof DateLogicalTypeAnnotation) {
            return new DateType();
        }
        if (annotation instanceof TimeLogicalTypeAnnotation
                && ((TimeLogicalTypeAnnotation) annotation).getUnit() == TimeUnit.MILLIS) {
            return new TimeType(3);
        }
        return new IntType();
    }

    private static LogicalType int64(LogicalTypeAnnotation annotation, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        if (annotation instanceof IntLogicalTypeAnnotation) {
            IntLogicalTypeAnnotation integer = (IntLogicalTypeAnnotation) annotation;
            // UINT64 exceeds BIGINT; DECIMAL(20, 0) holds all of it.
            boolean unsigned64 = integer.getBitWidth() == 64 && !integer.isSigned();
            return unsigned64 ? new DecimalType(20, 0) : new BigIntType();
        }
        if (annotation instanceof DecimalLogicalTypeAnnotation) {
            return decimal((DecimalLogicalTypeAnnotation) annotation, ctx);
        }
        if (annotation instanceof TimeLogicalTypeAnnotation) {
            TimeUnit unit = ((TimeLogicalTypeAnnotation) annotation).getUnit();
            if (unit != TimeUnit.MILLIS) {
                return new TimeType(precisionOf(unit));
            }
        }
        if (annotation instanceof TimestampLogicalTypeAnnotation) {
            TimestampLogicalTypeAnnotation timestamp = (TimestampLogicalTypeAnnotation) annotation;
            int precision = precisionOf(timestamp.getUnit());
            return timestamp.isAdjustedToUTC()
                    ? new LocalZonedTimestampType(precision)
                    : new TimestampType(precision);
        }
        return new BigIntType();
    }

    private static LogicalType byteArray(LogicalTypeAnnotation annotation, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        if (annotation instanceof StringLogicalTypeAnnotation
                || annotation instanceof EnumLogicalTypeAnnotation
                || annotation instanceof JsonLogicalTypeAnnotation) {
            return VarCharType.STRING_TYPE;
        }
        if (annotation instanceof DecimalLogicalTypeAnnotation) {
            return decimal((DecimalLogicalTypeAnnotation) annotation, ctx);
        }
        // BSON, GEOMETRY, GEOGRAPHY, VARIANT parts, unannotated: opaque bytes.
        return new VarBinaryType(VarBinaryType.MAX_LENGTH);
    }

    private static LogicalType fixed(int length, LogicalTypeAnnotation annotation, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        if (length < 1) {
            throw ctx.unsupported(
                    "Cannot read FIXED_LEN_BYTE_ARRAY column",
                    "length " + length + " is below 1, the least Flink's BINARY(n) allows");
        }
        if (annotation instanceof DecimalLogicalTypeAnnotation) {
            return decimal((DecimalLogicalTypeAnnotation) annotation, ctx);
        }
        if (annotation instanceof Float16LogicalTypeAnnotation && length == 2) {
            return new FloatType();
        }
        // UUID, INTERVAL and unannotated fixed-length bytes.
        return new BinaryType(length);
    }

    private static LogicalType decimal(DecimalLogicalTypeAnnotation decimal, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        int precision = decimal.getPrecision();
        int scale = decimal.getScale();
        if (precision < 1 || scale < 0 || scale > precision) {
            throw ctx.corrupt(
                    "Cannot read DECIMAL column",
                    "precision "
                            + precision
                            + " and scale "
                            + scale
                            + " do not satisfy 0 <= scale <= precision, 1 <= precision");
        }
        if (precision > MAX_DECIMAL_PRECISION) {
            throw ctx.unsupported(
                    "Cannot read DECIMAL column",
                    "precision "
                            + precision
                            + " is above "
                            + MAX_DECIMAL_PRECISION
                            + ", the most Flink's DECIMAL allows");
        }
        return new DecimalType(precision, scale);
    }

    /** The Flink TIME/TIMESTAMP precision that holds {@code unit} exactly. */
    static int precisionOf(TimeUnit unit) {
        switch (unit) {
            case MILLIS:
                return 3;
            case MICROS:
                return 6;
            default:
                return 9;
        }
    }
}
