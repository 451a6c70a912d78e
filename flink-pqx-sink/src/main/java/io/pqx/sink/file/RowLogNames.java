package io.pqx.sink.file;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.annotation.Internal;

/**
 * The names of row-log segments ({@link RowLog}): segment {@code n} of the part file {@code f} is
 * the hidden file {@code .f.rows-n} in the part file's directory. Shared by the writer (which
 * writes them), the committer (which deletes a published file's segments) and the orphan cleanup.
 * Stateless.
 */
@Internal
public final class RowLogNames {
    /** Between the part file's name and the segment's number. */
    static final String INFIX = ".rows-";

    private static final Pattern SEGMENT =
            Pattern.compile("\\.(.+)" + Pattern.quote(INFIX) + "(\\d+)");

    private RowLogNames() {}

    /** The name of segment {@code number} of the part file {@code fileName}. */
    public static String segmentName(String fileName, int number) {
        return "." + fileName + INFIX + number;
    }

    /** The part file name a segment's name belongs to, or null if {@code name} is none. */
    public static String partFileOf(String name) {
        Matcher m = SEGMENT.matcher(name);
        return m.matches() ? m.group(1) : null;
    }
}
