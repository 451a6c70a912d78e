package io.pqx.table.sink;

import java.io.Serializable;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import org.apache.flink.annotation.Internal;

/**
 * The time a partition's name encodes, read the way Flink's filesystem connector's default
 * extractor reads it ({@code partition.time-extractor.*}): the text is the first partition value,
 * or the pattern with each {@code $key} replaced by that key's value; it is parsed with the
 * formatter pattern (a text without time of day is midnight), or without one as {@code yyyy-M-d[
 * H:m:s[.fraction]]}. The local time becomes an instant in the watermark's time zone. Immutable;
 * thread-safe.
 */
@Internal
public final class PartitionTimeExtractor implements Serializable {
    private static final long serialVersionUID = 1L;

    private static final DateTimeFormatter DEFAULT_DATE =
            new DateTimeFormatterBuilder()
                    .appendValue(ChronoField.YEAR, 1, 10, SignStyle.NORMAL)
                    .appendLiteral('-')
                    .appendValue(ChronoField.MONTH_OF_YEAR, 1, 2, SignStyle.NORMAL)
                    .appendLiteral('-')
                    .appendValue(ChronoField.DAY_OF_MONTH, 1, 2, SignStyle.NORMAL)
                    .toFormatter()
                    .withResolverStyle(ResolverStyle.LENIENT);

    private static final DateTimeFormatter DEFAULT_TIMESTAMP =
            new DateTimeFormatterBuilder()
                    .append(DEFAULT_DATE)
                    .optionalStart()
                    .appendLiteral(' ')
                    .appendValue(ChronoField.HOUR_OF_DAY, 1, 2, SignStyle.NORMAL)
                    .appendLiteral(':')
                    .appendValue(ChronoField.MINUTE_OF_HOUR, 1, 2, SignStyle.NORMAL)
                    .appendLiteral(':')
                    .appendValue(ChronoField.SECOND_OF_MINUTE, 1, 2, SignStyle.NORMAL)
                    .optionalStart()
                    .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
                    .optionalEnd()
                    .optionalEnd()
                    .toFormatter()
                    .withResolverStyle(ResolverStyle.LENIENT);

    private final String pattern;
    private final String formatter;
    private final String zone;
    private transient DateTimeFormatter parsedFormatter;

    /**
     * @param pattern {@code partition.time-extractor.timestamp-pattern}, or null
     * @param formatter {@code partition.time-extractor.timestamp-formatter}, or null
     * @param zone {@code sink.partition-commit.watermark-time-zone}
     * @throws IllegalArgumentException naming the option, for a formatter or a zone Java refuses
     */
    public PartitionTimeExtractor(String pattern, String formatter, String zone) {
        this.pattern = pattern;
        this.formatter = formatter;
        this.zone = zone;
        try {
            ZoneId.of(zone);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "option '"
                            + PqxTableSinkOptions.SINK_PARTITION_COMMIT_WATERMARK_TIME_ZONE.key()
                            + "' is '"
                            + zone
                            + "', which is no time zone: use a region such as 'UTC' or"
                            + " 'America/Los_Angeles', or an offset such as 'GMT-08:00'");
        }
        if (formatter != null) {
            try {
                DateTimeFormatter.ofPattern(formatter, Locale.ROOT);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "option '"
                                + PqxTableSinkOptions.PARTITION_TIME_EXTRACTOR_TIMESTAMP_FORMATTER
                                        .key()
                                + "' is '"
                                + formatter
                                + "', which is no java.time DateTimeFormatter"
                                + " pattern ("
                                + e.getMessage()
                                + "); e.g. 'yyyyMMdd' or"
                                + " 'yyyy-MM-dd HH:mm:ss'");
            }
        }
    }

    /** The partition's local time, from its keys and (unescaped) values, in partition order. */
    public LocalDateTime localTime(List<String> keys, List<String> values) {
        String text;
        if (pattern == null) {
            text = values.get(0);
        } else {
            text = pattern;
            for (int i = 0; i < keys.size(); i++) {
                // literally, where Flink's extractor takes the value as a regex replacement
                text = text.replace("$" + keys.get(i), values.get(i));
            }
        }
        try {
            return parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    "partition "
                            + describe(keys, values)
                            + " gives the timestamp text '"
                            + text
                            + "', which "
                            + (formatter == null
                                    ? "is no 'yyyy-M-d[ H:m:s]' timestamp"
                                    : "'partition.time-extractor.timestamp-formatter' '"
                                            + formatter
                                            + "' does not parse")
                            + " (check 'partition.time-extractor.timestamp-pattern')",
                    e);
        }
    }

    /** The partition's time as epoch milliseconds in the watermark's time zone. */
    public long epochMillis(List<String> keys, List<String> values) {
        return localTime(keys, values).atZone(ZoneId.of(zone)).toInstant().toEpochMilli();
    }

    private LocalDateTime parse(String text) {
        DateTimeFormatter timestamp;
        DateTimeFormatter date;
        if (formatter == null) {
            timestamp = DEFAULT_TIMESTAMP;
            date = DEFAULT_DATE;
        } else {
            if (parsedFormatter == null) {
                parsedFormatter = DateTimeFormatter.ofPattern(formatter, Locale.ROOT);
            }
            timestamp = parsedFormatter;
            date = parsedFormatter;
        }
        try {
            return LocalDateTime.parse(text, timestamp);
        } catch (DateTimeParseException notATimestamp) {
            return LocalDateTime.of(LocalDate.parse(text, date), LocalTime.MIDNIGHT);
        }
    }

    private static String describe(List<String> keys, List<String> values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            b.append(i == 0 ? "" : "/").append(keys.get(i)).append('=').append(values.get(i));
        }
        return b.toString();
    }
}
