package io.pqx.e2e.interop;

import io.pqx.tools.json.JsonValues;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

/**
 * The one known value loss of pqx against the peers: Flink's TIME holds milliseconds, so a Parquet
 * TIME(MICROS) or TIME(NANOS) value reads with its sub-millisecond digits dropped. Applies that loss
 * to an expected JSON line, for named fields only, so the tests can still demand equality on
 * everything else. Stateless.
 */
final class TimeOfDayLoss {

    private TimeOfDayLoss() {}

    /** {@code line} with the time-of-day values of fields named {@code field} truncated to milliseconds. */
    static String toMillis(String line, String field) {
        Pattern value = Pattern.compile(Pattern.quote(JsonValues.formatString(field)) + ":\"(\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?)\"");
        return value.matcher(line).replaceAll(m -> JsonValues.formatString(field) + ":"
                + JsonValues.formatTime(LocalTime.parse(m.group(1)).truncatedTo(ChronoUnit.MILLIS).toNanoOfDay()));
    }
}
