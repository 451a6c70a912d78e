package io.pqx.tools.report;

import io.pqx.format.metadata.SchemaView;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.VariantLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The layout of a file's VARIANT columns, from the Parquet schema in its footer alone, as {@code
 * pqx schema} prints it: per group annotated VARIANT, its annotation and whether it is shredded;
 * for a shredded one, one line per place in the value that has columns of its own ({@code $} the
 * value, {@code $.a} a field of an object, {@code $[*]} the elements of an array), saying whether a
 * {@code value} column holds what is not shredded there and which Variant type its {@code
 * typed_value} holds ({@code int8}, {@code decimal8(18,9)}, {@code string}, {@code object}, {@code
 * array}, ...). A {@code typed_value} whose Parquet type is no Variant type of the shredding spec
 * is shown with its Parquet type and marked so.
 *
 * <p>The schema is read from {@link SchemaView#text()} with parquet-column's parser (the text is
 * what parquet-column prints). Field names that its parser cannot read back (with spaces or
 * brackets) make the layout a one-line note rather than a failure of the command.
 *
 * <p>Stateless and thread-safe.
 */
@Internal
public final class VariantLayout {

    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final String VALUE = "value";
    private static final String TYPED_VALUE = "typed_value";

    private VariantLayout() {}

    /**
     * The layout of every VARIANT group of {@code schema}, in schema order, each starting with a
     * line {@code variant <column>: VARIANT(1), shredded} (or {@code not shredded}); empty when
     * there is none.
     */
    public static String of(SchemaView schema) {
        MessageType message;
        try {
            message = MessageTypeParser.parseMessageType(schema.text());
        } catch (RuntimeException e) {
            return schema.text().contains("(VARIANT")
                    ? "variant layout: not shown, the schema's text does not parse back ("
                            + e.getMessage()
                            + ")\n"
                    : "";
        }
        StringBuilder sb = new StringBuilder();
        for (Type field : message.getFields()) {
            appendVariants(sb, field, name(field.getName()));
        }
        return sb.toString();
    }

    private static void appendVariants(StringBuilder sb, Type field, String column) {
        if (field.isPrimitive()) {
            return;
        }
        GroupType group = field.asGroupType();
        LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
        if (annotation instanceof VariantLogicalTypeAnnotation) {
            appendVariant(sb, group, column, annotation);
            return;
        }
        for (Type child : group.getFields()) {
            appendVariants(sb, child, column + "." + name(child.getName()));
        }
    }

    private static void appendVariant(
            StringBuilder sb, GroupType variant, String column, LogicalTypeAnnotation annotation) {
        boolean shredded = variant.containsField(TYPED_VALUE);
        sb.append("variant ")
                .append(column)
                .append(": ")
                .append(annotation)
                .append(shredded ? ", shredded" : ", not shredded");
        if (!variant.containsField("metadata")) {
            sb.append(" (no metadata field)");
        }
        sb.append('\n');
        if (!shredded) {
            return;
        }
        List<String[]> lines = new ArrayList<>();
        describe(variant, "$", lines);
        int width = 0;
        for (String[] line : lines) {
            width = Math.max(width, line[0].length());
        }
        for (String[] line : lines) {
            sb.append("  ")
                    .append(line[0])
                    .append(" ".repeat(width + 2 - line[0].length()))
                    .append(line[1])
                    .append('\n');
        }
    }

    /** Adds {@code [path, columns]} for the node (a group with value and/or typed_value). */
    private static void describe(GroupType node, String path, List<String[]> lines) {
        List<String> columns = new ArrayList<>();
        if (node.containsField(VALUE)) {
            columns.add(VALUE);
        }
        Type typed = node.containsField(TYPED_VALUE) ? node.getType(TYPED_VALUE) : null;
        if (typed != null) {
            columns.add(TYPED_VALUE + " " + typeName(typed));
        }
        lines.add(
                new String[] {
                    path,
                    columns.isEmpty() ? "(no value, no typed_value)" : String.join(", ", columns)
                });
        if (typed == null || typed.isPrimitive()) {
            return;
        }
        GroupType group = typed.asGroupType();
        if (group.getLogicalTypeAnnotation() instanceof ListLogicalTypeAnnotation) {
            GroupType element = listElement(group);
            if (element != null) {
                describe(element, path + "[*]", lines);
            }
            return;
        }
        if (group.getLogicalTypeAnnotation() != null) {
            // Neither a LIST nor an object: typeName marked it as no Variant type.
            return;
        }
        for (Type field : group.getFields()) {
            String fieldPath = path + segment(field.getName());
            if (field.isPrimitive()) {
                lines.add(new String[] {fieldPath, "not a group: " + field});
            } else {
                describe(field.asGroupType(), fieldPath, lines);
            }
        }
    }

    /** The element group of a 3-level LIST (repeated group list { required group element }). */
    private static GroupType listElement(GroupType list) {
        if (list.getFieldCount() != 1 || list.getType(0).isPrimitive()) {
            return null;
        }
        GroupType repeated = list.getType(0).asGroupType();
        if (repeated.getFieldCount() != 1 || repeated.getType(0).isPrimitive()) {
            return null;
        }
        return repeated.getType(0).asGroupType();
    }

    /** The Variant type a typed_value of this Parquet type holds, per the shredding spec. */
    static String typeName(Type typed) {
        if (!typed.isPrimitive()) {
            GroupType group = typed.asGroupType();
            LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
            if (annotation == null) {
                return "object";
            }
            if (annotation instanceof ListLogicalTypeAnnotation) {
                return listElement(group) == null ? "array (not a 3-level LIST)" : "array";
            }
            return "of Parquet type group (" + annotation + "), no Variant type";
        }
        PrimitiveType primitive = typed.asPrimitiveType();
        String name = variantPrimitive(primitive);
        if (name != null) {
            return name;
        }
        LogicalTypeAnnotation annotation = primitive.getLogicalTypeAnnotation();
        String parquet = primitive.getPrimitiveTypeName().name().toLowerCase(Locale.ROOT);
        if (primitive.getPrimitiveTypeName()
                == PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            parquet += "(" + primitive.getTypeLength() + ")";
        }
        return "of Parquet type "
                + parquet
                + (annotation == null ? "" : " (" + annotation + ")")
                + ", no Variant type";
    }

    private static String variantPrimitive(PrimitiveType primitive) {
        LogicalTypeAnnotation annotation = primitive.getLogicalTypeAnnotation();
        switch (primitive.getPrimitiveTypeName()) {
            case BOOLEAN:
                return annotation == null ? "boolean" : null;
            case INT32:
                if (annotation == null) {
                    return "int32";
                }
                if (annotation instanceof IntLogicalTypeAnnotation) {
                    IntLogicalTypeAnnotation integer = (IntLogicalTypeAnnotation) annotation;
                    return integer.isSigned() && integer.getBitWidth() <= 32
                            ? "int" + integer.getBitWidth()
                            : null;
                }
                if (annotation instanceof DecimalLogicalTypeAnnotation) {
                    return decimal("decimal4", annotation);
                }
                return annotation.equals(LogicalTypeAnnotation.dateType()) ? "date" : null;
            case INT64:
                if (annotation == null) {
                    return "int64";
                }
                if (annotation instanceof IntLogicalTypeAnnotation) {
                    IntLogicalTypeAnnotation integer = (IntLogicalTypeAnnotation) annotation;
                    return integer.isSigned() && integer.getBitWidth() == 64 ? "int64" : null;
                }
                if (annotation instanceof DecimalLogicalTypeAnnotation) {
                    return decimal("decimal8", annotation);
                }
                if (annotation instanceof TimeLogicalTypeAnnotation) {
                    TimeLogicalTypeAnnotation time = (TimeLogicalTypeAnnotation) annotation;
                    return !time.isAdjustedToUTC() && time.getUnit() == TimeUnit.MICROS
                            ? "time"
                            : null;
                }
                if (annotation instanceof TimestampLogicalTypeAnnotation) {
                    TimestampLogicalTypeAnnotation ts = (TimestampLogicalTypeAnnotation) annotation;
                    String zone = ts.isAdjustedToUTC() ? "_tz" : "_ntz";
                    switch (ts.getUnit()) {
                        case MICROS:
                            return "timestamp" + zone;
                        case NANOS:
                            return "timestamp_nanos" + zone;
                        default:
                            return null;
                    }
                }
                return null;
            case FLOAT:
                return annotation == null ? "float" : null;
            case DOUBLE:
                return annotation == null ? "double" : null;
            case BINARY:
                if (annotation == null) {
                    return "binary";
                }
                if (annotation instanceof StringLogicalTypeAnnotation) {
                    return "string";
                }
                return annotation instanceof DecimalLogicalTypeAnnotation
                        ? decimal("decimal16", annotation)
                        : null;
            case FIXED_LEN_BYTE_ARRAY:
                if (annotation instanceof DecimalLogicalTypeAnnotation) {
                    return decimal("decimal16", annotation);
                }
                return annotation != null
                                && annotation.equals(LogicalTypeAnnotation.uuidType())
                                && primitive.getTypeLength() == 16
                        ? "uuid"
                        : null;
            default:
                return null;
        }
    }

    private static String decimal(String kind, LogicalTypeAnnotation annotation) {
        DecimalLogicalTypeAnnotation decimal = (DecimalLogicalTypeAnnotation) annotation;
        return kind + "(" + decimal.getPrecision() + "," + decimal.getScale() + ")";
    }

    /**
     * {@code .name} for a plain name, else {@code ["name"]} with {@code "} and {@code \} escaped.
     */
    private static String segment(String name) {
        return PLAIN_KEY.matcher(name).matches()
                ? "." + name
                : "[\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
    }

    /** A column name as {@code pqx schema} writes it: back-quoted when not a plain identifier. */
    private static String name(String name) {
        return PLAIN_KEY.matcher(name).matches() ? name : "`" + name.replace("`", "``") + "`";
    }
}
