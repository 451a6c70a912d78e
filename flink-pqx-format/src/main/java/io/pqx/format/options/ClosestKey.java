package io.pqx.format.options;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The known name closest to one that is not known (an option key, a column), so that a typo ({@code
 * sink.row-group.row}) is refused with a suggestion instead of being ignored: the name with the
 * fewest single-character insertions, deletions and substitutions, case ignored (the first such
 * name when several tie). Stateless; thread-safe.
 */
@PublicEvolving
public final class ClosestKey {
    private ClosestKey() {}

    /** The closest of {@code known} to {@code key}; empty when {@code known} is empty. */
    public static Optional<String> of(String key, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance =
                    editDistance(key.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }

    /** " (did you mean K?)" for the closest key K, or nothing when none is known. */
    public static String hint(String key, Collection<String> known) {
        return of(key, known).map(k -> " (did you mean " + k + "?)").orElse("");
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    public static int editDistance(String a, String b) {
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
