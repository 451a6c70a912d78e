package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Walks one file's {@link MessageType} once and builds the {@link SchemaNode} tree with the Flink
 * types derived from the file alone and exact Dremel levels.
 *
 * <p>LIST and MAP follow the backward-compatibility rules of the Parquet LogicalTypes spec: the
 * element of a LIST is chosen by {@link CollectionLayouts#listElementIsRepeatedField}, a MAP may
 * name its repeated group and fields anything, may omit the value and may have an OPTIONAL key,
 * MAP_KEY_VALUE outside a MAP reads as MAP, and any REPEATED field that is not the repeated level
 * of a LIST or MAP is a NOT NULL list of NOT NULL elements. A group annotated VARIANT reads as
 * Flink VARIANT ({@link VariantNode}, its shape checked by {@link VariantLayout}).
 *
 * <p>Single use, not thread-safe: create one per conversion ({@link ParquetToFlinkSchema}).
 */
final class SchemaTreeBuilder {

    /** Deeper nesting than this is refused instead of risking the stack. */
    static final int MAX_DEPTH = 256;

    private final FileContext ctx;
    private final List<ColumnDescriptor> columns;
    private final List<PrimitiveNode> leaves = new ArrayList<>();
    private int variantDepth; // > 0 inside a VARIANT group

    private SchemaTreeBuilder(MessageType file, FileContext ctx) {
        this.ctx = ctx;
        this.columns = file.getColumns();
    }

    /** The nodes of the top-level fields of {@code file}, in schema order. */
    static List<SchemaNode> build(MessageType file, FileContext ctx)
            throws UnsupportedFileException, CorruptFileException {
        // Before anything recursive (parquet-column's getColumns() too) walks the schema.
        checkDepth(file, ctx);
        SchemaTreeBuilder builder = new SchemaTreeBuilder(file, ctx);
        List<SchemaNode> fields = builder.fields(file, 0, 0, new ArrayList<>());
        if (builder.leaves.size() != builder.columns.size()) {
            throw new IllegalStateException(
                    "schema tree has "
                            + builder.leaves.size()
                            + " leaves but the file has "
                            + builder.columns.size()
                            + " columns");
        }
        return fields;
    }

    /** Refuses a schema nested deeper than {@link #MAX_DEPTH}, walking it without recursion. */
    private static void checkDepth(MessageType file, FileContext ctx)
            throws UnsupportedFileException {
        Deque<List<String>> pending = new ArrayDeque<>();
        Deque<GroupType> groups = new ArrayDeque<>();
        pending.push(List.of());
        groups.push(file);
        while (!groups.isEmpty()) {
            GroupType group = groups.pop();
            List<String> path = pending.pop();
            for (Type field : group.getFields()) {
                List<String> fieldPath = append(path, field.getName());
                if (fieldPath.size() > MAX_DEPTH) {
                    throw ctx.column(dotted(fieldPath))
                            .unsupported(
                                    "Cannot read schema",
                                    "it nests deeper than " + MAX_DEPTH + " levels");
                }
                if (!field.isPrimitive()) {
                    groups.push(field.asGroupType());
                    pending.push(fieldPath);
                }
            }
        }
    }

    private List<SchemaNode> fields(GroupType group, int def, int rep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        Set<String> names = new HashSet<>();
        List<SchemaNode> nodes = new ArrayList<>(group.getFieldCount());
        for (Type field : group.getFields()) {
            List<String> fieldPath = append(path, field.getName());
            if (field.getName().isBlank()) {
                throw ctx.column(dotted(fieldPath))
                        .unsupported(
                                "Cannot read field", "Flink needs a field name that is not blank");
            }
            if (!names.add(field.getName())) {
                throw ctx.column(dotted(fieldPath))
                        .corrupt(
                                "Cannot read group",
                                "field name " + field.getName() + " appears twice");
            }
            nodes.add(node(field, field.getRepetition(), def, rep, fieldPath));
        }
        return nodes;
    }

    /**
     * The node of {@code type} as if it had {@code repetition}, under a parent whose leaves reach
     * {@code parentDef}/{@code parentRep}. {@code path} is the column path of {@code type}.
     */
    private SchemaNode node(
            Type type, Repetition repetition, int parentDef, int parentRep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        if (repetition == Repetition.REPEATED) {
            return repeatedList(type, parentDef, parentRep, path);
        }
        boolean optional = repetition == Repetition.OPTIONAL;
        int def = optional ? parentDef + 1 : parentDef;
        if (type.isPrimitive()) {
            return leaf(type.asPrimitiveType(), optional, def, parentRep, path);
        }
        GroupType group = type.asGroupType();
        LogicalTypeAnnotation annotation = group.getLogicalTypeAnnotation();
        if (annotation instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation) {
            return list(group, optional, def, parentRep, path);
        }
        if (annotation instanceof LogicalTypeAnnotation.MapLogicalTypeAnnotation
                || annotation instanceof LogicalTypeAnnotation.MapKeyValueTypeAnnotation) {
            // MAP_KEY_VALUE reaches here only outside a MAP: the spec reads it as MAP.
            return map(group, optional, def, parentRep, path);
        }
        if (annotation instanceof LogicalTypeAnnotation.VariantLogicalTypeAnnotation) {
            return variant(group, optional, def, parentRep, path);
        }
        // Plain groups and unknown annotations read as ROW.
        return struct(group, optional, def, parentRep, path);
    }

    /** An unannotated REPEATED field: a NOT NULL list of NOT NULL elements of its type. */
    private ListNode repeatedList(Type type, int parentDef, int parentRep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        int elementDef = parentDef + 1;
        int rep = parentRep + 1;
        SchemaNode element = node(type, Repetition.REQUIRED, elementDef, rep, path);
        LogicalType flinkType = new ArrayType(false, element.flinkType());
        return new ListNode(type.getName(), flinkType, type, element, parentDef, elementDef, rep);
    }

    private ListNode list(GroupType group, boolean optional, int def, int rep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        Type repeated = CollectionLayouts.listRepeatedField(group, ctx.column(dotted(path)));
        int elementDef = def + 1;
        int elementRep = rep + 1;
        List<String> repeatedPath = append(path, repeated.getName());
        SchemaNode element;
        if (CollectionLayouts.listElementIsRepeatedField(repeated, group.getName())) {
            element = node(repeated, Repetition.REQUIRED, elementDef, elementRep, repeatedPath);
        } else {
            Type inner = repeated.asGroupType().getType(0);
            List<String> innerPath = append(repeatedPath, inner.getName());
            element = node(inner, inner.getRepetition(), elementDef, elementRep, innerPath);
        }
        LogicalType flinkType = new ArrayType(optional, element.flinkType());
        return new ListNode(
                group.getName(), flinkType, group, element, def, elementDef, elementRep);
    }

    private MapNode map(GroupType group, boolean optional, int def, int rep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        GroupType entries = CollectionLayouts.mapEntries(group, ctx.column(dotted(path)));
        int entryDef = def + 1;
        int entryRep = rep + 1;
        List<String> entriesPath = append(path, entries.getName());
        Type keyType = entries.getType(0);
        SchemaNode key =
                node(
                        keyType,
                        keyType.getRepetition(),
                        entryDef,
                        entryRep,
                        append(entriesPath, keyType.getName()));
        SchemaNode value = null;
        if (entries.getFieldCount() == 2) {
            Type valueType = entries.getType(1);
            value =
                    node(
                            valueType,
                            valueType.getRepetition(),
                            entryDef,
                            entryRep,
                            append(entriesPath, valueType.getName()));
        }
        // Without a value field every value is null; BOOLEAN is the cheapest vector to hold them.
        LogicalType valueFlinkType = value == null ? new BooleanType(true) : value.flinkType();
        LogicalType flinkType = new MapType(optional, key.flinkType(), valueFlinkType);
        return new MapNode(group.getName(), flinkType, group, key, value, def, entryDef, entryRep);
    }

    /**
     * A VARIANT group: checked against the shredding spec (a broken one is refused when the variant
     * is read, not here, so that the file's other columns stay readable), its physical fields read
     * as a ROW below the variant, with INT64 time and timestamp leaves as raw BIGINT (the variant
     * encodes them as stored, so nothing is converted and no precision is lost).
     */
    private VariantNode variant(
            GroupType group, boolean optional, int def, int rep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        IOException shapeError = null;
        try {
            VariantLayout.of(group, ctx.column(dotted(path)));
        } catch (CorruptFileException | UnsupportedFileException e) {
            shapeError = e;
        }
        variantDepth++;
        try {
            return VariantNode.of(struct(group, optional, def, rep, path), shapeError);
        } finally {
            variantDepth--;
        }
    }

    private StructNode struct(
            GroupType group, boolean optional, int def, int rep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        if (group.getFieldCount() == 0) {
            throw ctx.column(dotted(path))
                    .unsupported(
                            "Cannot read group", "it has no fields, so it has no column to read");
        }
        List<SchemaNode> fields = fields(group, def, rep, path);
        return new StructNode(group.getName(), rowType(optional, fields), group, fields, def, rep);
    }

    private PrimitiveNode leaf(
            PrimitiveType type, boolean optional, int def, int rep, List<String> path)
            throws UnsupportedFileException, CorruptFileException {
        int leafIndex = leaves.size();
        ColumnDescriptor column = columns.get(leafIndex);
        if (!Arrays.asList(column.getPath()).equals(path)
                || column.getMaxDefinitionLevel() != def
                || column.getMaxRepetitionLevel() != rep) {
            // The walk and parquet-column disagree: a bug here, not a bad file.
            throw new IllegalStateException(
                    "leaf "
                            + dotted(path)
                            + " (def "
                            + def
                            + ", rep "
                            + rep
                            + ") is not column "
                            + column);
        }
        LogicalType flinkType =
                variantDepth > 0 && isTemporal64(type)
                        ? new BigIntType(optional)
                        : PrimitiveTypeMapping.toFlink(type, ctx.column(dotted(path)))
                                .copy(optional);
        PrimitiveNode node =
                new PrimitiveNode(type.getName(), flinkType, type, column, def, rep, leafIndex);
        leaves.add(node);
        return node;
    }

    private static boolean isTemporal64(PrimitiveType type) {
        LogicalTypeAnnotation a = type.getLogicalTypeAnnotation();
        return type.getPrimitiveTypeName() == PrimitiveTypeName.INT64
                && (a instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation
                        || a instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation);
    }

    /** The ROW type of {@code fields}, named as they are. */
    static RowType rowType(boolean nullable, List<SchemaNode> fields) {
        List<RowType.RowField> rowFields = new ArrayList<>(fields.size());
        for (SchemaNode field : fields) {
            rowFields.add(new RowType.RowField(field.name(), field.flinkType()));
        }
        return new RowType(nullable, rowFields);
    }

    private static List<String> append(List<String> path, String name) {
        List<String> result = new ArrayList<>(path.size() + 1);
        result.addAll(path);
        result.add(name);
        return result;
    }

    private static String dotted(List<String> path) {
        return String.join(".", path);
    }
}
