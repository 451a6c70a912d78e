package io.pqx.format;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import org.apache.parquet.variant.Variant;

/**
 * A rendering of a variant value that names every primitive's variant type, for tests that pin what
 * a reader produced: {@code int8 34}, {@code decimal8 123.45}, {@code timestamp_nanos_tz
 * 2024-11-07T12:33:54.123456789Z}, objects as {@code {a: ..., b: ...}} in key order, arrays as
 * {@code [..]}. Two values render the same exactly when they hold the same types and values.
 */
public final class TestingVariants {
    private TestingVariants() {}

    /** The rendering of the value {@code value} under the metadata {@code metadata}. */
    public static String render(byte[] value, byte[] metadata) {
        return render(new Variant(value, metadata));
    }

    /** The rendering of {@code v}. */
    public static String render(Variant v) {
        switch (v.getType()) {
            case OBJECT:
                StringBuilder o = new StringBuilder("{");
                for (int i = 0; i < v.numObjectElements(); i++) {
                    Variant.ObjectField f = v.getFieldAtIndex(i);
                    o.append(i == 0 ? "" : ", ").append(f.key).append(": ").append(render(f.value));
                }
                return o.append('}').toString();
            case ARRAY:
                StringBuilder a = new StringBuilder("[");
                for (int i = 0; i < v.numArrayElements(); i++) {
                    a.append(i == 0 ? "" : ", ").append(render(v.getElementAtIndex(i)));
                }
                return a.append(']').toString();
            case NULL:
                return "null";
            case BOOLEAN:
                return String.valueOf(v.getBoolean());
            case BYTE:
                return "int8 " + v.getByte();
            case SHORT:
                return "int16 " + v.getShort();
            case INT:
                return "int32 " + v.getInt();
            case LONG:
                return "int64 " + v.getLong();
            case FLOAT:
                return "float " + v.getFloat();
            case DOUBLE:
                return "double " + v.getDouble();
            case DECIMAL4:
            case DECIMAL8:
            case DECIMAL16:
                BigDecimal d = v.getDecimal();
                return v.getType().name().toLowerCase() + " " + d.toPlainString();
            case STRING:
                return "string \"" + v.getString() + "\"";
            case BINARY:
                ByteBuffer b = v.getBinary();
                byte[] bytes = new byte[b.remaining()];
                b.duplicate().get(bytes);
                return "binary " + Base64.getEncoder().encodeToString(bytes);
            case DATE:
                return "date " + LocalDate.ofEpochDay(v.getInt());
            case TIME:
                return "time " + LocalTime.ofNanoOfDay(v.getLong() * 1000);
            case TIMESTAMP_TZ:
                return "timestamptz " + micros(v.getLong());
            case TIMESTAMP_NTZ:
                return "timestampntz "
                        + LocalDateTime.ofInstant(micros(v.getLong()), ZoneOffset.UTC);
            case TIMESTAMP_NANOS_TZ:
                return "timestamptz_nanos " + nanos(v.getLong());
            case TIMESTAMP_NANOS_NTZ:
                return "timestampntz_nanos "
                        + LocalDateTime.ofInstant(nanos(v.getLong()), ZoneOffset.UTC);
            case UUID:
                return "uuid " + v.getUUID();
            default:
                return "unknown " + HexFormat.of().formatHex(v.getValueBuffer().array());
        }
    }

    private static Instant micros(long micros) {
        return Instant.ofEpochSecond(
                Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
    }

    private static Instant nanos(long nanos) {
        return Instant.ofEpochSecond(
                Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
    }
}
