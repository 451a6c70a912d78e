package io.pqx.source.eventtime;

import java.io.Serializable;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * The column that holds each row's event time, checked against the source's row type: a top-level
 * {@code TIMESTAMP}, {@code TIMESTAMP_LTZ} or {@code BIGINT} (epoch time in {@link #unit()}). Event
 * times are epoch milliseconds, as Flink's watermarks and record timestamps are: a {@code
 * TIMESTAMP} counts as UTC (Flink's rowtime convention), a {@code TIMESTAMP_LTZ} is its instant.
 * Immutable.
 *
 * @param name the column's name in the source's row type
 * @param kind what the column holds
 * @param unit the unit of a {@link Kind#EPOCH_NUMBER} column; {@link TimeUnit#MILLISECONDS} for the
 *     others
 */
@Internal
public record WatermarkColumn(String name, Kind kind, TimeUnit unit) implements Serializable {

    /** What the watermark column holds. */
    public enum Kind {
        /** {@code TIMESTAMP(p)}: a local date-time, read as UTC. */
        TIMESTAMP,
        /** {@code TIMESTAMP_LTZ(p)}: an instant. */
        TIMESTAMP_LTZ,
        /** {@code BIGINT}: time since the epoch in the column's unit. */
        EPOCH_NUMBER
    }

    public WatermarkColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(unit, "unit");
    }

    /**
     * The watermark column {@code name} of {@code rowType}.
     *
     * @param unit the unit of a BIGINT column, null for the default (milliseconds); must be null
     *     for a timestamp column
     * @throws IllegalArgumentException naming the column and what is wrong
     */
    public static WatermarkColumn of(RowType rowType, String name, @Nullable TimeUnit unit) {
        int index = rowType.getFieldNames().indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(
                    "Cannot use "
                            + name
                            + " as the watermark column: it is not a top-level field of the row"
                            + " type "
                            + rowType.getFieldNames());
        }
        LogicalType type = rowType.getTypeAt(index);
        LogicalTypeRoot root = type.getTypeRoot();
        Kind kind =
                switch (root) {
                    case TIMESTAMP_WITHOUT_TIME_ZONE -> Kind.TIMESTAMP;
                    case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Kind.TIMESTAMP_LTZ;
                    case BIGINT -> Kind.EPOCH_NUMBER;
                    default ->
                            throw new IllegalArgumentException(
                                    "Cannot use "
                                            + name
                                            + " as the watermark column: its type "
                                            + type.asSummaryString()
                                            + " is not TIMESTAMP, TIMESTAMP_LTZ or BIGINT");
                };
        if (kind != Kind.EPOCH_NUMBER && unit != null) {
            throw new IllegalArgumentException(
                    "Cannot use "
                            + name
                            + " as the watermark column in "
                            + unit
                            + ": a unit applies only to a BIGINT column, "
                            + name
                            + " is "
                            + type.asSummaryString());
        }
        return new WatermarkColumn(name, kind, unit == null ? TimeUnit.MILLISECONDS : unit);
    }

    /**
     * A BIGINT value in {@link #unit()} as epoch milliseconds, rounded down (so a least value stays
     * a lower bound), saturating at the ends of {@code long}.
     */
    public long epochMillis(long value) {
        return switch (unit) {
            case NANOSECONDS -> Math.floorDiv(value, 1_000_000L);
            case MICROSECONDS -> Math.floorDiv(value, 1_000L);
            case MILLISECONDS -> value;
            default -> saturatedMultiply(value, unit.toMillis(1));
        };
    }

    private static long saturatedMultiply(long value, long factor) {
        long high = Math.multiplyHigh(value, factor);
        long low = value * factor;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
            return low;
        }
        return value < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
}
