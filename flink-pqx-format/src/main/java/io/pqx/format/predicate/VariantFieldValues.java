package io.pqx.format.predicate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.types.variant.Variant;

/**
 * The semantics of a predicate on a field of a VARIANT column, on the field's reassembled Variant
 * value. A field is <em>null</em> (missing) when the VARIANT itself is null, or when a value on the
 * path is not an object or has no field of that name; a field holding a Variant null is present, as
 * Flink's {@code v['a'] IS NOT NULL} holds. A field compares with a literal only when its Variant
 * type is of the literal's class (a Variant null is of none):
 *
 * <ul>
 *   <li>an integral or decimal literal ({@code Byte} ... {@code Long}, {@code BigInteger}, {@code
 *       BigDecimal}, {@code DecimalData}) with a Variant TINYINT, SMALLINT, INT, BIGINT or DECIMAL,
 *       numerically, whatever the widths and scales;
 *   <li>a {@code String} with a Variant STRING, by the unsigned bytes of their UTF-8 encodings (the
 *       order of Parquet's statistics);
 *   <li>a {@code Boolean} with a Variant BOOLEAN ({@code false < true});
 *   <li>a {@code LocalDate} with a Variant DATE.
 * </ul>
 *
 * A field of any other type (FLOAT, DOUBLE, timestamps, binary, objects, arrays) does not compare
 * with any literal: the comparison is UNKNOWN, so the row does not pass it. Literals of other
 * classes are refused when a predicate is bound. Stateless.
 */
@Internal
public final class VariantFieldValues {
    private VariantFieldValues() {}

    /** The class of values a literal compares with. */
    enum Kind {
        NUMBER,
        STRING,
        BOOLEAN,
        DATE
    }

    /**
     * The field at {@code path} of {@code variant} (a Variant null included), or null when it is
     * missing or {@code variant} is null.
     */
    public static Variant field(Variant variant, List<String> path) {
        Variant v = variant;
        for (String name : path) {
            if (v == null || !v.isObject()) {
                return null;
            }
            v = v.getField(name);
        }
        return v;
    }

    /**
     * The literal's value in the form {@link #compare} takes.
     *
     * @throws IllegalArgumentException naming the column, for a literal of a class no Variant field
     *     compares with
     */
    static Object literal(Literal literal, ColumnRef column) {
        Object v = literal.raw();
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        if (v instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof DecimalData d) {
            return d.toBigDecimal();
        }
        if (v instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (v instanceof Boolean || v instanceof LocalDate) {
            return v;
        }
        throw new IllegalArgumentException(
                "Cannot bind predicate on VARIANT field "
                        + column
                        + ": a "
                        + v.getClass().getSimpleName()
                        + " literal ("
                        + literal
                        + ") is not comparable with Variant values; use an integer, decimal,"
                        + " string, boolean or date");
    }

    /**
     * The literal as a value of the {@link ColumnDomain} of a shredded field's typed column of type
     * {@code typed}, when every value of that column compares with the literal under these
     * semantics exactly as the domain compares them: an integral or decimal literal with an integer
     * or DECIMAL column, a string with a CHAR/VARCHAR column, a boolean with a BOOLEAN column, a
     * date with a DATE column, each converted exactly ({@link ColumnDomain#coerce}). Null
     * otherwise: the typed column's statistics then prove nothing about the predicate.
     */
    public static Object typedLiteral(Literal literal, LogicalType typed) {
        Object v = literal.raw();
        boolean number =
                v instanceof Byte
                        || v instanceof Short
                        || v instanceof Integer
                        || v instanceof Long
                        || v instanceof BigInteger
                        || v instanceof BigDecimal
                        || v instanceof DecimalData;
        boolean fits =
                switch (typed.getTypeRoot()) {
                    case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL -> number;
                    case CHAR, VARCHAR -> v instanceof String;
                    case BOOLEAN -> v instanceof Boolean;
                    case DATE -> v instanceof LocalDate;
                    default -> false;
                };
        if (!fits) {
            return null;
        }
        try {
            return ColumnDomain.coerce(literal, typed);
        } catch (IllegalArgumentException e) {
            return null; // not exactly a value of the column: nothing to compare bounds with
        }
    }

    /** Which class of Variant values a literal of {@link #literal} compares with. */
    static Kind kind(Object literal) {
        if (literal instanceof BigDecimal) {
            return Kind.NUMBER;
        }
        if (literal instanceof byte[]) {
            return Kind.STRING;
        }
        return literal instanceof Boolean ? Kind.BOOLEAN : Kind.DATE;
    }

    /**
     * The sign of {@code field} compared with {@code literal} (a value of {@link #literal}), or
     * null when the field's Variant type is not of the literal's class.
     */
    static Integer compare(Variant field, Object literal) {
        switch (kind(literal)) {
            case NUMBER -> {
                BigDecimal value =
                        switch (field.getType()) {
                            case TINYINT -> BigDecimal.valueOf(field.getByte());
                            case SMALLINT -> BigDecimal.valueOf(field.getShort());
                            case INT -> BigDecimal.valueOf(field.getInt());
                            case BIGINT -> BigDecimal.valueOf(field.getLong());
                            case DECIMAL -> field.getDecimal();
                            default -> null;
                        };
                return value == null ? null : Integer.signum(value.compareTo((BigDecimal) literal));
            }
            case STRING -> {
                if (field.getType() != Variant.Type.STRING) {
                    return null;
                }
                byte[] bytes = field.getString().getBytes(StandardCharsets.UTF_8);
                return Integer.signum(Arrays.compareUnsigned(bytes, (byte[]) literal));
            }
            case BOOLEAN -> {
                return field.getType() != Variant.Type.BOOLEAN
                        ? null
                        : Integer.signum(Boolean.compare(field.getBoolean(), (Boolean) literal));
            }
            default -> {
                return field.getType() != Variant.Type.DATE
                        ? null
                        : Integer.signum(field.getDate().compareTo((LocalDate) literal));
            }
        }
    }
}
