package io.pqx.e2e.interop;

import io.pqx.tools.json.JsonValues;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The known, declared value losses between pqx and the peers, applied to an expected JSON line for
 * one named field so that a test can still demand equality on everything else: pqx reads Parquet
 * TIME(MICROS/NANOS) into Flink's TIME, which holds milliseconds, so the sub-millisecond digits are
 * dropped. (DuckDB 1.4 also read TIMESTAMP(NANOS, isAdjustedToUTC) as microseconds; DuckDB 2.0 no
 * longer does.) Stateless.
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
