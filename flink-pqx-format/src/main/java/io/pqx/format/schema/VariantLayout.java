package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UUIDLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * The shape of a Parquet variant group, checked against the Parquet Variant shredding spec: a
 * binary {@code metadata}, a binary {@code value} and an optional {@code typed_value} that is a
 * primitive of the spec's table, a LIST whose element is a REQUIRED value group, or a group of
 * shredded fields, each a REQUIRED value group. Every value group has a {@code value}, a {@code
 * typed_value} or both, and nothing else. Fields are found by name, not position, as the spec asks;
 * the indexes here are their positions in the file's group, which is where the decoder's row
 * vectors hold them.
 *
 * <p>Also recognises the unannotated layout Spark 4.0 writes (exactly a binary {@code metadata} and
 * a binary {@code value}), read as VARIANT only when the reader asks for it. Immutable.
 */
@Internal
public final class VariantLayout {
    /** The name of the metadata field. */
    public static final String METADATA = "metadata";

    /** The name of a value field. */
    public static final String VALUE = "value";

    /** The name of a shredded value field. */
    public static final String TYPED_VALUE = "typed_value";

    private VariantLayout() {}

    /** The shredded types of the spec, each with the variant primitive it becomes. */
    public enum Primitive {
        BOOLEAN,
        INT8,
        INT16,
        INT32,
        INT64,
        FLOAT,
        DOUBLE,
        DECIMAL4,
        DECIMAL8,
        DECIMAL16,
        DATE,
        TIME_MICROS,
        TIMESTAMP_UTC_MICROS,
        TIMESTAMP_MICROS,
        TIMESTAMP_UTC_NANOS,
        TIMESTAMP_NANOS,
        BINARY,
        STRING,
        UUID
    }

    /** What a {@code typed_value} holds. */
    public sealed interface Typed permits PrimitiveTyped, ObjectTyped, ArrayTyped {}

    /**
     * A shredded primitive.
     *
     * @param precision the decimal precision, 0 for other kinds
     * @param scale the decimal scale, 0 for other kinds
     */
    public record PrimitiveTyped(Primitive kind, int precision, int scale) implements Typed {}

    /** A shredded object: the fields' names and value groups, in the typed group's order. */
    public record ObjectTyped(List<String> names, List<ValueGroup> fields) implements Typed {
        public ObjectTyped {
            names = List.copyOf(names);
            fields = List.copyOf(fields);
        }
    }

    /** A shredded array of elements, each a value group. */
    public record ArrayTyped(ValueGroup element) implements Typed {}

    /**
     * A group of {@code value} and/or {@code typed_value}.
     *
     * @param valueIndex position of {@code value} in the group, or -1
     * @param typedIndex position of {@code typed_value} in the group, or -1
     * @param typed what {@code typed_value} holds, null when there is none
     */
    public record ValueGroup(int valueIndex, int typedIndex, @Nullable Typed typed) {}

    /** A variant group's whole shape. */
    public record Shape(int metadataIndex, ValueGroup top) {}

    /**
     * The shape of {@code group}, annotated VARIANT.
     *
     * @throws CorruptFileException when it breaks the spec's layout rules
     * @throws UnsupportedFileException for a {@code typed_value} primitive the spec does not list
     */
    public static Shape of(GroupType group, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        int metadata = index(group, METADATA);
        if (metadata < 0 || !isBinary(group.getType(metadata))) {
            throw ctx.corrupt("Cannot read variant", "it has no binary metadata field");
        }
        for (Type field : group.getFields()) {
            String name = field.getName();
            if (!name.equals(METADATA) && !name.equals(VALUE) && !name.equals(TYPED_VALUE)) {
                throw ctx.corrupt(
                        "Cannot read variant",
                        "field " + name + " is none of metadata, value and typed_value");
            }
        }
        return new Shape(metadata, valueGroup(group, true, ctx));
    }

    /**
     * Whether {@code group} is the unannotated layout of exactly a binary {@code metadata} and a
     * binary {@code value}, neither repeated (Spark 4.0's).
     */
    public static boolean isUnannotatedLayout(Type type) {
        if (type.isPrimitive() || type.getLogicalTypeAnnotation() != null) {
            return false;
        }
        GroupType group = type.asGroupType();
        if (group.getFieldCount() != 2) {
            return false;
        }
        int metadata = index(group, METADATA);
        int value = index(group, VALUE);
        return metadata >= 0
                && value >= 0
                && isBinary(group.getType(metadata))
                && isBinary(group.getType(value));
    }

    private static ValueGroup valueGroup(GroupType group, boolean top, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        int value = index(group, VALUE);
        int typed = index(group, TYPED_VALUE);
        if (value < 0 && typed < 0) {
            throw ctx.corrupt(
                    "Cannot read variant group " + group.getName(),
                    "it has neither a value nor a typed_value field");
        }
        if (value >= 0 && !isBinary(group.getType(value))) {
            throw ctx.corrupt(
                    "Cannot read variant group " + group.getName(),
                    "its value field is not an unannotated, non-repeated binary");
        }
        Typed shape = null;
        if (typed >= 0) {
            Type typedType = group.getType(typed);
            if (typedType.isRepetition(Repetition.REPEATED)) {
                throw ctx.corrupt(
                        "Cannot read variant group " + group.getName(), "typed_value is repeated");
            }
            shape = typed(typedType, ctx);
        }
        for (Type field : group.getFields()) {
            if (!field.getName().equals(VALUE)
                    && !field.getName().equals(TYPED_VALUE)
                    && !(top && field.getName().equals(METADATA))) {
                throw ctx.corrupt(
                        "Cannot read variant group " + group.getName(),
                        "field " + field.getName() + " is neither value nor typed_value");
            }
        }
        return new ValueGroup(value, typed, shape);
    }

    private static Typed typed(Type type, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        if (type.isPrimitive()) {
            return primitive(type.asPrimitiveType(), ctx);
        }
        GroupType group = type.asGroupType();
        if (group.getLogicalTypeAnnotation() instanceof ListLogicalTypeAnnotation) {
            return array(group, ctx);
        }
        if (group.getLogicalTypeAnnotation() != null) {
            throw ctx.unsupported(
                    "Cannot read shredded variant",
                    "typed_value group is annotated "
                            + group.getLogicalTypeAnnotation()
                            + ", neither a LIST nor an object");
        }
        List<String> names = new ArrayList<>();
        List<ValueGroup> fields = new ArrayList<>();
        for (Type field : group.getFields()) {
            if (field.isPrimitive() || !field.isRepetition(Repetition.REQUIRED)) {
                throw ctx.corrupt(
                        "Cannot read shredded variant",
                        "shredded field " + field.getName() + " is not a REQUIRED group");
            }
            names.add(field.getName());
            fields.add(valueGroup(field.asGroupType(), false, ctx));
        }
        return new ObjectTyped(names, fields);
    }

    private static Typed array(GroupType list, FileContext ctx)
            throws CorruptFileException, UnsupportedFileException {
        Type repeated = list.getFieldCount() == 1 ? list.getType(0) : null;
        if (repeated == null
                || repeated.isPrimitive()
                || !repeated.isRepetition(Repetition.REPEATED)
                || repeated.asGroupType().getFieldCount() != 1) {
            throw ctx.corrupt(
                    "Cannot read shredded variant array " + list.getName(),
                    "it is not a three-level LIST");
        }
        Type element = repeated.asGroupType().getType(0);
        if (element.isPrimitive() || !element.isRepetition(Repetition.REQUIRED)) {
            throw ctx.corrupt(
                    "Cannot read shredded variant array " + list.getName(),
                    "its element is not a REQUIRED group");
        }
        return new ArrayTyped(valueGroup(element.asGroupType(), false, ctx));
    }

    private static PrimitiveTyped primitive(PrimitiveType type, FileContext ctx)
            throws UnsupportedFileException {
        LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
        PrimitiveTypeName physical = type.getPrimitiveTypeName();
        if (a instanceof DecimalLogicalTypeAnnotation d) {
            switch (physical) {
                case INT32:
                    return new PrimitiveTyped(Primitive.DECIMAL4, d.getPrecision(), d.getScale());
                case INT64:
                    return new PrimitiveTyped(Primitive.DECIMAL8, d.getPrecision(), d.getScale());
                case BINARY:
                case FIXED_LEN_BYTE_ARRAY:
                    return new PrimitiveTyped(Primitive.DECIMAL16, d.getPrecision(), d.getScale());
                default:
                    break;
            }
        }
        Primitive kind =
                switch (physical) {
                    case BOOLEAN -> a == null ? Primitive.BOOLEAN : null;
                    case INT32 -> int32(a);
                    case INT64 -> int64(a);
                    case FLOAT -> a == null ? Primitive.FLOAT : null;
                    case DOUBLE -> a == null ? Primitive.DOUBLE : null;
                    case BINARY ->
                            a == null
                                    ? Primitive.BINARY
                                    : a instanceof StringLogicalTypeAnnotation
                                            ? Primitive.STRING
                                            : null;
                    case FIXED_LEN_BYTE_ARRAY ->
                            a instanceof UUIDLogicalTypeAnnotation && type.getTypeLength() == 16
                                    ? Primitive.UUID
                                    : null;
                    default -> null;
                };
        if (kind == null) {
            throw ctx.unsupported(
                    "Cannot read shredded variant",
                    "typed_value " + type + " is not a type the shredding spec allows");
        }
        return new PrimitiveTyped(kind, 0, 0);
    }

    @Nullable
    private static Primitive int32(@Nullable LogicalTypeAnnotation a) {
        if (a == null) {
            return Primitive.INT32;
        }
        if (a instanceof IntLogicalTypeAnnotation i && i.isSigned()) {
            return switch (i.getBitWidth()) {
                case 8 -> Primitive.INT8;
                case 16 -> Primitive.INT16;
                case 32 -> Primitive.INT32;
                default -> null;
            };
        }
        return a instanceof DateLogicalTypeAnnotation ? Primitive.DATE : null;
    }

    @Nullable
    private static Primitive int64(@Nullable LogicalTypeAnnotation a) {
        if (a == null
                || a instanceof IntLogicalTypeAnnotation i
                        && i.isSigned()
                        && i.getBitWidth() == 64) {
            return Primitive.INT64;
        }
        if (a instanceof TimeLogicalTypeAnnotation t
                && t.getUnit() == TimeUnit.MICROS
                && !t.isAdjustedToUTC()) {
            return Primitive.TIME_MICROS;
        }
        if (a instanceof TimestampLogicalTypeAnnotation t) {
            switch (t.getUnit()) {
                case MICROS:
                    return t.isAdjustedToUTC()
                            ? Primitive.TIMESTAMP_UTC_MICROS
                            : Primitive.TIMESTAMP_MICROS;
                case NANOS:
                    return t.isAdjustedToUTC()
                            ? Primitive.TIMESTAMP_UTC_NANOS
                            : Primitive.TIMESTAMP_NANOS;
                default:
                    return null;
            }
        }
        return null;
    }

    private static int index(GroupType group, String name) {
        return group.containsField(name) ? group.getFieldIndex(name) : -1;
    }

    private static boolean isBinary(Type type) {
        return type.isPrimitive()
                && !type.isRepetition(Repetition.REPEATED)
                && type.asPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.BINARY
                && type.getLogicalTypeAnnotation() == null;
    }
}
