package io.pqx.source.discovery;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.annotation.Internal;

/**
 * A Hive-style partition directory name {@code key=value}: both sides unescaped as Flink's
 * filesystem connector (and pqx's sink) escape them, {@code %XX} being the byte XX in UTF-8. A name
 * with no {@code =}, or with an empty key, is not a partition directory.
 */
@Internal
public final class PartitionDirectory {
    private PartitionDirectory() {}

    /** Flink's and Hive's name of the directory of null and empty values. */
    public static final String DEFAULT_PARTITION = "__DEFAULT_PARTITION__";

    /**
     * A file's partition as SQL lists it: every key of {@code keys}, in that order, with its
     * directory text from {@code partitions}, or {@link #DEFAULT_PARTITION} when the file is not
     * under a directory of that key (its value reads as null then too). Directories of other keys
     * are left out.
     */
    public static Map<String, String> spec(Map<String, String> partitions, List<String> keys) {
        Map<String, String> spec = new LinkedHashMap<>();
        for (String key : keys) {
            spec.put(key, partitions.getOrDefault(key, DEFAULT_PARTITION));
        }
        return spec;
    }

    public static Optional<Map.Entry<String, String>> parse(String name) {
        int eq = name.indexOf('=');
        if (eq <= 0) {
            return Optional.empty();
        }
        return Optional.of(
                Map.entry(unescape(name.substring(0, eq)), unescape(name.substring(eq + 1))));
    }

    static String unescape(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%'
                    && i + 2 < s.length()
                    && hex(s.charAt(i + 1)) >= 0
                    && hex(s.charAt(i + 2)) >= 0) {
                bytes.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
                i += 2;
            } else {
                byte[] utf8 = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                    utf8 = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.write(utf8, 0, utf8.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static int hex(char c) {
        return Character.digit(c, 16);
    }
}
