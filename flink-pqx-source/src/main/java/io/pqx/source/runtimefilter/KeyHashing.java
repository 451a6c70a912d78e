package io.pqx.source.runtimefilter;

import java.math.BigDecimal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

/**
 * One 64-bit hash per key value, the same for a key as the publisher sees it (a {@code
 * ColumnDomain} value: {@code Long}, {@code Double}, {@code BigDecimal}, {@code byte[]}, {@code
 * TimestampData}, {@code Boolean}) and as a reader's {@code RowData} holds it ({@code Integer},
 * {@code StringData}, {@code DecimalData}, ...): values are hashed in their domain form, so an INT
 * 7 and a BIGINT 7, {@code 1.50} and {@code 1.5}, {@code -0.0} and {@code 0.0} hash alike (they are
 * equal in SQL). Stable across JVMs and pqx versions: the bits of a serialized {@link
 * BloomKeyFilter} depend on it.
 */
final class KeyHashing {
    private KeyHashing() {}

    static long hash(Object value) {
        if (value instanceof Long
                || value instanceof Integer
                || value instanceof Short
                || value instanceof Byte) {
            return mix(0x11L, ((Number) value).longValue());
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (d == 0.0) {
                d = 0.0; // -0.0 equals 0.0
            }
            long bits = Double.isNaN(d) ? 0x7ff8000000000000L : Double.doubleToLongBits(d);
            return mix(0x22L, bits);
        }
        if (value instanceof StringData s) {
            return bytes(0x33L, s.toBytes());
        }
        if (value instanceof byte[] b) {
            return bytes(0x33L, b);
        }
        if (value instanceof DecimalData d) {
            return decimal(d.toBigDecimal());
        }
        if (value instanceof BigDecimal d) {
            return decimal(d);
        }
        if (value instanceof TimestampData t) {
            return mix(mix(0x44L, t.getMillisecond()), t.getNanoOfMillisecond());
        }
        if (value instanceof Boolean b) {
            return mix(0x55L, b ? 1 : 0);
        }
        throw new IllegalArgumentException(
                "Cannot hash a key of type "
                        + value.getClass().getName()
                        + " ("
                        + value
                        + "): not a value a key column holds");
    }

    private static long decimal(BigDecimal d) {
        BigDecimal canonical = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        return mix(bytes(0x66L, canonical.unscaledValue().toByteArray()), canonical.scale());
    }

    private static long bytes(long seed, byte[] bytes) {
        long h = mix(seed, bytes.length);
        int i = 0;
        for (; i + 8 <= bytes.length; i += 8) {
            long word = 0;
            for (int j = 0; j < 8; j++) {
                word = (word << 8) | (bytes[i + j] & 0xffL);
            }
            h = mix(h, word);
        }
        long tail = 0;
        for (; i < bytes.length; i++) {
            tail = (tail << 8) | (bytes[i] & 0xffL);
        }
        return mix(h, tail);
    }

    /** Folds {@code value} into {@code h}, then a 64-bit finalizer (splitmix64's) spreads it. */
    private static long mix(long h, long value) {
        long z = h * 0x9E3779B97F4A7C15L + value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
