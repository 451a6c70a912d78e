package io.pqx.format;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Seeded random JSON documents for variant round trips: mostly objects sharing a set of common
 * fields ({@code id}, {@code name}, {@code price}, {@code ratio}, {@code flag}, {@code tags},
 * {@code address {city, zip}}, {@code items [{sku, qty}]}), each field sometimes missing, a JSON
 * null, or of another kind, plus extra fields; and some documents of any other shape (scalars,
 * arrays, arrays of objects, empty objects and arrays). Values cover every JSON scalar kind:
 * integers from one byte to beyond 64 bits, decimals of several scales, doubles with exponents,
 * strings with non-ASCII characters, escapes and control characters, booleans and nulls. Keys
 * within an object are distinct. The same seed gives the same documents.
 */
final class TestingJsonDocuments {
    private static final String[] WORDS = {
        "",
        "a",
        "zürich",
        "日本語",
        "emoji 😀",
        "tab\tquote\"back\\slash",
        "ctl \u0001\u001f",
        "ß",
        "x".repeat(40),
        "Ελληνικά",
        "new\nline"
    };

    private final Random random;

    TestingJsonDocuments(long seed) {
        this.random = new Random(seed);
    }

    /** One document. */
    String next() {
        if (random.nextInt(40) == 0) {
            return big();
        }
        int shape = random.nextInt(10);
        if (shape < 7) {
            return commonObject();
        }
        if (shape == 7) {
            // an array, sometimes of objects like the items, for the ARRAY shredding
            return random.nextBoolean() ? items() : value(3);
        }
        return value(3);
    }

    /**
     * A document past the one-byte limits of the encoding: over 255 keys (wider field ids and
     * offsets in metadata and object), a long string, an array of over 255 elements, plus some of
     * the common fields.
     */
    private String big() {
        List<String> fields = new ArrayList<>();
        int n = 256 + random.nextInt(100);
        for (int i = 0; i < n; i++) {
            fields.add(quote("k" + i) + ":" + (i % 2 == 0 ? integer() : string()));
        }
        fields.add(quote("id") + ":" + integer());
        fields.add(quote("name") + ":" + quote("long ".repeat(100 + random.nextInt(20000))));
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            tags.add(string());
        }
        fields.add(quote("tags") + ":[" + String.join(",", tags) + "]");
        java.util.Collections.shuffle(fields, random);
        return object(fields);
    }

    private String commonObject() {
        Set<String> used = new LinkedHashSet<>();
        List<String> fields = new ArrayList<>();
        field(fields, used, "id", this::integer);
        field(fields, used, "name", this::string);
        field(fields, used, "price", this::decimal);
        field(fields, used, "ratio", this::dbl);
        field(fields, used, "flag", () -> String.valueOf(random.nextBoolean()));
        field(fields, used, "tags", () -> array(this::string));
        field(
                fields,
                used,
                "address",
                () -> {
                    Set<String> inner = new LinkedHashSet<>();
                    List<String> f = new ArrayList<>();
                    field(f, inner, "city", this::string);
                    field(f, inner, "zip", this::integer);
                    extras(f, inner, 2);
                    return object(f);
                });
        field(fields, used, "items", this::items);
        extras(fields, used, 3);
        // JSON text order is not the variant's key order: shuffle
        java.util.Collections.shuffle(fields, random);
        return object(fields);
    }

    private String items() {
        return array(
                () -> {
                    Set<String> used = new LinkedHashSet<>();
                    List<String> f = new ArrayList<>();
                    field(f, used, "sku", this::string);
                    field(f, used, "qty", this::integer);
                    extras(f, used, 1);
                    return object(f);
                });
    }

    /** A common field: usually of its kind, sometimes missing, null or of another kind. */
    private void field(
            List<String> fields,
            Set<String> used,
            String key,
            java.util.function.Supplier<String> usual) {
        int r = random.nextInt(20);
        if (r == 0) {
            return;
        }
        used.add(key);
        String v = r == 1 ? "null" : r == 2 ? value(2) : usual.get();
        fields.add(quote(key) + ":" + v);
    }

    private void extras(List<String> fields, Set<String> used, int most) {
        int n = random.nextInt(most + 1);
        for (int i = 0; i < n; i++) {
            String key =
                    random.nextBoolean()
                            ? "extra" + random.nextInt(5)
                            : WORDS[random.nextInt(WORDS.length)];
            if (used.add(key)) {
                fields.add(quote(key) + ":" + value(1));
            }
        }
    }

    /** Any JSON value, nested at most {@code depth} more levels. */
    private String value(int depth) {
        int r = random.nextInt(depth > 0 ? 10 : 7);
        switch (r) {
            case 0:
                return "null";
            case 1:
                return String.valueOf(random.nextBoolean());
            case 2:
                return integer();
            case 3:
                return decimal();
            case 4:
                return dbl();
            case 5:
            case 6:
                return string();
            case 7:
                return array(() -> value(depth - 1));
            default:
                Set<String> used = new LinkedHashSet<>();
                List<String> f = new ArrayList<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    String key = WORDS[random.nextInt(WORDS.length)] + random.nextInt(3);
                    if (used.add(key)) {
                        f.add(quote(key) + ":" + value(depth - 1));
                    }
                }
                return object(f);
        }
    }

    private String array(java.util.function.Supplier<String> element) {
        int n = random.nextInt(5);
        List<String> e = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            e.add(random.nextInt(12) == 0 ? "null" : element.get());
        }
        return "[" + String.join(",", e) + "]";
    }

    private static String object(List<String> fields) {
        return "{" + String.join(",", fields) + "}";
    }

    private String integer() {
        switch (random.nextInt(7)) {
            case 0:
                return String.valueOf(random.nextInt(256) - 128);
            case 1:
                return String.valueOf(random.nextInt(65536) - 32768);
            case 2:
                return String.valueOf(random.nextInt());
            case 3:
                return String.valueOf(random.nextLong());
            case 4:
                return String.valueOf(random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE);
            case 5:
                // beyond 64 bits
                return (random.nextBoolean() ? "-" : "") + "1234567890123456789012345";
            default:
                return String.valueOf(random.nextInt(1000));
        }
    }

    private String decimal() {
        switch (random.nextInt(5)) {
            case 0:
                return (random.nextInt(20000) - 10000) / 100 + "." + pad(random.nextInt(100), 2);
            case 1:
                return "-0.00" + (1 + random.nextInt(9));
            case 2:
                return random.nextInt(1000) + ".50";
            case 3:
                // 18 and 30 significant digits: decimal8 and decimal16
                return "123456789.123456789";
            default:
                return "-12345678901234567890.1234567890";
        }
    }

    private static String pad(int n, int width) {
        String s = String.valueOf(n);
        return "0".repeat(Math.max(0, width - s.length())) + s;
    }

    private String dbl() {
        switch (random.nextInt(4)) {
            case 0:
                return "1.5e300";
            case 1:
                return "-2.5E-300";
            case 2:
                return random.nextInt(1_000_000)
                        + "."
                        + random.nextInt(1000)
                        + "e"
                        + (random.nextInt(40) - 20);
            default:
                // more significant digits than a decimal holds
                return "3.14159265358979323846264338327950288419716939937510";
        }
    }

    private String string() {
        return quote(WORDS[random.nextInt(WORDS.length)]);
    }

    /** The JSON string literal of {@code s}. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
