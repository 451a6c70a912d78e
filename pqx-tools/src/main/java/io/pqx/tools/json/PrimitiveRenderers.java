package io.pqx.tools.json;

import io.pqx.format.index.PhysicalType;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LogicalTypeView;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * Chooses how a leaf column is rendered, as {@code JSON-RENDERING.md} specifies. The Flink type the
 * reader produced for the leaf (per the mapping of {@code ParquetToFlinkSchema}, which already
 * honours a logical annotation only where it is valid for the physical type) fixes the internal
 * value class; the Parquet type refines what the value means: INT96 timestamps render without
 * {@code Z}, TIMESTAMP with {@code Z} exactly when isAdjustedToUTC, FLBA(16) UUID as UUID text,
 * unsigned integers never negative, UINT_64 (read as DECIMAL(20,0)) as bare digits.
 *
 * <p>Stateless and thread-safe; used by {@link JsonRowRenderer}.
 */
final class PrimitiveRenderers {

    private PrimitiveRenderers() {}

    /** The renderer for values of {@code leaf}. */
    static ValueRenderer forLeaf(FieldView field) {
        LeafColumnView parquet = field.leaf().orElseThrow();
        LogicalType flink = field.flinkType();
        switch (flink.getTypeRoot()) {
            case BOOLEAN:
                return (sb, v) -> sb.append(((Boolean) v).booleanValue());
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return forInteger(parquet);
            case FLOAT:
                return (sb, v) -> sb.append(JsonValues.formatFloat((Float) v));
            case DOUBLE:
                return (sb, v) -> sb.append(JsonValues.formatDouble((Double) v));
            case DECIMAL:
                int scale = ((DecimalType) flink).getScale();
                return (sb, v) ->
                        sb.append(
                                JsonValues.formatDecimal(((DecimalData) v).toBigDecimal(), scale));
            case CHAR:
            case VARCHAR:
                return (sb, v) -> JsonValues.appendString(sb, v.toString());
            case BINARY:
            case VARBINARY:
                return forBytes(parquet);
            case DATE:
                return (sb, v) -> sb.append(JsonValues.formatDate((Integer) v));
            case TIME_WITHOUT_TIME_ZONE:
                // Flink's TIME holds milliseconds of the day, whatever the Parquet unit.
                return (sb, v) -> sb.append(JsonValues.formatTime((Integer) v * 1_000_000L));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                if (parquet.physicalType() == PhysicalType.INT96) {
                    return (sb, v) -> sb.append(int96((TimestampData) v));
                }
                boolean utc =
                        parquet.logicalType()
                                .filter(ts -> ts.name().equals("TIMESTAMP"))
                                .map(LogicalTypeView::adjustedToUtc)
                                .orElse(false);
                return (sb, v) -> sb.append(timestamp((TimestampData) v, utc));
            default:
                throw new IllegalArgumentException(
                        "Cannot render column "
                                + parquet.dottedPath()
                                + ": no JSON rendering for Flink type "
                                + flink.asSummaryString());
        }
    }

    /**
     * Digits; unsigned 8/16/32-bit values (read as a wider signed type) masked to stay
     * non-negative.
     */
    private static ValueRenderer forInteger(LeafColumnView parquet) {
        LogicalTypeView integer = parquet.logicalType().orElse(null);
        if (parquet.physicalType() == PhysicalType.INT32
                && integer != null
                && integer.name().equals("INTEGER")
                && !integer.signed()
                && integer.bitWidth() <= 32) {
            long mask = (1L << integer.bitWidth()) - 1;
            return (sb, v) -> sb.append(((Number) v).longValue() & mask);
        }
        return (sb, v) -> sb.append(((Number) v).longValue());
    }

    private static ValueRenderer forBytes(LeafColumnView parquet) {
        if (parquet.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                && parquet.typeLength() == 16
                && parquet.logicalType().filter(t -> t.name().equals("UUID")).isPresent()) {
            return (sb, v) -> sb.append(JsonValues.formatUuid((byte[]) v));
        }
        return (sb, v) -> JsonValues.appendHex(sb, (byte[]) v);
    }

    /**
     * An INT96 timestamp as Spark reads it: int64 microseconds that wrap around on overflow, plus
     * the sub-microsecond rest. Long arithmetic keeps the low 64 bits of the exact microseconds, so
     * this holds whether the reader kept the exact instant (beyond int64 microseconds, in years
     * past 294247) or already wrapped it.
     */
    private static String int96(TimestampData ts) {
        int nanoOfMilli = ts.getNanoOfMillisecond();
        long micros = ts.getMillisecond() * 1000L + nanoOfMilli / 1000;
        long seconds = Math.floorDiv(micros, 1_000_000L);
        int nanos = (int) Math.floorMod(micros, 1_000_000L) * 1000 + nanoOfMilli % 1000;
        return JsonValues.formatTimestamp(seconds, nanos, false);
    }

    private static String timestamp(TimestampData ts, boolean utc) {
        long millis = ts.getMillisecond();
        long seconds = Math.floorDiv(millis, 1000L);
        int nanos = (int) Math.floorMod(millis, 1000L) * 1_000_000 + ts.getNanoOfMillisecond();
        return JsonValues.formatTimestamp(seconds, nanos, utc);
    }
}
