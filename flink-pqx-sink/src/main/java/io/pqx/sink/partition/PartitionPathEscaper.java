package io.pqx.sink.partition;

import java.util.BitSet;
import org.apache.flink.annotation.Internal;

/**
 * Escapes partition keys and values for hive-style {@code k=v} directory names with the same
 * semantics as Flink's filesystem connector: control characters {@code 0x01..0x1F}, {@code 0x7F}
 * and {@code " # % ' * / : = ? \ { [ ] ^} become {@code %XX} (two upper-case hex digits); every
 * other character is kept. Stateless; thread-safe.
 */
@Internal
public final class PartitionPathEscaper {
    private static final BitSet ESCAPED = new BitSet(128);

    static {
        for (char c = 1; c < ' '; c++) {
            ESCAPED.set(c);
        }
        for (char c :
                new char[] {
                    '"', '#', '%', '\'', '*', '/', ':', '=', '?', '\\', '\u007F', '{', '[', ']', '^'
                }) {
            ESCAPED.set(c);
        }
    }

    private PartitionPathEscaper() {}

    /** The escaped form of {@code text}, which must not be null or empty. */
    public static String escape(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("Cannot escape a partition path: it is empty");
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 && ESCAPED.get(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                out.append('%').append(String.format("%02X", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }
}
