package io.pqx.format.schema;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The writer's schema tree of a row type with VARIANT columns. The tree is built from the physical
 * row type ({@link VariantPhysicalType}: every VARIANT replaced by the ROW it is stored as) through
 * the same conversion as any other file, so levels, leaf indexes and column descriptors are those
 * of any struct; then each VARIANT's {@link StructNode} (and each node above one) takes back its
 * Flink type and its annotated Parquet group. The writer thus never depends on how a reader maps a
 * VARIANT group back to Flink. Stateless.
 */
final class VariantTrees {
    private VariantTrees() {}

    static boolean hasVariant(LogicalType type) {
        return LogicalTypeChecks.hasNested(type, t -> t.is(LogicalTypeRoot.VARIANT));
    }

    /** The tree of {@code rowType} written as {@code annotated}. */
    static ParquetSchema toParquetSchema(
            RowType rowType, MessageType annotated, Map<String, LogicalType> shredding) {
        List<RowType.RowField> physicalFields = new ArrayList<>();
        for (RowType.RowField f : rowType.getFields()) {
            physicalFields.add(
                    new RowType.RowField(
                            f.getName(), physical(f.getType(), f.getName(), shredding)));
        }
        RowType physicalRow = new RowType(rowType.isNullable(), physicalFields);
        MessageType physicalMessage = FlinkToParquetSchema.toParquet(physicalRow);
        ParquetSchema physical;
        try {
            physical =
                    ParquetToFlinkSchema.convert(
                            physicalMessage, physicalRow, FileContext.of("<new file>"));
        } catch (UnsupportedFileException | CorruptFileException e) {
            throw new IllegalStateException("pqx cannot read the schema it writes", e);
        }
        List<SchemaNode> fields = new ArrayList<>();
        for (int i = 0; i < rowType.getFieldCount(); i++) {
            fields.add(
                    restore(physical.fields().get(i), rowType.getTypeAt(i), annotated.getType(i)));
        }
        return ParquetSchema.of(annotated, rowType, fields);
    }

    /** {@code type} with every VARIANT below replaced by its physical ROW. */
    private static LogicalType physical(
            LogicalType type, String path, Map<String, LogicalType> shredding) {
        if (!hasVariant(type)) {
            return type;
        }
        switch (type.getTypeRoot()) {
            case VARIANT:
                return VariantPhysicalType.physicalType(
                        shredding.get(path), type.isNullable(), path);
            case ROW:
                List<RowType.RowField> fields = new ArrayList<>();
                for (RowType.RowField f : ((RowType) type).getFields()) {
                    fields.add(
                            new RowType.RowField(
                                    f.getName(),
                                    physical(f.getType(), path + "." + f.getName(), shredding)));
                }
                return new RowType(type.isNullable(), fields);
            case ARRAY:
                return new ArrayType(
                        type.isNullable(),
                        physical(
                                ((ArrayType) type).getElementType(),
                                path + ".list.element",
                                shredding));
            case MAP:
                MapType map = (MapType) type;
                return new MapType(
                        type.isNullable(),
                        physical(map.getKeyType(), path + ".key_value.key", shredding),
                        physical(map.getValueType(), path + ".key_value.value", shredding));
            case MULTISET:
                return new MultisetType(
                        type.isNullable(),
                        physical(
                                ((MultisetType) type).getElementType(),
                                path + ".key_value.key",
                                shredding));
            default:
                throw new IllegalStateException("No VARIANT can be below " + type);
        }
    }

    /**
     * {@code node} of the physical tree with the Flink {@code type} and Parquet {@code parquet}.
     */
    private static SchemaNode restore(SchemaNode node, LogicalType type, Type parquet) {
        if (!hasVariant(type)) {
            return node;
        }
        if (type.is(LogicalTypeRoot.VARIANT) || type.is(LogicalTypeRoot.ROW)) {
            StructNode struct = (StructNode) node;
            List<SchemaNode> fields = struct.fields();
            if (type.is(LogicalTypeRoot.ROW)) {
                GroupType group = parquet.asGroupType();
                fields = new ArrayList<>();
                for (int i = 0; i < struct.fields().size(); i++) {
                    fields.add(
                            restore(
                                    struct.fields().get(i),
                                    ((RowType) type).getTypeAt(i),
                                    group.getType(i)));
                }
            }
            return new StructNode(
                    struct.name(),
                    type,
                    parquet,
                    fields,
                    struct.definitionLevel(),
                    struct.repetitionLevel());
        }
        // LIST and MAP groups as FlinkToParquetSchema writes them: group { repeated group { ... } }
        GroupType repeated = parquet.asGroupType().getType(0).asGroupType();
        if (node instanceof ListNode list) {
            return new ListNode(
                    list.name(),
                    type,
                    parquet,
                    restore(
                            list.element(),
                            ((ArrayType) type).getElementType(),
                            repeated.getType(0)),
                    list.definitionLevel(),
                    list.elementDefinitionLevel(),
                    list.repetitionLevel());
        }
        MapNode map = (MapNode) node;
        LogicalType keyType =
                type instanceof MapType m ? m.getKeyType() : ((MultisetType) type).getElementType();
        LogicalType valueType = type instanceof MapType m ? m.getValueType() : null;
        return new MapNode(
                map.name(),
                type,
                parquet,
                restore(map.key(), keyType, repeated.getType(0)),
                valueType == null
                        ? map.value()
                        : restore(map.value(), valueType, repeated.getType(1)),
                map.definitionLevel(),
                map.entryDefinitionLevel(),
                map.repetitionLevel());
    }
}
