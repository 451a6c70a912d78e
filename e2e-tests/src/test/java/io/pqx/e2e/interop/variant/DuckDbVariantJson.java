package io.pqx.e2e.interop.variant;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import org.apache.parquet.variant.Variant;

/**
 * A variant value as DuckDB 2.0 prints {@code CAST(v AS JSON)}: JSON objects and arrays, numbers as
 * they are (a float through its double), temporal values and UUIDs as quoted text in DuckDB's
 * formats ({@code 2024-11-07 12:33:54.123456+00}), binary as DuckDB's escaped blob text ({@code
 * \\x0A}). Used to compare pqx's values with DuckDB's decoding.
 */
final class DuckDbVariantJson {
    private static final DateTimeFormatter TIMESTAMP =
            new DateTimeFormatterBuilder()
                    .appendPattern("yyyy-MM-dd HH:mm:ss")
                    .optionalStart()
                    .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
                    .toFormatter();

    private DuckDbVariantJson() {}

    static String render(Variant v) {
        StringBuilder sb = new StringBuilder();
        append(sb, v);
        return sb.toString();
    }

    private static void append(StringBuilder sb, Variant v) {
        switch (v.getType()) {
            case OBJECT -> {
                sb.append('{');
                for (int i = 0; i < v.numObjectElements(); i++) {
                    Variant.ObjectField f = v.getFieldAtIndex(i);
                    sb.append(i == 0 ? "" : ",");
                    string(sb, f.key);
                    sb.append(':');
                    append(sb, f.value);
                }
                sb.append('}');
            }
            case ARRAY -> {
                sb.append('[');
                for (int i = 0; i < v.numArrayElements(); i++) {
                    sb.append(i == 0 ? "" : ",");
                    append(sb, v.getElementAtIndex(i));
                }
                sb.append(']');
            }
            case NULL -> sb.append("null");
            case BOOLEAN -> sb.append(v.getBoolean());
            case BYTE -> sb.append(v.getByte());
            case SHORT -> sb.append(v.getShort());
            case INT -> sb.append(v.getInt());
            case LONG -> sb.append(v.getLong());
            case FLOAT -> sb.append((double) v.getFloat());
            case DOUBLE -> sb.append(v.getDouble());
            case DECIMAL4, DECIMAL8, DECIMAL16 -> sb.append(decimal(v.getDecimal()));
            case STRING -> string(sb, v.getString());
            case BINARY -> {
                ByteBuffer b = v.getBinary();
                StringBuilder text = new StringBuilder();
                for (int i = b.position(); i < b.limit(); i++) {
                    text.append(String.format("\\x%02X", b.get(i)));
                }
                string(sb, text.toString());
            }
            case DATE -> string(sb, LocalDate.ofEpochDay(v.getInt()).toString());
            case TIME -> string(sb, LocalTime.ofNanoOfDay(v.getLong() * 1000).toString());
            case TIMESTAMP_TZ -> string(sb, TIMESTAMP.format(utc(v.getLong(), 1000)) + "+00");
            case TIMESTAMP_NTZ -> string(sb, TIMESTAMP.format(utc(v.getLong(), 1000)));
            case TIMESTAMP_NANOS_TZ -> string(sb, TIMESTAMP.format(utc(v.getLong(), 1)) + "+00");
            case TIMESTAMP_NANOS_NTZ -> string(sb, TIMESTAMP.format(utc(v.getLong(), 1)));
            case UUID -> string(sb, v.getUUID().toString());
            default -> throw new IllegalArgumentException("variant type " + v.getType());
        }
    }

    private static String decimal(BigDecimal d) {
        return d.toPlainString();
    }

    private static LocalDateTime utc(long value, long nanosPerUnit) {
        long perSecond = 1_000_000_000L / nanosPerUnit;
        Instant instant =
                Instant.ofEpochSecond(
                        Math.floorDiv(value, perSecond),
                        Math.floorMod(value, perSecond) * nanosPerUnit);
        return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> sb.append(c);
            }
        }
        sb.append('"');
    }
}
