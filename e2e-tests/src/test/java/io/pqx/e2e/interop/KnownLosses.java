package io.pqx.e2e.interop;

import io.pqx.tools.json.JsonValues;

import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The known, declared value losses between pqx and the peers, applied to an expected JSON line for
 * one named field so that a test can still demand equality on everything else:
 *
 * <ul>
 *   <li>pqx reads Parquet TIME(MICROS/NANOS) into Flink's TIME, which holds milliseconds: the
 *       sub-millisecond digits are dropped;
 *   <li>DuckDB reads TIMESTAMP(NANOS, isAdjustedToUTC) as its microsecond TIMESTAMPTZ, dividing the
 *       epoch nanoseconds by 1000 toward zero (so times before 1970 move up).
 * </ul>
 *
 * Stateless.
 */
final class KnownLosses {

    private KnownLosses() {}

    /** pqx's loss on a TIME column with sub-millisecond precision. */
    static String timeToMillis(String line, String field) {
        return replaceValues(
                line,
                field,
                "\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?",
                time ->
                        JsonValues.formatTime(
                                LocalTime.parse(time)
                                        .truncatedTo(ChronoUnit.MILLIS)
                                        .toNanoOfDay()));
    }

    /** DuckDB's loss on a TIMESTAMP(NANOS, isAdjustedToUTC=true) column. */
    static String utcNanosToDuckDbMicros(String line, String field) {
        return replaceValues(
                line,
                field,
                "[-+]?\\d{4,}-\\d{2}-\\d{2}T[0-9:.]+Z",
                timestamp -> {
                    LocalDateTime local =
                            LocalDateTime.parse(timestamp.substring(0, timestamp.length() - 1));
                    long seconds = local.toEpochSecond(ZoneOffset.UTC);
                    long nanos =
                            Math.addExact(
                                    Math.multiplyExact(seconds, 1_000_000_000L), local.getNano());
                    return TimeUnits.timestamp(nanos / 1000, TimeUnit.MICROS, true);
                });
    }

    /**
     * Replaces each JSON string value of {@code field} that matches {@code valueRegex} (quotes
     * excluded).
     */
    private static String replaceValues(
            String line, String field, String valueRegex, UnaryOperator<String> token) {
        String key = JsonValues.formatString(field) + ":";
        Matcher m = Pattern.compile(Pattern.quote(key) + "\"(" + valueRegex + ")\"").matcher(line);
        return m.replaceAll(r -> Matcher.quoteReplacement(key + token.apply(r.group(1))));
    }
}
