package io.pqx.bench.results;

import java.util.List;
import java.util.Map;

/** Typed reads of a parsed results file's fields; a missing or mistyped field names itself. */
final class JsonFields {

    private JsonFields() {}

    static String text(Map<String, Object> map, String key) {
        return get(map, key, String.class);
    }

    static Number number(Map<String, Object> map, String key) {
        return get(map, key, Number.class);
    }

    static double optionalNumber(Map<String, Object> map, String key, double absent) {
        Object value = map.get(key);
        return value instanceof Number n ? n.doubleValue() : absent;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Map<String, Object> map, String key) {
        return get(map, key, Map.class);
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Map<String, Object> map, String key) {
        return get(map, key, List.class);
    }

    static List<String> texts(Map<String, Object> map, String key) {
        return list(map, key).stream().map(String::valueOf).toList();
    }

    private static <T> T get(Map<String, Object> map, String key, Class<T> type) {
        Object value = map.get(key);
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException(
                    "Cannot read results file: field '"
                            + key
                            + "' is "
                            + (value == null ? "missing" : "not a " + type.getSimpleName()));
        }
        return type.cast(value);
    }
}
