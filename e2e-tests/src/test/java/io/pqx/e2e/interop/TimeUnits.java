package io.pqx.e2e.interop;

import io.pqx.tools.json.JsonValues;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;

/**
 * Unit arithmetic shared by the peer renderers: Parquet TIME/TIMESTAMP values to JSON. Stateless.
 */
final class TimeUnits {

    private TimeUnits() {}

    static long nanosPer(TimeUnit unit) {
        return switch (unit) {
            case MILLIS -> 1_000_000L;
            case MICROS -> 1_000L;
            case NANOS -> 1L;
        };
    }

    /** A timestamp counted in {@code unit} since the epoch (negative values before it). */
    static String timestamp(long value, TimeUnit unit, boolean utc) {
        long perSecond = 1_000_000_000L / nanosPer(unit);
        long seconds = Math.floorDiv(value, perSecond);
        long nanos = Math.floorMod(value, perSecond) * nanosPer(unit);
        return JsonValues.formatTimestamp(seconds, (int) nanos, utc);
    }
}
