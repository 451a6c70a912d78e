package io.pqx.sink.file;

import java.io.Serializable;
import java.util.Locale;
import org.apache.flink.annotation.Internal;

/**
 * One column of {@code sink.sort-by}: a top-level column name and its order.
 *
 * @param column top-level column name
 * @param descending descending order
 * @param nullsFirst nulls before values
 */
@Internal
public record SortKey(String column, boolean descending, boolean nullsFirst)
        implements Serializable {

    /**
     * Parses {@code "name [ASC|DESC] [NULLS FIRST|NULLS LAST]"} (ASC NULLS FIRST by default).
     *
     * @throws IllegalArgumentException naming the bad text
     */
    public static SortKey parse(String text) {
        String[] words = text.trim().split("\\s+");
        if (words.length == 0 || words[0].isEmpty()) {
            throw new IllegalArgumentException("an empty column");
        }
        boolean descending = false;
        boolean nullsFirst = true;
        int i = 1;
        if (i < words.length && isWord(words[i], "ASC", "DESC")) {
            descending = words[i].equalsIgnoreCase("DESC");
            i++;
        }
        if (i + 1 < words.length
                && words[i].equalsIgnoreCase("NULLS")
                && isWord(words[i + 1], "FIRST", "LAST")) {
            nullsFirst = words[i + 1].equalsIgnoreCase("FIRST");
            i += 2;
        }
        if (i != words.length) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not 'name [ASC|DESC] [NULLS FIRST|NULLS LAST]'");
        }
        return new SortKey(words[0], descending, nullsFirst);
    }

    /** The key as {@code sink.sort-by} takes it: {@code "name DESC NULLS LAST"}. */
    @Override
    public String toString() {
        return column
                + (descending ? " DESC" : " ASC")
                + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }

    private static boolean isWord(String word, String a, String b) {
        String upper = word.toUpperCase(Locale.ROOT);
        return upper.equals(a) || upper.equals(b);
    }
}
