package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.schema.PrimitiveNode;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.Float16LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Chooses the {@link ValueDecoder} of a leaf from its Flink type (what the vector holds) and its
 * Parquet physical type and annotation (how the bytes are read), following the type mapping of the
 * schema converter. A pair with no conversion is an {@link UnsupportedFileException}.
 */
final class ValueDecoders {
    private ValueDecoders() {}

    /**
     * @param onDictionaryPage whether the leaf reader's current value lies on a dictionary page
     * @param dictionary the leaf chunk's dictionary, once read
     */
    static ValueDecoder forLeaf(
            PrimitiveNode leaf,
            FileContext ctx,
            BooleanSupplier onDictionaryPage,
            Supplier<Dictionary> dictionary)
            throws UnsupportedFileException {
        LogicalType flink = leaf.flinkType();
        PrimitiveTypeName physical = leaf.parquetType().getPrimitiveTypeName();
        LogicalTypeAnnotation annotation = leaf.parquetType().getLogicalTypeAnnotation();
        ValueDecoder decoder =
                switch (flink.getTypeRoot()) {
                    case BOOLEAN ->
                            physical == PrimitiveTypeName.BOOLEAN
                                    ? new NumericDecoders.Booleans()
                                    : null;
                    case TINYINT ->
                            physical == PrimitiveTypeName.INT32
                                    ? new NumericDecoders.Bytes()
                                    : null;
                    case SMALLINT ->
                            physical == PrimitiveTypeName.INT32
                                    ? new NumericDecoders.Shorts(isUnsigned(annotation) ? 0xFF : -1)
                                    : null;
                    case INTEGER ->
                            physical == PrimitiveTypeName.INT32
                                    ? new NumericDecoders.Ints(isUnsigned(annotation) ? 0xFFFF : -1)
                                    : null;
                    case DATE ->
                            physical == PrimitiveTypeName.INT32
                                    ? new NumericDecoders.Ints(-1)
                                    : null;
                    case BIGINT -> bigint(physical, annotation);
                    case FLOAT -> floats(physical, annotation);
                    case DOUBLE -> doubles(physical);
                    case DECIMAL -> decimal((DecimalType) flink, physical, annotation);
                    case TIME_WITHOUT_TIME_ZONE -> time(physical, annotation);
                    case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                            timestamp(physical, annotation);
                    case CHAR, VARCHAR, BINARY, VARBINARY ->
                            physical == PrimitiveTypeName.BINARY
                                            || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                                    ? new BinaryDecoders.Bytes(onDictionaryPage, dictionary)
                                    : null;
                    default -> null;
                };
        if (decoder == null) {
            throw ctx.unsupported(
                    "Cannot read column as " + flink.asSummaryString(),
                    "no conversion from Parquet " + leaf.parquetType());
        }
        return decoder;
    }

    private static boolean isUnsigned(LogicalTypeAnnotation annotation) {
        return annotation instanceof IntLogicalTypeAnnotation i && !i.isSigned();
    }

    private static ValueDecoder bigint(
            PrimitiveTypeName physical, LogicalTypeAnnotation annotation) {
        if (physical == PrimitiveTypeName.INT64) {
            return new NumericDecoders.Longs();
        }
        if (physical == PrimitiveTypeName.INT32) {
            return new NumericDecoders.IntsAsLongs(isUnsigned(annotation) ? 0xFFFF_FFFFL : -1L);
        }
        return null;
    }

    private static ValueDecoder floats(
            PrimitiveTypeName physical, LogicalTypeAnnotation annotation) {
        if (physical == PrimitiveTypeName.FLOAT) {
            return new NumericDecoders.Floats();
        }
        if (physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                && annotation instanceof Float16LogicalTypeAnnotation) {
            return new BinaryDecoders.Float16s();
        }
        return null;
    }

    private static ValueDecoder doubles(PrimitiveTypeName physical) {
        return switch (physical) {
            case DOUBLE -> new NumericDecoders.Doubles(false);
            case FLOAT -> new NumericDecoders.Doubles(true);
            default -> null;
        };
    }

    private static ValueDecoder decimal(
            DecimalType type, PrimitiveTypeName physical, LogicalTypeAnnotation annotation) {
        int p = type.getPrecision();
        int s = type.getScale();
        return switch (physical) {
            case INT32 -> new DecimalDecoders.FromLong(p, s, true);
            case INT64 ->
                    isUnsigned(annotation) && !(annotation instanceof DecimalLogicalTypeAnnotation)
                            ? new DecimalDecoders.FromUnsignedLong()
                            : new DecimalDecoders.FromLong(p, s, false);
            case FIXED_LEN_BYTE_ARRAY, BINARY -> new DecimalDecoders.FromBinary(p, s);
            default -> null;
        };
    }

    private static ValueDecoder time(PrimitiveTypeName physical, LogicalTypeAnnotation annotation) {
        if (physical == PrimitiveTypeName.INT32) {
            return new NumericDecoders.Ints(-1);
        }
        if (physical == PrimitiveTypeName.INT64
                && annotation instanceof TimeLogicalTypeAnnotation t) {
            return t.getUnit() == LogicalTypeAnnotation.TimeUnit.MILLIS
                    ? null
                    : new TemporalDecoders.LongTimes(t.getUnit());
        }
        return null;
    }

    private static ValueDecoder timestamp(
            PrimitiveTypeName physical, LogicalTypeAnnotation annotation) {
        if (physical == PrimitiveTypeName.INT96) {
            return new TemporalDecoders.Int96Timestamps();
        }
        if (physical == PrimitiveTypeName.INT64
                && annotation instanceof TimestampLogicalTypeAnnotation t) {
            return new TemporalDecoders.EpochTimestamps(t.getUnit());
        }
        return null;
    }
}
