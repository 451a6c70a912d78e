package io.pqx.table.source;

import java.util.Collection;

/**
 * The name among known ones with the fewest single-character edits (Levenshtein: insertions,
 * deletions, substitutions; case ignored) from a name that is none of them: the "did you mean"
 * of an unknown option key or column. Ties go to the first in the collection's order. Stateless.
 */
public final class ClosestName {
    private ClosestName() {}

    /** The closest of {@code known} to {@code name}; null when {@code known} is empty. */
    public static String of(String name, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance = distance(name.toLowerCase(java.util.Locale.ROOT),
                    candidate.toLowerCase(java.util.Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best;
    }

    static int distance(String a, String b) {
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
