package io.pqx.sink;

import org.apache.flink.configuration.ConfigOption;

import java.util.List;

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
        return io.pqx.format.options.OptionFields.of(PqxSinkOptions.class);
    }

    /** The known key with the fewest single-character edits from {@code key}. */
    static String closest(String key) {
        String best = KNOWN.get(0);
        int bestDistance = Integer.MAX_VALUE;
        for (String known : KNOWN) {
            int distance = editDistance(key, known);
            if (distance < bestDistance) {
                best = known;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
