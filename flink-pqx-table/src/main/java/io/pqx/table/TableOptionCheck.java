package io.pqx.table;

import io.pqx.format.options.ClosestKey;
import io.pqx.sink.PqxSinkOptions;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * Checks a pqx table's options as written in its DDL, before anything is built: an unknown key is
 * refused naming the closest known key, a value that does not parse naming its key, the value and
 * what the key accepts, {@code 'format'} anything but {@code parquet} by name. Each failure is a
 * {@link ValidationException} without a cause, whose message says everything: Flink's SQL client
 * shows the innermost message of an error, and a cause (Flink's {@code NumberFormatException} of a
 * memory size) would put a message naming no option there. Stateless.
 */
final class TableOptionCheck {
    /** Keys Flink's planner sets or allows on every table. */
    private static final Set<String> FLINK_KEYS =
            Set.of(FactoryUtil.CONNECTOR.key(), FactoryUtil.PROPERTY_VERSION.key());

    private TableOptionCheck() {}

    /**
     * The table's options, each parsed once, as a {@link Configuration} holding exactly the keys
     * written (under their option's key when written under a fallback key).
     *
     * @param table the table's name, for messages
     * @param written every option of the DDL (the planner's enrichment included)
     * @param required options that must be set
     * @param optional the other known options
     */
    static Configuration check(
            String table,
            Map<String, String> written,
            Set<ConfigOption<?>> required,
            Set<ConfigOption<?>> optional) {
        Map<String, ConfigOption<?>> byKey = new LinkedHashMap<>();
        for (ConfigOption<?> option : required) {
            index(byKey, option);
        }
        for (ConfigOption<?> option : optional) {
            index(byKey, option);
        }
        Configuration parsed = new Configuration();
        for (String key : new TreeMap<>(written).keySet()) {
            if (key.startsWith(PqxSinkOptions.variantShreddingPrefix())) {
                // one key per column; the sink's builder parses and checks the type
                parsed.setString(key, written.get(key));
                continue;
            }
            if (!byKey.containsKey(key) && !FLINK_KEYS.contains(key)) {
                throw new ValidationException(
                        "Table "
                                + table
                                + ": unknown option '"
                                + key
                                + "' (did you mean '"
                                + ClosestKey.of(key, byKey.keySet()).orElse(null)
                                + "'?). The"
                                + " options of 'connector'='pqx' are listed in the README of pqx's SQL"
                                + " connector.");
            }
        }
        for (ConfigOption<?> option : required) {
            if (value(written, option).isEmpty()) {
                throw new ValidationException(
                        "Table " + table + ": option '" + option.key() + "' is required");
            }
        }
        for (ConfigOption<?> option : byKey.values()) {
            copy(table, written, option, parsed);
        }
        String format = parsed.get(PqxTableOptions.FORMAT);
        if (!format.trim().equalsIgnoreCase("parquet")) {
            throw new ValidationException(
                    "Table "
                            + table
                            + ": option '"
                            + PqxTableOptions.FORMAT.key()
                            + "' is '"
                            + format
                            + "', but pqx reads and"
                            + " writes only 'parquet' (or leave the option out)");
        }
        return parsed;
    }

    private static void index(Map<String, ConfigOption<?>> byKey, ConfigOption<?> option) {
        byKey.putIfAbsent(option.key(), option);
        for (FallbackKey fallback : option.fallbackKeys()) {
            byKey.putIfAbsent(fallback.getKey(), option);
        }
    }

    /** The option's value as written, under its key or a fallback key. */
    private static Optional<String> value(Map<String, String> written, ConfigOption<?> option) {
        if (written.containsKey(option.key())) {
            return Optional.of(written.get(option.key()));
        }
        for (FallbackKey fallback : option.fallbackKeys()) {
            if (written.containsKey(fallback.getKey())) {
                return Optional.of(written.get(fallback.getKey()));
            }
        }
        return Optional.empty();
    }

    private static <T> void copy(
            String table, Map<String, String> written, ConfigOption<T> option, Configuration to) {
        Optional<String> text = value(written, option);
        if (text.isEmpty()) {
            return;
        }
        T value;
        try {
            value = Configuration.fromMap(Map.of(option.key(), text.get())).get(option);
        } catch (RuntimeException e) {
            throw new ValidationException(
                    "Table "
                            + table
                            + ": option '"
                            + option.key()
                            + "' has the bad value '"
                            + text.get()
                            + "': expected "
                            + accepted(option));
        }
        to.set(option, value);
    }

    /** What an option accepts, in words, from its type. */
    static String accepted(ConfigOption<?> option) {
        Class<?> type = type(option);
        if (type == null) {
            return "a value as the option's description says";
        }
        String one;
        if (type == Integer.class || type == Long.class) {
            one = "an integer";
        } else if (type == Double.class || type == Float.class) {
            one = "a number";
        } else if (type == Boolean.class) {
            one = "true or false";
        } else if (type == Duration.class) {
            one = "a duration such as '500 ms', '30 s', '5 min' or '1 h'";
        } else if (type == MemorySize.class) {
            one = "a memory size such as '512 kb', '64 mb' or '1 gb'";
        } else if (type.isEnum()) {
            one =
                    "one of "
                            + Arrays.stream(type.getEnumConstants())
                                    .map(c -> "'" + c + "'")
                                    .collect(Collectors.joining(", "));
        } else {
            one = "a " + type.getSimpleName().toLowerCase(Locale.ROOT);
        }
        return isList(option) ? "a ';'-separated list, each " + one : one;
    }

    /**
     * The option's value class. Flink keeps it package-private ({@code getClazz}); it is read
     * reflectively, else from the default value, else unknown (null).
     */
    private static Class<?> type(ConfigOption<?> option) {
        try {
            Method getClazz = ConfigOption.class.getDeclaredMethod("getClazz");
            getClazz.setAccessible(true);
            return (Class<?>) getClazz.invoke(option);
        } catch (ReflectiveOperationException | RuntimeException e) {
            Object value = option.hasDefaultValue() ? option.defaultValue() : null;
            return value == null || value instanceof List ? null : value.getClass();
        }
    }

    private static boolean isList(ConfigOption<?> option) {
        try {
            Method isList = ConfigOption.class.getDeclaredMethod("isList");
            isList.setAccessible(true);
            return (Boolean) isList.invoke(option);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return option.hasDefaultValue() && option.defaultValue() instanceof List;
        }
    }
}
