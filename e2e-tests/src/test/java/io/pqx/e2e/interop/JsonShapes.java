package io.pqx.e2e.interop;

import io.pqx.e2e.interop.JsonShape.Leaf;
import io.pqx.e2e.interop.JsonShape.ListOf;
import io.pqx.e2e.interop.JsonShape.MapOf;
import io.pqx.e2e.interop.JsonShape.Slot;
import io.pqx.e2e.interop.JsonShape.Struct;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Builds the {@link JsonShape} of a Parquet schema, applying the backward-compatibility rules of
 * the Parquet LogicalTypes spec (section "Nested Types"): 2-level lists, {@code array} and {@code
 * <name>_tuple} repeated groups, repeated groups with several fields as the element, MAP_KEY_VALUE
 * as MAP, maps without a value field, and a repeated field without LIST/MAP annotation as a
 * required list of required elements. A LIST or MAP group that fits none of the layouts renders as
 * the plain struct it physically is.
 *
 * <p>Used by both peer renderers so that they interpret the layout the same way; the values
 * themselves come from each peer. Stateless.
 */
final class JsonShapes {

    private JsonShapes() {}

    /** The shape of a whole row: a struct of the top-level columns. */
    static Struct of(MessageType schema) {
        return struct(schema);
    }

    private static Struct struct(GroupType group) {
        List<Slot> slots = new ArrayList<>(group.getFieldCount());
        for (int i = 0; i < group.getFieldCount(); i++) {
            slots.add(slot(group.getType(i), i));
        }
        return new Struct(slots);
    }

    private static JsonShape shape(Type type) {
        if (type.isPrimitive()) {
            return new Leaf(type.asPrimitiveType(), LeafKind.of(type.asPrimitiveType()));
        }
        GroupType group = type.asGroupType();
        LogicalTypeAnnotation logical = group.getLogicalTypeAnnotation();
        if (logical instanceof ListLogicalTypeAnnotation && hasSingleRepeatedChild(group)) {
            return list(group);
        }
        if ((logical instanceof MapLogicalTypeAnnotation
                        || logical instanceof MapKeyValueTypeAnnotation)
                && hasSingleRepeatedChild(group)
                && isKeyValueGroup(group.getType(0))) {
            GroupType keyValue = group.getType(0).asGroupType();
            Slot key = slot(keyValue.getType(0), 0);
            Slot value = keyValue.getFieldCount() == 2 ? slot(keyValue.getType(1), 1) : null;
            return new MapOf(key, value);
        }
        return struct(group);
    }

    private static ListOf list(GroupType list) {
        Type repeated = list.getType(0);
        if (repeated.isPrimitive()) {
            return new ListOf(shape(repeated), null);
        }
        GroupType group = repeated.asGroupType();
        boolean repeatedIsElement =
                group.getFieldCount() != 1
                        || group.getName().equals("array")
                        || group.getName().equals(list.getName() + "_tuple")
                        || group.getType(0).isRepetition(Type.Repetition.REPEATED);
        if (repeatedIsElement) {
            return new ListOf(shape(group), null);
        }
        Slot element = slot(group.getType(0), 0);
        return new ListOf(element.value(), element);
    }

    /**
     * A field of a group; a repeated one (outside a LIST/MAP layout) is a list of its occurrences.
     */
    private static Slot slot(Type field, int index) {
        return new Slot(
                field.getName(), index, field.isRepetition(Type.Repetition.REPEATED), shape(field));
    }

    private static boolean hasSingleRepeatedChild(GroupType group) {
        return group.getFieldCount() == 1
                && group.getType(0).isRepetition(Type.Repetition.REPEATED);
    }

    private static boolean isKeyValueGroup(Type type) {
        return !type.isPrimitive()
                && (type.asGroupType().getFieldCount() == 1
                        || type.asGroupType().getFieldCount() == 2);
    }
}
