package io.pqx.sink;

import io.pqx.format.options.ClosestKey;
import io.pqx.format.options.OptionFields;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;

/**
 * The keys of every {@link PqxSinkOptions} option, and the closest one to a key that is none of
 * them, so that a typo ({@code sink.row-group.row}) is refused with a suggestion instead of being
 * ignored. Used by {@link PqxSinkBuilder#build()}. Immutable; thread-safe.
 */
final class OptionKeys {
    /** Every option, read once from the public constants of {@link PqxSinkOptions}. */
    static final List<ConfigOption<?>> OPTIONS = options();

    /** Every key, in the order of {@link #OPTIONS}. */
    static final List<String> KNOWN = OPTIONS.stream().map(ConfigOption::key).toList();

    private OptionKeys() {}

    private static List<ConfigOption<?>> options() {
        return OptionFields.of(PqxSinkOptions.class);
    }

    /** The known key with the fewest single-character edits from {@code key}. */
    static String closest(String key) {
        return ClosestKey.of(key, KNOWN).orElseThrow();
    }
}
