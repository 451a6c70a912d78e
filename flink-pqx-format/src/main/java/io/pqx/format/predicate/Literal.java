package io.pqx.format.predicate;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

/**
 * A constant of a predicate: a non-null Java value that is typed by the column it is compared with.
 * {@link ColumnDomain#coerce} converts it to that column's Flink type when the predicate is bound
 * to a schema, exactly or not at all (an {@code IllegalArgumentException} naming column and value):
 * {@code 5} fits an INT or a DECIMAL(3,1) column, {@code 5.5} an INT column does not.
 *
 * <p>Accepted values: {@link Boolean}; {@link Byte}, {@link Short}, {@link Integer}, {@link Long},
 * {@link BigInteger}; {@link Float}, {@link Double} (not NaN, which no comparison matches the same
 * way in every Flink code path, so it is not expressible); {@link BigDecimal}, {@link DecimalData};
 * {@link String}, {@link StringData}; {@code byte[]} (copied); {@link LocalDate} (DATE); {@link
 * LocalTime} (TIME); {@link LocalDateTime} (TIMESTAMP), {@link Instant} (TIMESTAMP_LTZ), {@link
 * TimestampData} (either). Flink's internal forms also work where the internal form is a plain
 * number: an {@code Integer} of epoch days for DATE, of milliseconds of the day for TIME.
 * Immutable.
 */
@PublicEvolving
public final class Literal implements Serializable {
    private static final long serialVersionUID = 1L;
    private final transient Object value;

    private Literal(Object value) {
        this.value = value;
    }

    /**
     * The literal of {@code value}.
     *
     * @throws IllegalArgumentException for null, NaN or a value of a type not listed above
     */
    public static Literal of(Object value) {
        if (value == null) {
            throw new IllegalArgumentException(
                    "Cannot make a literal of null: use IS NULL / IS NOT NULL");
        }
        if (value instanceof byte[] bytes) {
            return new Literal(bytes.clone());
        }
        if (value instanceof StringData s) {
            return new Literal(s.toString());
        }
        if (value instanceof DecimalData d) {
            return new Literal(d.toBigDecimal());
        }
        if ((value instanceof Double d && d.isNaN()) || (value instanceof Float f && f.isNaN())) {
            throw new IllegalArgumentException(
                    "Cannot make a literal of NaN: comparisons with NaN are not expressible");
        }
        if (value instanceof Boolean
                || value instanceof Byte
                || value instanceof Short
                || value instanceof Integer
                || value instanceof Long
                || value instanceof BigInteger
                || value instanceof Float
                || value instanceof Double
                || value instanceof BigDecimal
                || value instanceof String
                || value instanceof LocalDate
                || value instanceof LocalTime
                || value instanceof LocalDateTime
                || value instanceof Instant
                || value instanceof TimestampData) {
            return new Literal(value);
        }
        throw new IllegalArgumentException(
                "Cannot make a literal of a "
                        + value.getClass().getName()
                        + " ("
                        + value
                        + "): not a type a column can hold");
    }

    /**
     * The Java value (a copy for {@code byte[]}); a {@code StringData} literal gives its String.
     */
    public Object value() {
        return value instanceof byte[] bytes ? bytes.clone() : value;
    }

    /** The value without copying, for this package's conversions. */
    Object raw() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Literal other)) {
            return false;
        }
        if (value instanceof byte[] a && other.value instanceof byte[] b) {
            return Arrays.equals(a, b);
        }
        return value.getClass() == other.value.getClass() && value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return value instanceof byte[] bytes ? Arrays.hashCode(bytes) : value.hashCode();
    }

    /** SQL-ish: {@code 5}, {@code 'text'}, {@code X'0aff'}, {@code DATE '2024-01-31'}, ... */
    @Override
    public String toString() {
        if (value instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (value instanceof byte[] bytes) {
            return "X'" + HexFormat.of().formatHex(bytes) + "'";
        }
        if (value instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        if (value instanceof LocalDate) {
            return "DATE '" + value + "'";
        }
        if (value instanceof LocalTime) {
            return "TIME '" + value + "'";
        }
        if (value instanceof LocalDateTime t) {
            return "TIMESTAMP '" + t.toString().replace('T', ' ') + "'";
        }
        if (value instanceof TimestampData t) {
            return "TIMESTAMP '" + t.toLocalDateTime().toString().replace('T', ' ') + "'";
        }
        if (value instanceof Instant i) {
            return "TIMESTAMP_LTZ '" + i + "'";
        }
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return String.valueOf(value);
    }

    /** Serialized as its value; a {@link TimestampData} (not serializable) as millis and nanos. */
    private Object writeReplace() {
        if (value instanceof TimestampData t) {
            return new Form(null, t.getMillisecond(), t.getNanoOfMillisecond());
        }
        return new Form((Serializable) value, 0, 0);
    }

    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("Cannot read a literal: it is read as its Form");
    }

    /**
     * The serialized form of a literal: a serializable value, or a timestamp when value is null.
     */
    private record Form(Serializable value, long millis, int nanos) implements Serializable {
        private Object readResolve() {
            return Literal.of(value != null ? value : TimestampData.fromEpochMillis(millis, nanos));
        }
    }

    /** UTF-8 of a string literal; used for prefixes. */
    static byte[] utf8(String s) {
        return Objects.requireNonNull(s, "s").getBytes(StandardCharsets.UTF_8);
    }
}
