package io.pqx.format.codestyle;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds type names written with their package inline in Java source ({@code new
 * java.util.TreeSet<>()}, {@code @org.apache.flink.annotation.Internal}), outside the package and
 * import statements, comments, and string, character and text-block literals. A name counts from
 * its package (lower-case segments under {@code java}, {@code javax}, {@code org}, {@code io},
 * {@code com}, {@code jdk} or {@code sun}) up to its first upper-case segment, so {@code
 * java.util.Map.Entry} is reported as {@code java.util.Map}.
 */
final class QualifiedNameScanner {

    private static final Pattern QUALIFIED =
            Pattern.compile(
                    "(?<![\\w.$])((?:java|javax|org|io|com|jdk|sun)(?:\\.[a-z_][a-z0-9_]*)+"
                            + "\\.[A-Z][A-Za-z0-9_$]*)");

    private static final Pattern PACKAGE_OR_IMPORT =
            Pattern.compile("(?m)^\\s*(?:package|import)\\b[^;]*;");

    private static final Pattern SINGLE_TYPE_IMPORT =
            Pattern.compile("(?m)^\\s*import\\s+(?!static\\b)([\\w.]+)\\s*;");

    /** One inline qualified name: the 1-based line it is on and the name as written. */
    record Finding(int line, String qualifiedName) {}

    private QualifiedNameScanner() {}

    /** The inline qualified names of {@code source}, in source order. */
    static List<Finding> scan(String source) {
        String code = codeOnly(source);
        List<Finding> findings = new ArrayList<>();
        Matcher m = QUALIFIED.matcher(code);
        int line = 1;
        int counted = 0;
        while (m.find()) {
            for (; counted < m.start(); counted++) {
                if (code.charAt(counted) == '\n') {
                    line++;
                }
            }
            findings.add(new Finding(line, m.group(1)));
        }
        return findings;
    }

    /** The single-type (not static, not on-demand) imports of {@code source}. */
    static Set<String> imports(String source) {
        Set<String> imports = new LinkedHashSet<>();
        Matcher m = SINGLE_TYPE_IMPORT.matcher(codeOnlyKeepingImports(source));
        while (m.find()) {
            imports.add(m.group(1));
        }
        return imports;
    }

    /** {@code source} with comments, literals and package/import statements blanked out. */
    static String codeOnly(String source) {
        String code = codeOnlyKeepingImports(source);
        StringBuilder out = new StringBuilder(code);
        Matcher m = PACKAGE_OR_IMPORT.matcher(code);
        while (m.find()) {
            blank(out, m.start(), m.end());
        }
        return out.toString();
    }

    // Blanking keeps every newline, so positions and line numbers stay those of the source.
    private static String codeOnlyKeepingImports(String source) {
        StringBuilder out = new StringBuilder(source);
        int n = source.length();
        int i = 0;
        while (i < n) {
            int end;
            if (source.startsWith("//", i)) {
                end = source.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (source.startsWith("/*", i)) {
                end = source.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                end = literalEnd(source, i + 3, "\"\"\"");
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                end = literalEnd(source, i + 1, String.valueOf(source.charAt(i)));
            } else {
                i++;
                continue;
            }
            blank(out, i, end);
            i = end;
        }
        return out.toString();
    }

    private static int literalEnd(String source, int from, String quote) {
        int j = from;
        while (j < source.length()) {
            if (source.charAt(j) == '\\') {
                j += 2;
            } else if (source.startsWith(quote, j)) {
                return j + quote.length();
            } else {
                j++;
            }
        }
        return source.length();
    }

    private static void blank(StringBuilder out, int start, int end) {
        for (int k = start; k < end; k++) {
            if (out.charAt(k) != '\n') {
                out.setCharAt(k, ' ');
            }
        }
    }
}
