package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * The shape rules of LIST and MAP groups, standard and legacy, from the "Backward-compatibility
 * rules" of the Parquet LogicalTypes spec. A group that cannot be read under any rule is corrupt.
 *
 * <p>Used by {@link SchemaTreeBuilder}. Stateless and thread-safe.
 */
final class CollectionLayouts {

    private CollectionLayouts() {}

    /**
     * The repeated field of a LIST group: its only field, which must be REPEATED.
     *
     * @param ctx names the file and the LIST column, for errors
     */
    static Type listRepeatedField(GroupType list, FileContext ctx) throws CorruptFileException {
        if (list.getFieldCount() != 1) {
            throw ctx.corrupt(
                    "Cannot read LIST column",
                    "the LIST group has "
                            + list.getFieldCount()
                            + " fields, it must have exactly one repeated field");
        }
        Type repeated = list.getType(0);
        if (!repeated.isRepetition(Repetition.REPEATED)) {
            throw ctx.corrupt(
                    "Cannot read LIST column",
                    "the only field of the LIST group, "
                            + repeated.getName()
                            + ", is "
                            + repeated.getRepetition()
                            + ", it must be REPEATED");
        }
        return repeated;
    }

    /**
     * Whether the repeated field of a LIST is the element itself (a 2-level list, elements
     * required), rather than a wrapper around the element field (the 3-level list):
     *
     * <ol>
     *   <li>it is a primitive;
     *   <li>it is a group of more than one field;
     *   <li>it is a group whose only field is REPEATED;
     *   <li>it is a group of one field named {@code array} or {@code <list name>_tuple}.
     * </ol>
     *
     * Otherwise (rule 5) its only field is the element, with that field's repetition.
     */
    static boolean listElementIsRepeatedField(Type repeated, String listName) {
        if (repeated.isPrimitive()) {
            return true;
        }
        GroupType group = repeated.asGroupType();
        if (group.getFieldCount() != 1) {
            // More than one field: rule 2. No field: an empty element group, refused later.
            return true;
        }
        if (group.getType(0).isRepetition(Repetition.REPEATED)) {
            return true;
        }
        String name = repeated.getName();
        return name.equals("array") || name.equals(listName + "_tuple");
    }

    /**
     * The repeated key/value group of a MAP (or legacy MAP_KEY_VALUE) group: its only field, a
     * REPEATED group whose first field is the key and whose second, if present, is the value. Names
     * are not checked (the spec allows any). A key that is OPTIONAL (as Presto/Trino wrote it) is
     * accepted.
     *
     * @param ctx names the file and the MAP column, for errors
     */
    static GroupType mapEntries(GroupType map, FileContext ctx) throws CorruptFileException {
        if (map.getFieldCount() != 1) {
            throw ctx.corrupt(
                    "Cannot read MAP column",
                    "the MAP group has "
                            + map.getFieldCount()
                            + " fields, it must have exactly one repeated group");
        }
        Type entries = map.getType(0);
        if (!entries.isRepetition(Repetition.REPEATED) || entries.isPrimitive()) {
            throw ctx.corrupt(
                    "Cannot read MAP column",
                    "the only field of the MAP group, "
                            + entries.getName()
                            + ", is "
                            + entries.getRepetition()
                            + (entries.isPrimitive() ? " primitive" : " group")
                            + ", it must be a REPEATED group");
        }
        GroupType group = entries.asGroupType();
        if (group.getFieldCount() < 1 || group.getFieldCount() > 2) {
            throw ctx.corrupt(
                    "Cannot read MAP column",
                    "the key/value group "
                            + group.getName()
                            + " has "
                            + group.getFieldCount()
                            + " fields, it must have a key and at most one value");
        }
        return group;
    }
}
