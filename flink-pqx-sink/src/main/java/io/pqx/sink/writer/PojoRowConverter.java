package io.pqx.sink.writer;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.PojoField;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Turns Flink POJOs into {@link RowData} for the sink, with the schema derived from Flink's type
 * extraction ({@link PojoTypeInfo}); columns come in that type's field order (alphabetical).
 * Mapping:
 *
 * <ul>
 *   <li>{@code boolean, byte, short, int, long, float, double} → BOOLEAN, TINYINT, SMALLINT, INT,
 *       BIGINT, FLOAT, DOUBLE, NOT NULL; their boxed types → the same, nullable
 *   <li>{@code String} → STRING; enums → STRING (the constant's name); {@code byte[]} → BYTES
 *   <li>{@code BigDecimal} → DECIMAL(38, 18) (rounded half-up to 18 digits; a value with more than
 *       20 integer digits is refused by {@link #convert}, naming the field and the value)
 *   <li>{@code LocalDate} → DATE (a date beyond 32-bit days is refused, not wrapped); {@code
 *       LocalTime} → TIME(3) (truncated to milliseconds); {@code LocalDateTime} → TIMESTAMP(9);
 *       {@code Instant} → TIMESTAMP_LTZ(9) (both refused by the writer, naming the column, outside
 *       the years 1677 to 2262 that INT64 nanoseconds hold)
 *   <li>a nested POJO → ROW of its fields (nullable)
 * </ul>
 *
 * Other field types are rejected by {@link #of} with the field and its type named. Immutable and
 * serializable; {@link #convert} may be called by one thread at a time per instance.
 */
@Internal
public final class PojoRowConverter<T> implements Serializable {
    private static final int DECIMAL_PRECISION = 38;
    private static final int DECIMAL_SCALE = 18;

    /** Converts one field value (never null) to Flink's internal representation. */
    private interface ValueConverter extends Serializable {
        Object convert(Object value);
    }

    private final PojoField[] fields;
    private final ValueConverter[] converters;
    private final RowType rowType;
    private transient Field[] accessible;

    private PojoRowConverter(PojoField[] fields, ValueConverter[] converters, RowType rowType) {
        this.fields = fields;
        this.converters = converters;
        this.rowType = rowType;
    }

    /**
     * @throws IllegalArgumentException if {@code type} is not a Flink POJO or a field has a type
     *     without a mapping (naming the field)
     */
    public static <T> PojoRowConverter<T> of(Class<T> type) {
        TypeInformation<T> info = TypeInformation.of(type);
        if (!(info instanceof PojoTypeInfo<T> pojo)) {
            throw new IllegalArgumentException(
                    type.getName()
                            + " is not a Flink POJO (it is "
                            + info
                            + "): it needs a public no-argument constructor and public fields or"
                            + " getters and setters");
        }
        return of(pojo, type.getSimpleName());
    }

    private static <T> PojoRowConverter<T> of(PojoTypeInfo<T> pojo, String path) {
        PojoField[] fields = new PojoField[pojo.getArity()];
        ValueConverter[] converters = new ValueConverter[fields.length];
        List<RowType.RowField> rowFields = new ArrayList<>();
        for (int i = 0; i < fields.length; i++) {
            fields[i] = pojo.getPojoFieldAt(i);
            String name = fields[i].getField().getName();
            Class<?> javaType = fields[i].getField().getType();
            Mapping m = mapping(fields[i].getTypeInformation(), javaType, path + "." + name);
            converters[i] = m.converter();
            rowFields.add(new RowType.RowField(name, m.type()));
        }
        return new PojoRowConverter<>(fields, converters, new RowType(rowFields));
    }

    private record Mapping(LogicalType type, ValueConverter converter) {}

    private static Mapping mapping(TypeInformation<?> info, Class<?> javaType, String path) {
        boolean primitive = javaType.isPrimitive();
        if (info instanceof PojoTypeInfo<?> nested) {
            PojoRowConverter<?> inner = of(nested, path);
            return new Mapping(inner.rowType(), inner::convertObject);
        }
        if (info.equals(PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO)) {
            // Copied: the sink may hold the row past this call (it counts on fresh rows), while
            // a source with object reuse may refill the same array for its next record.
            return new Mapping(
                    new VarBinaryType(VarBinaryType.MAX_LENGTH), v -> ((byte[]) v).clone());
        }
        if (javaType.isEnum()) {
            return new Mapping(
                    new VarCharType(VarCharType.MAX_LENGTH),
                    v -> StringData.fromString(((Enum<?>) v).name()));
        }
        Class<?> c = info.getTypeClass();
        if (c == String.class) {
            return new Mapping(
                    new VarCharType(VarCharType.MAX_LENGTH),
                    v -> StringData.fromString((String) v));
        }
        if (info instanceof BasicTypeInfo<?>
                && c != BigDecimal.class
                && c != Character.class
                && c != Date.class
                && c != BigInteger.class
                && c != Void.class
                && c != Instant.class) {
            return new Mapping(basicType(c, !primitive), v -> v);
        }
        if (c == BigDecimal.class) {
            return new Mapping(
                    new DecimalType(DECIMAL_PRECISION, DECIMAL_SCALE),
                    v -> decimal((BigDecimal) v, path));
        }
        if (c == LocalDate.class) {
            return new Mapping(new DateType(), v -> date((LocalDate) v, path));
        }
        if (c == LocalTime.class) {
            return new Mapping(
                    new TimeType(3), v -> (int) (((LocalTime) v).toNanoOfDay() / 1_000_000));
        }
        if (c == LocalDateTime.class) {
            return new Mapping(
                    new TimestampType(9), v -> TimestampData.fromLocalDateTime((LocalDateTime) v));
        }
        if (c == Instant.class) {
            return new Mapping(
                    new LocalZonedTimestampType(9), v -> TimestampData.fromInstant((Instant) v));
        }
        throw new IllegalArgumentException(
                "POJO field "
                        + path
                        + " has type "
                        + info
                        + ", which the pqx sink cannot map to a column");
    }

    /**
     * The decimal, rounded half-up to {@link #DECIMAL_SCALE} digits; refused when it has more
     * integer digits than the column holds, since {@link DecimalData#fromBigDecimal} then returns
     * null and the row would be committed with a NULL in its place.
     */
    private static DecimalData decimal(BigDecimal value, String path) {
        DecimalData data =
                DecimalData.fromBigDecimal(
                        value.setScale(DECIMAL_SCALE, RoundingMode.HALF_UP),
                        DECIMAL_PRECISION,
                        DECIMAL_SCALE);
        if (data == null) {
            throw refused(
                    path,
                    value,
                    "DECIMAL("
                            + DECIMAL_PRECISION
                            + ", "
                            + DECIMAL_SCALE
                            + ") (at most "
                            + (DECIMAL_PRECISION - DECIMAL_SCALE)
                            + " digits before the point)");
        }
        return data;
    }

    /** Days since the epoch; refused beyond the int range a DATE column stores, not wrapped. */
    private static int date(LocalDate value, String path) {
        long days = value.toEpochDay();
        if (days != (int) days) {
            throw refused(path, value, "DATE (days since 1970-01-01 in 32 bits)");
        }
        return (int) days;
    }

    private static IllegalArgumentException refused(String path, Object value, String column) {
        return new IllegalArgumentException(
                "Cannot convert POJO field "
                        + path
                        + ": its value "
                        + value
                        + " does not fit "
                        + column);
    }

    private static LogicalType basicType(Class<?> c, boolean nullable) {
        if (c == Boolean.class) {
            return new BooleanType(nullable);
        } else if (c == Byte.class) {
            return new TinyIntType(nullable);
        } else if (c == Short.class) {
            return new SmallIntType(nullable);
        } else if (c == Integer.class) {
            return new IntType(nullable);
        } else if (c == Long.class) {
            return new BigIntType(nullable);
        } else if (c == Float.class) {
            return new FloatType(nullable);
        } else if (c == Double.class) {
            return new DoubleType(nullable);
        }
        throw new IllegalArgumentException("no column type for " + c.getName());
    }

    /** The row type of the converted rows. */
    public RowType rowType() {
        return rowType;
    }

    /**
     * A fresh row holding the POJO's fields; it shares no mutable value with the POJO.
     *
     * @throws IllegalArgumentException "Cannot convert POJO field Order.price: its value ... does
     *     not fit ..." for a value its column cannot hold; no value is ever turned into a null
     */
    public RowData convert(T pojo) {
        return convertObject(pojo);
    }

    private RowData convertObject(Object pojo) {
        if (accessible == null) {
            accessible = new Field[fields.length];
            for (int i = 0; i < fields.length; i++) {
                accessible[i] = fields[i].getField();
                accessible[i].setAccessible(true);
            }
        }
        GenericRowData row = new GenericRowData(fields.length);
        for (int i = 0; i < fields.length; i++) {
            Object value;
            try {
                value = accessible[i].get(pojo);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(
                        "Cannot read POJO field " + accessible[i].getName() + ": " + e.getMessage(),
                        e);
            }
            row.setField(i, value == null ? null : converters[i].convert(value));
        }
        return row;
    }
}
