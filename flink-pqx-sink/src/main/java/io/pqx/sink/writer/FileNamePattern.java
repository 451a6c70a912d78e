package io.pqx.sink.writer;

import org.apache.flink.annotation.Internal;

/**
 * The {@code sink.file-name.pattern} of committed files: {@code {uuid}} (fresh per writer attempt),
 * {@code {subtask}} and {@code {count}} (per writer attempt) are replaced. Stateless.
 */
@Internal
public final class FileNamePattern {
    private FileNamePattern() {}

    /**
     * Checks a pattern.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static void check(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("must not be empty");
        }
        if (!pattern.contains("{uuid}") || !pattern.contains("{count}")) {
            throw new IllegalArgumentException(
                    "must contain {uuid} and {count}, so that names never collide");
        }
        if (pattern.startsWith(".") || pattern.startsWith("_")) {
            throw new IllegalArgumentException(
                    "must not start with '.' or '_' (readers skip such files as hidden)");
        }
        if (pattern.contains("/")) {
            throw new IllegalArgumentException("must not contain '/'");
        }
    }

    /** The name of file number {@code count} of a writer attempt. */
    public static String format(String pattern, String uuid, int subtask, long count) {
        return pattern.replace("{uuid}", uuid)
                .replace("{subtask}", Integer.toString(subtask))
                .replace("{count}", Long.toString(count));
    }
}
