package io.pqx.sink.writer;

import java.util.Collection;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;

/**
 * The one form of a refused sink setting: {@code "Cannot build PqxSink: <key> <rule> but is
 * <value>"}, the value rendered as the user wrote it (lists comma-separated). Shared by the sink's
 * builder and the groups of {@link SinkSettings}, so a message reads the same wherever the check
 * sits. Stateless.
 */
@Internal
public final class SettingChecks {
    private SettingChecks() {}

    /**
     * @throws IllegalArgumentException naming {@code key}, {@code rule} and {@code value} unless
     *     {@code ok}
     */
    public static void check(boolean ok, String key, Object value, String rule) {
        if (!ok) {
            throw fail(key, value, rule);
        }
    }

    /** The exception for {@code key} set to {@code value}, which breaks {@code rule}. */
    public static IllegalArgumentException fail(String key, Object value, String rule) {
        return new IllegalArgumentException(
                "Cannot build PqxSink: " + key + " " + rule + " but is " + render(value));
    }

    /** A value as the user wrote it: lists comma-separated, not as Java's collection dump. */
    private static String render(Object value) {
        if (value instanceof Collection<?> values) {
            return values.stream().map(SettingChecks::render).collect(Collectors.joining(", "));
        }
        return Objects.toString(value);
    }
}
