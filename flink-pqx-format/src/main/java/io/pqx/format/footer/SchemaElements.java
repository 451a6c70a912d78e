package io.pqx.format.footer;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.TypeDefinedOrder;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Converts a Parquet schema between parquet-column's {@link MessageType} and the flattened,
 * depth-first list of Thrift {@link SchemaElement}s stored in the footer.
 *
 * <p>Reading accepts what real writers produce: logical types of every kind the format defines (an
 * unknown future one is read as no annotation, like parquet-java and Arrow do), legacy converted
 * types when no logical type is present, and field ids. It rejects a list that does not describe a
 * tree (child counts that overrun the list, elements left over, missing names or repetitions,
 * duplicate sibling names, physical types that contradict their annotation) with a {@link
 * CorruptFileException}.
 *
 * <p>Called by {@link FooterReader} and by the writer when it builds the footer. Stateless and
 * thread-safe.
 */
@Internal
public final class SchemaElements {
    /** Deeper schemas are rejected: no writer nests this far, and recursion must stay bounded. */
    static final int MAX_DEPTH = 500;

    private static final String WHAT = "Cannot read schema";

    private SchemaElements() {}

    /** The footer's schema list for {@code schema}: root first, then fields depth first. */
    public static List<SchemaElement> toThrift(MessageType schema) {
        List<SchemaElement> out = new ArrayList<>();
        SchemaElement root = new SchemaElement(schema.getName());
        root.setNum_children(schema.getFieldCount());
        out.add(root);
        for (Type field : schema.getFields()) {
            addElements(field, out);
        }
        return out;
    }

    private static void addElements(Type type, List<SchemaElement> out) {
        SchemaElement element = new SchemaElement(type.getName());
        element.setRepetition_type(FieldRepetitionType.valueOf(type.getRepetition().name()));
        if (type.getId() != null) {
            element.setField_id(type.getId().intValue());
        }
        LogicalTypeAnnotation annotation = type.getLogicalTypeAnnotation();
        if (annotation != null) {
            annotate(element, annotation);
        }
        out.add(element);
        if (type.isPrimitive()) {
            PrimitiveType primitive = type.asPrimitiveType();
            element.setType(PhysicalTypes.toThrift(primitive.getPrimitiveTypeName()));
            if (primitive.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
                element.setType_length(primitive.getTypeLength());
            }
        } else {
            GroupType group = type.asGroupType();
            element.setNum_children(group.getFieldCount());
            for (Type child : group.getFields()) {
                addElements(child, out);
            }
        }
    }

    private static void annotate(SchemaElement element, LogicalTypeAnnotation annotation) {
        LogicalType logical = LogicalTypeConverter.toThrift(annotation);
        if (logical != null) {
            element.setLogicalType(logical);
        }
        ConvertedType converted = LogicalTypeConverter.toConvertedType(annotation);
        if (converted != null) {
            element.setConverted_type(converted);
        }
        if (annotation instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
            LogicalTypeAnnotation.DecimalLogicalTypeAnnotation decimal =
                    (LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) annotation;
            element.setScale(decimal.getScale());
            element.setPrecision(decimal.getPrecision());
        }
    }

    /**
     * One {@code TYPE_ORDER} column order per leaf of {@code schema}, for the footer's {@code
     * column_orders}: without it, readers must distrust min/max of binary and unsigned columns.
     */
    public static List<ColumnOrder> typeDefinedColumnOrders(MessageType schema) {
        List<ColumnOrder> orders = new ArrayList<>();
        for (int i = 0; i < schema.getColumns().size(); i++) {
            orders.add(ColumnOrder.TYPE_ORDER(new TypeDefinedOrder()));
        }
        return orders;
    }

    /**
     * The schema the footer's element list describes.
     *
     * @throws CorruptFileException "Cannot read schema: ..." when the list is not a valid tree
     */
    public static MessageType fromThrift(@Nullable List<SchemaElement> elements, FileContext ctx)
            throws CorruptFileException {
        if (elements == null || elements.isEmpty()) {
            throw ctx.corrupt(WHAT, "the footer has no schema elements");
        }
        SchemaElement root = elements.get(0);
        if (root == null || root.getName() == null) {
            throw ctx.corrupt(WHAT, "the root element has no name");
        }
        if (!root.isSetNum_children() || root.isSetType()) {
            throw ctx.corrupt(WHAT, "the root element '" + root.getName() + "' is not a group");
        }
        Reader reader = new Reader(elements, ctx);
        List<Type> fields = reader.children(root, "", 1);
        if (reader.next != elements.size()) {
            throw ctx.corrupt(
                    WHAT,
                    "the schema tree covers "
                            + reader.next
                            + " of the footer's "
                            + elements.size()
                            + " schema elements");
        }
        return new MessageType(root.getName(), fields);
    }

    /** Walks the flattened list once, depth first; {@code next} is the next element to read. */
    private static final class Reader {
        private final List<SchemaElement> elements;
        private final FileContext ctx;
        private int next = 1;

        Reader(List<SchemaElement> elements, FileContext ctx) {
            this.elements = elements;
            this.ctx = ctx;
        }

        List<Type> children(SchemaElement parent, String parentPath, int depth)
                throws CorruptFileException {
            String groupName = parentPath.isEmpty() ? "the root" : "group '" + parentPath + "'";
            int count = parent.getNum_children();
            if (count < 0) {
                throw ctx.corrupt(WHAT, groupName + " has a negative child count " + count);
            }
            if (count > elements.size() - next) {
                throw ctx.corrupt(
                        WHAT,
                        groupName
                                + " declares "
                                + count
                                + " children but only "
                                + (elements.size() - next)
                                + " schema elements follow");
            }
            if (depth > MAX_DEPTH) {
                throw ctx.corrupt(WHAT, "the schema nests deeper than " + MAX_DEPTH + " levels");
            }
            List<Type> fields = new ArrayList<>(count);
            Set<String> names = new HashSet<>();
            for (int i = 0; i < count; i++) {
                // the check above counted the elements left, but nested groups before this child
                // may have taken them
                if (next >= elements.size()) {
                    throw ctx.corrupt(
                            WHAT,
                            groupName
                                    + " declares "
                                    + count
                                    + " children but the schema elements end after its child "
                                    + i);
                }
                SchemaElement element = elements.get(next++);
                String name = element == null ? null : element.getName();
                if (name == null) {
                    throw ctx.corrupt(WHAT, "a child of " + groupName + " has no name");
                }
                String path = parentPath.isEmpty() ? name : parentPath + "." + name;
                if (!names.add(name)) {
                    throw ctx.corrupt(WHAT, groupName + " has two fields named '" + name + "'");
                }
                fields.add(field(element, path, depth));
            }
            return fields;
        }

        private Type field(SchemaElement element, String path, int depth)
                throws CorruptFileException {
            if (element.getRepetition_type() == null) {
                throw ctx.corrupt(WHAT, "field '" + path + "' has no repetition type");
            }
            Type.Repetition repetition =
                    Type.Repetition.valueOf(element.getRepetition_type().name());
            boolean group =
                    element.isSetNum_children()
                            && (element.getNum_children() > 0 || !element.isSetType());
            try {
                return group
                        ? group(element, repetition, path, depth)
                        : primitive(element, repetition, path);
            } catch (IllegalArgumentException | IllegalStateException e) {
                // parquet-column's builders are the authority on which annotation fits which
                // type and reject a contradiction in plain words ("TIMESTAMP(NANOS,true) can only
                // annotate INT64"): keep their words, not their unchecked exception.
                throw ctx.corrupt(WHAT, "field '" + path + "' is invalid: " + e.getMessage());
            }
        }

        private Type group(
                SchemaElement element, Type.Repetition repetition, String path, int depth)
                throws CorruptFileException {
            List<Type> children = children(element, path, depth + 1);
            LogicalTypeAnnotation annotation = annotation(element);
            Type type;
            if (children.isEmpty()) {
                // Types' builder refuses empty groups; the format does not, so keep them.
                type = new GroupType(repetition, element.getName(), children);
            } else {
                type =
                        Types.buildGroup(repetition)
                                .as(annotation)
                                .addFields(children.toArray(new Type[0]))
                                .named(element.getName());
            }
            return element.isSetField_id() ? type.withId(element.getField_id()) : type;
        }

        private Type primitive(SchemaElement element, Type.Repetition repetition, String path)
                throws CorruptFileException {
            if (element.getType() == null) {
                throw ctx.corrupt(WHAT, "field '" + path + "' has neither a type nor children");
            }
            PrimitiveTypeName typeName = PhysicalTypes.fromThrift(element.getType());
            Types.PrimitiveBuilder<PrimitiveType> builder = Types.primitive(typeName, repetition);
            if (typeName == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
                if (!element.isSetType_length() || element.getType_length() < 0) {
                    throw ctx.corrupt(
                            WHAT,
                            "FIXED_LEN_BYTE_ARRAY field '" + path + "' has no valid type_length");
                }
                builder.length(element.getType_length());
            }
            builder.as(annotation(element));
            if (element.isSetField_id()) {
                builder.id(element.getField_id());
            }
            return builder.named(element.getName());
        }

        /** The logical type if known, else the converted type, else none. */
        @Nullable
        private static LogicalTypeAnnotation annotation(SchemaElement element) {
            LogicalTypeAnnotation annotation = null;
            if (element.isSetLogicalType()) {
                annotation = LogicalTypeConverter.fromThrift(element.getLogicalType());
            }
            if (annotation == null && element.getConverted_type() != null) {
                annotation =
                        LogicalTypeConverter.fromConvertedType(
                                element.getConverted_type(),
                                element.getScale(),
                                element.getPrecision(),
                                element.isSetPrecision());
            }
            return annotation;
        }
    }
}
