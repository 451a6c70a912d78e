package io.pqx.format.crypto;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Reads a key (or AAD prefix) given by reference, as pqx's SQL options and CLI take them:
 *
 * <ul>
 *   <li>{@code hex:00112233...}: the bytes in hexadecimal;
 *   <li>{@code base64:ABEiM0RV...}: the bytes in standard base64;
 *   <li>{@code env:NAME}: the environment variable NAME of the process that reads, holding {@code
 *       hex:...} or {@code base64:...};
 *   <li>{@code file:/path}: the local file at that path on the machine that reads: text starting
 *       with {@code hex:} or {@code base64:} (surrounding white space ignored), otherwise its bytes
 *       as they are (a binary key file, with no trailing newline).
 * </ul>
 *
 * <p>Messages name the form, the variable or the file, never the text of a key: a reference in none
 * of these forms may be a key typed as it is. Shared by the source's decryption and the sink's
 * encryption options, so both read references alike. Stateless; thread-safe.
 */
@PublicEvolving
public final class KeyReferences {
    private static final String HEX = "hex:";
    private static final String BASE64 = "base64:";
    private static final String ENV = "env:";
    private static final String FILE = "file:";
    private static final Pattern SEPARATOR = Pattern.compile("[,;]");

    private KeyReferences() {}

    /**
     * The bytes {@code reference} gives, environment variables read from this process.
     *
     * @throws IOException for a variable that is not set or a file that cannot be read
     * @throws IllegalArgumentException for a reference or value in none of the forms
     */
    public static byte[] resolve(String reference) throws IOException {
        return resolve(reference, System::getenv);
    }

    /** As {@link #resolve(String)}, with environment variables looked up in {@code env}. */
    public static byte[] resolve(String reference, UnaryOperator<String> env) throws IOException {
        String text = reference == null ? "" : reference.trim();
        if (startsWith(text, ENV)) {
            String name = text.substring(ENV.length()).trim();
            String value = name.isEmpty() ? null : env.apply(name);
            if (value == null) {
                throw new IOException(
                        "Cannot read a key from environment variable '"
                                + name
                                + "': it is not set");
            }
            return literal(value.trim(), "environment variable '" + name + "'");
        }
        if (startsWith(text, FILE)) {
            Path path = Path.of(text.substring(FILE.length()).trim());
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(path);
            } catch (IOException | RuntimeException e) {
                // the exception's own text names only the path
                throw new IOException("Cannot read a key from file " + path + ": " + e, e);
            }
            String asText = new String(bytes, StandardCharsets.ISO_8859_1).trim();
            if (startsWith(asText, HEX) || startsWith(asText, BASE64)) {
                return literal(asText, "file " + path);
            }
            return bytes;
        }
        return literal(text, "the reference");
    }

    /**
     * Checks the form of {@code reference} without reading a variable or a file: a {@code hex:} or
     * {@code base64:} literal must decode, {@code env:} and {@code file:} must name something.
     *
     * @throws IllegalArgumentException saying what is wrong, never the text
     */
    public static void checkForm(String reference) {
        String text = reference == null ? "" : reference.trim();
        if (startsWith(text, ENV) || startsWith(text, FILE)) {
            int prefix = startsWith(text, ENV) ? ENV.length() : FILE.length();
            if (text.substring(prefix).trim().isEmpty()) {
                throw new IllegalArgumentException(
                        "a key reference "
                                + text.substring(0, prefix)
                                + " names no "
                                + (prefix == ENV.length() ? "variable" : "file"));
            }
            return;
        }
        literal(text, "the reference");
    }

    private static byte[] literal(String text, String where) {
        try {
            if (startsWith(text, HEX)) {
                return HexFormat.of().parseHex(text.substring(HEX.length()).trim());
            }
            if (startsWith(text, BASE64)) {
                return Base64.getDecoder().decode(text.substring(BASE64.length()).trim());
            }
        } catch (IllegalArgumentException e) {
            // the decoder's message may quote a character of the key: not passed on
            throw new IllegalArgumentException(
                    "Cannot read a key from "
                            + where
                            + ": its "
                            + (startsWith(text, HEX) ? "hex" : "base64")
                            + " text does not decode");
        }
        throw new IllegalArgumentException(
                "Cannot read a key from "
                        + where
                        + ": give it as hex:..., base64:..., env:VARIABLE or file:PATH (got "
                        + text.length()
                        + " characters in none of these forms)");
    }

    private static boolean startsWith(String text, String prefix) {
        return text.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    /**
     * Column keys written {@code path=reference,path=reference}, e.g. {@code
     * a=hex:00...,b.c=env:B_KEY}, as the sink's and the source's options and the CLI's key options
     * take them: each column's dotted path to its (unread) key reference, in the order given.
     * Entries are separated by {@code ,}; {@code ;} separates them too (the form the options were
     * first documented with), so a path or a file name cannot hold either.
     *
     * @throws IllegalArgumentException for an entry without a path or a reference, or a column
     *     named twice, naming the entry's position, never its text
     */
    public static Map<String, String> columnKeys(String text) {
        return entries(
                text, "column key entry", "path=reference (e.g. a.b=env:AB_KEY)", "two keys");
    }

    /**
     * Text per column written {@code path=text,path=text} as {@link #columnKeys} reads keys (e.g.
     * the key metadata of columns), each column's dotted path to its text, in the order given; the
     * text cannot hold {@code ,} or {@code ;}.
     *
     * @throws IllegalArgumentException for an entry without a path or a text, or a column named
     *     twice, naming the entry's position
     */
    public static Map<String, String> columnTexts(String text) {
        return entries(text, "entry", "path=text", "two texts");
    }

    /**
     * Dotted column paths written {@code a,b.c} (or separated by {@code ;}, as {@link #columnKeys}
     * reads entries), in the order given.
     *
     * @throws IllegalArgumentException for a column named twice
     */
    public static List<String> columnPaths(String text) {
        Set<String> paths = new LinkedHashSet<>();
        for (String entry : SEPARATOR.split(text, -1)) {
            String path = entry.trim();
            if (!path.isEmpty() && !paths.add(path)) {
                throw new IllegalArgumentException("column " + path + " is named twice");
            }
        }
        return List.copyOf(paths);
    }

    private static Map<String, String> entries(
            String text, String entryName, String form, String twice) {
        Map<String, String> entries = new LinkedHashMap<>();
        String[] parts = SEPARATOR.split(text, -1);
        for (int i = 0; i < parts.length; i++) {
            String entry = parts[i].trim();
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String path = eq < 0 ? "" : entry.substring(0, eq).trim();
            String value = eq < 0 ? "" : entry.substring(eq + 1).trim();
            if (path.isEmpty() || value.isEmpty()) {
                throw new IllegalArgumentException(entryName + " " + (i + 1) + " is not " + form);
            }
            if (entries.put(path, value) != null) {
                throw new IllegalArgumentException("column " + path + " is given " + twice);
            }
        }
        return entries;
    }
}
