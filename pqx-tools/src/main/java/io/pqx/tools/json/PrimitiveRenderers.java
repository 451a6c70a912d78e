package io.pqx.tools.json;

import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Chooses how a leaf column is rendered from its Parquet type (physical type plus logical
 * annotation), as {@code JSON-RENDERING.md} specifies, and converts the Flink internal value the
 * pqx reader produced for it (per the type mapping of {@code ParquetSchemaConverter}) into the
 * inputs of {@link JsonValues}.
 *
 * <p>Stateless and thread-safe; used by {@link JsonRowRenderer}.
 */
final class PrimitiveRenderers {

    private PrimitiveRenderers() {}

    /** The renderer for values of a leaf of type {@code type}. */
    static ValueRenderer forType(PrimitiveType type) {
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        if (annotation instanceof DecimalLogicalTypeAnnotation decimal) {
            int scale = decimal.getScale();
            return (sb, v) -> sb.append(JsonValues.formatDecimal(decimal(v).toBigDecimal(), scale));
        }
        return switch (type.getPrimitiveTypeName()) {
            case BOOLEAN -> (sb, v) -> sb.append(((Boolean) v).booleanValue());
            case INT32, INT64 -> forInteger(annotation);
            case INT96 -> (sb, v) -> sb.append(timestamp(v, false));
            case FLOAT -> (sb, v) -> sb.append(JsonValues.formatFloat(((Number) v).floatValue()));
            case DOUBLE -> (sb, v) -> sb.append(JsonValues.formatDouble(((Number) v).doubleValue()));
            case BINARY, FIXED_LEN_BYTE_ARRAY -> forBinary(annotation);
        };
    }

    private static ValueRenderer forInteger(LogicalTypeAnnotation annotation) {
        if (annotation instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
            return (sb, v) -> sb.append(JsonValues.formatDate(((Number) v).intValue()));
        }
        if (annotation instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation) {
            // Flink's TIME holds milliseconds of the day, whatever the Parquet unit.
            return (sb, v) -> sb.append(JsonValues.formatTime(((Number) v).longValue() * 1_000_000L));
        }
        if (annotation instanceof TimestampLogicalTypeAnnotation ts) {
            boolean utc = ts.isAdjustedToUTC();
            return (sb, v) -> sb.append(timestamp(v, utc));
        }
        if (annotation instanceof IntLogicalTypeAnnotation integer && !integer.isSigned()) {
            return forUnsigned(integer.getBitWidth());
        }
        return (sb, v) -> sb.append(((Number) v).longValue());
    }

    /** Unsigned ints read as a wider signed Flink type (INT(64,u) as DECIMAL(20,0)); never negative. */
    private static ValueRenderer forUnsigned(int bitWidth) {
        if (bitWidth == 64) {
            return (sb, v) -> {
                if (v instanceof DecimalData d) {
                    sb.append(d.toBigDecimal().toPlainString());
                } else {
                    sb.append(JsonValues.formatUnsigned(((Number) v).longValue()));
                }
            };
        }
        long mask = (1L << bitWidth) - 1;
        return (sb, v) -> sb.append(((Number) v).longValue() & mask);
    }

    private static ValueRenderer forBinary(LogicalTypeAnnotation annotation) {
        if (annotation instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                || annotation instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                || annotation instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
            return (sb, v) -> JsonValues.appendString(sb, string(v));
        }
        if (annotation instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
            return (sb, v) -> sb.append(JsonValues.formatFloat(((Number) v).floatValue()));
        }
        if (annotation instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation) {
            return (sb, v) -> sb.append(JsonValues.formatUuid((byte[]) v));
        }
        return (sb, v) -> JsonValues.appendHex(sb, (byte[]) v);
    }

    private static String timestamp(Object value, boolean utc) {
        TimestampData ts = (TimestampData) value;
        long millis = ts.getMillisecond();
        long seconds = Math.floorDiv(millis, 1000L);
        int nanos = (int) Math.floorMod(millis, 1000L) * 1_000_000 + ts.getNanoOfMillisecond();
        return JsonValues.formatTimestamp(seconds, nanos, utc);
    }

    private static DecimalData decimal(Object value) {
        return (DecimalData) value;
    }

    private static String string(Object value) {
        return ((StringData) value).toString();
    }
}
