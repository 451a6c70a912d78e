package io.pqx.tools.json;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import org.apache.flink.annotation.Internal;

/**
 * The value formatting primitives of {@code JSON-RENDERING.md}: how one Parquet value is written in
 * a {@code pqx cat} JSON line. Independent of any reader, so that the interop tests can render
 * values read by DuckDB or parquet-java with exactly the same code as pqx's own reader output.
 *
 * <p><b>Every method yields a complete JSON value token</b>, ready to be concatenated into a line:
 * quotes are included where the rendering is a JSON string ({@code "2024-01-31"}, {@code "0x0a"},
 * {@code "NaN"}) and absent where it is a JSON number ({@code 12.50}, {@code 1.0E-45}).
 *
 * <p>Stateless and thread-safe.
 */
@Internal
public final class JsonValues {

    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long NANOS_PER_DAY = 86_400L * NANOS_PER_SECOND;
    private static final int JULIAN_DAY_OF_EPOCH = 2_440_588;
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private JsonValues() {}

    /**
     * Appends {@code s} as a JSON string: {@code \" \\ \n \r \t \b \f} escaped, other characters
     * below U+0020 as {@code &#92;u00xx} (lowercase hex), everything else (including U+007F and
     * non-ASCII) unescaped.
     */
    public static void appendString(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** {@code s} as a JSON string token, see {@link #appendString}. */
    public static String formatString(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        appendString(sb, s);
        return sb.toString();
    }

    /**
     * Appends {@code bytes} as the JSON string {@code "0x<lowercase hex>"} ({@code "0x"} if empty).
     */
    public static void appendHex(StringBuilder sb, byte[] bytes) {
        sb.append("\"0x");
        for (byte b : bytes) {
            sb.append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
        }
        sb.append('"');
    }

    /** {@code bytes} as the JSON string {@code "0x<lowercase hex>"}. */
    public static String formatHex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 2 + 4);
        appendHex(sb, bytes);
        return sb.toString();
    }

    /**
     * The shortest decimal that reads back as {@code v}: plain for {@code 1e-3 <= |v| < 1e7}, else
     * {@code d.dddE[-]x}, always with a {@code .}; NaN and infinities as JSON strings.
     */
    public static String formatDouble(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return nonFinite(v);
        }
        if (v == 0) {
            return Double.doubleToRawLongBits(v) < 0 ? "-0.0" : "0.0";
        }
        double abs = Math.abs(v);
        BigDecimal shortest =
                ShortestDecimal.of(
                        new BigDecimal(abs), 17, d -> Double.parseDouble(d.toString()) == abs);
        return layOut(v < 0, shortest);
    }

    /**
     * As {@link #formatDouble}, for the shortest decimal that reads back as the float {@code v}.
     */
    public static String formatFloat(float v) {
        if (Float.isNaN(v) || Float.isInfinite(v)) {
            return nonFinite(v);
        }
        if (v == 0) {
            return Float.floatToRawIntBits(v) < 0 ? "-0.0" : "0.0";
        }
        float abs = Math.abs(v);
        BigDecimal shortest =
                ShortestDecimal.of(
                        new BigDecimal(abs), 9, d -> Float.parseFloat(d.toString()) == abs);
        return layOut(v < 0, shortest);
    }

    /**
     * An IEEE 754 half-precision value (raw bits, as stored in a FLOAT16 column) rendered as a
     * float.
     */
    public static String formatFloat16(short bits) {
        return formatFloat(float16ToFloat(bits));
    }

    /** Widens IEEE 754 half-precision bits to the float of the same value (exact). */
    public static float float16ToFloat(short bits) {
        int sign = (bits >> 15) & 1;
        int exponent = (bits >> 10) & 0x1f;
        int mantissa = bits & 0x3ff;
        float magnitude;
        if (exponent == 0x1f) {
            magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
        } else if (exponent == 0) {
            magnitude = Math.scalb((float) mantissa, -24);
        } else {
            magnitude = Math.scalb((float) (mantissa | 0x400), exponent - 25);
        }
        return sign == 0 ? magnitude : -magnitude;
    }

    /**
     * A decimal as bare digits with exactly {@code scale} decimals ({@code -1.230}).
     *
     * @throws ArithmeticException if {@code value} has more than {@code scale} non-zero decimals
     */
    public static String formatDecimal(BigDecimal value, int scale) {
        return value.setScale(scale, RoundingMode.UNNECESSARY).toPlainString();
    }

    /** An unsigned 64-bit integer as decimal digits (never negative). */
    public static String formatUnsigned(long value) {
        return Long.toUnsignedString(value);
    }

    /**
     * A DATE (days since 1970-01-01) as {@code "yyyy-mm-dd"}, proleptic Gregorian, in the ISO form
     * of {@link LocalDate#toString()}: years above 9999 as {@code +10000-...}, years before 1 as
     * {@code -0001-...} (year 0 is {@code 0000}).
     */
    public static String formatDate(int epochDays) {
        return '"' + LocalDate.ofEpochDay(epochDays).toString() + '"';
    }

    /**
     * A TIME as {@code "HH:MM:SS[.fraction]"}, the fraction up to 9 digits without trailing zeros.
     *
     * @param nanosOfDay in {@code [0, 86_400 * 10^9)}
     */
    public static String formatTime(long nanosOfDay) {
        if (nanosOfDay < 0 || nanosOfDay >= NANOS_PER_DAY) {
            throw new IllegalArgumentException("Time of day out of range: " + nanosOfDay + " ns");
        }
        StringBuilder sb = new StringBuilder(20).append('"');
        appendTimeOfDay(sb, nanosOfDay);
        return sb.append('"').toString();
    }

    /**
     * A TIMESTAMP as {@code "yyyy-mm-ddTHH:MM:SS[.fraction]"} (date as {@link #formatDate}, time as
     * {@link #formatTime}), with {@code Z} appended when {@code utc} (isAdjustedToUTC).
     *
     * @param nanos nanoseconds within the second, in {@code [0, 10^9)}
     */
    public static String formatTimestamp(long epochSeconds, int nanos, boolean utc) {
        if (nanos < 0 || nanos >= NANOS_PER_SECOND) {
            throw new IllegalArgumentException("Nanoseconds out of range: " + nanos);
        }
        long days = Math.floorDiv(epochSeconds, 86_400L);
        long secondOfDay = Math.floorMod(epochSeconds, 86_400L);
        StringBuilder sb = new StringBuilder(32).append('"');
        sb.append(LocalDate.ofEpochDay(days)).append('T');
        appendTimeOfDay(sb, secondOfDay * NANOS_PER_SECOND + nanos);
        if (utc) {
            sb.append('Z');
        }
        return sb.append('"').toString();
    }

    /**
     * An INT96 timestamp (8 bytes little-endian nanoseconds of day, then 4 bytes little-endian
     * Julian day) rendered as a timestamp without {@code Z}, the way Spark reads it: microseconds
     * since the epoch computed in 64-bit arithmetic that wraps around on overflow, plus the
     * sub-microsecond rest of the nanoseconds.
     */
    public static String formatInt96(byte[] int96) {
        if (int96.length != 12) {
            throw new IllegalArgumentException("INT96 needs 12 bytes, got " + int96.length);
        }
        long nanosOfDay = 0;
        for (int i = 7; i >= 0; i--) {
            nanosOfDay = (nanosOfDay << 8) | (int96[i] & 0xff);
        }
        int julianDay = 0;
        for (int i = 11; i >= 8; i--) {
            julianDay = (julianDay << 8) | (int96[i] & 0xff);
        }
        // Deliberately unchecked (wrapping) arithmetic: that is what Spark and DuckDB compute.
        // Spark subtracts in 32-bit int (fromJulianDay(days: Int, ...)), then widens.
        long micros = (long) (julianDay - JULIAN_DAY_OF_EPOCH) * MICROS_PER_DAY + nanosOfDay / 1000;
        long seconds = Math.floorDiv(micros, 1_000_000L);
        long nanos = Math.floorMod(micros, 1_000_000L) * 1000 + nanosOfDay % 1000;
        if (nanos < 0) {
            seconds--;
            nanos += NANOS_PER_SECOND;
        }
        return formatTimestamp(seconds, (int) nanos, false);
    }

    /** A UUID (16 bytes, big-endian) as {@code "8-4-4-4-12"} lowercase hex. */
    public static String formatUuid(byte[] uuid) {
        if (uuid.length != 16) {
            throw new IllegalArgumentException("UUID needs 16 bytes, got " + uuid.length);
        }
        StringBuilder sb = new StringBuilder(38).append('"');
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                sb.append('-');
            }
            sb.append(HEX[(uuid[i] >> 4) & 0xf]).append(HEX[uuid[i] & 0xf]);
        }
        return sb.append('"').toString();
    }

    /**
     * Appends a VARIANT value, given as its Variant-encoded value and metadata bytes, as the JSON
     * value it holds (see {@link VariantRenderer}): for the interop tests, which get these bytes
     * from other readers.
     *
     * @throws MalformedVariantException if the bytes are not a Variant encoding; nothing is
     *     appended then
     */
    public static void appendVariant(StringBuilder sb, byte[] value, byte[] metadata) {
        VariantRenderer.append(sb, value, metadata);
    }

    private static void appendTimeOfDay(StringBuilder sb, long nanosOfDay) {
        long seconds = nanosOfDay / NANOS_PER_SECOND;
        int fraction = (int) (nanosOfDay % NANOS_PER_SECOND);
        appendTwoDigits(sb, seconds / 3600).append(':');
        appendTwoDigits(sb, (seconds / 60) % 60).append(':');
        appendTwoDigits(sb, seconds % 60);
        if (fraction != 0) {
            String digits = Integer.toString(1_000_000_000 + fraction).substring(1);
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            sb.append('.').append(digits, 0, end);
        }
    }

    private static StringBuilder appendTwoDigits(StringBuilder sb, long value) {
        return sb.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    private static String nonFinite(double v) {
        return Double.isNaN(v) ? "\"NaN\"" : v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    }

    /**
     * Lays out a positive decimal like Java's Double.toString: plain in [1e-3, 1e7), else d.dddEx.
     */
    private static String layOut(boolean negative, BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        String digits = stripped.unscaledValue().toString();
        int exponent = digits.length() - 1 - stripped.scale();
        StringBuilder sb = new StringBuilder(digits.length() + 10);
        if (negative) {
            sb.append('-');
        }
        if (exponent >= -3 && exponent < 7) {
            if (exponent < 0) {
                sb.append("0.");
                sb.append("0".repeat(-exponent - 1)).append(digits);
            } else if (digits.length() <= exponent + 1) {
                sb.append(digits).append("0".repeat(exponent + 1 - digits.length())).append(".0");
            } else {
                sb.append(digits, 0, exponent + 1)
                        .append('.')
                        .append(digits, exponent + 1, digits.length());
            }
        } else {
            sb.append(digits.charAt(0)).append('.');
            sb.append(digits.length() > 1 ? digits.substring(1) : "0");
            sb.append('E').append(exponent);
        }
        return sb.toString();
    }
}
