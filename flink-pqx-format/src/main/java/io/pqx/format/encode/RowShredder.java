package io.pqx.format.encode;

import io.pqx.format.schema.ListNode;
import io.pqx.format.schema.MapNode;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import io.pqx.format.schema.StructNode;
import io.pqx.format.schema.VariantPhysicalType;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Shreds a Flink {@link RowData} into the {@link LeafBuffer}s of a row group. It is compiled once
 * per file from the {@link ParquetSchema} tree into one {@link FieldShredder} per node, so that
 * shredding a row is a walk over that tree with typed getters and no per-value type dispatch.
 *
 * <p>Called by {@link RowGroupBuffer}; not thread-safe.
 */
final class RowShredder {
    private final StructShredder root;

    private RowShredder(StructShredder root) {
        this.root = root;
    }

    /**
     * Builds the shredders of {@code schema}, appending to {@code leaves} (indexed by leaf index).
     *
     * @throws IllegalArgumentException if a field has a type the writer cannot write
     */
    static RowShredder compile(ParquetSchema schema, LeafBuffer[] leaves) {
        FieldShredder[] fields = new FieldShredder[schema.fields().size()];
        for (int i = 0; i < fields.length; i++) {
            SchemaNode field = schema.fields().get(i);
            fields[i] = compile(field, field.parquetType().getName(), leaves);
        }
        return new RowShredder(new StructShredder("<row>", fields, -1));
    }

    /** Shreds one row; a rejected value throws {@link ValueRejectedException} part-way. */
    void shred(RowData row) {
        root.writeFields(row, 0);
    }

    private static FieldShredder compile(SchemaNode node, String path, LeafBuffer[] leaves) {
        int nullDefinition = nullDefinition(node);
        if (node.flinkType().is(LogicalTypeRoot.VARIANT) && node instanceof StructNode variant) {
            return variant(variant, path, nullDefinition, leaves);
        } else if (node instanceof PrimitiveNode leaf) {
            return leaf(leaf, leaves[leaf.leafIndex()]);
        } else if (node instanceof StructNode struct) {
            FieldShredder[] fields = new FieldShredder[struct.fields().size()];
            for (int i = 0; i < fields.length; i++) {
                SchemaNode field = struct.fields().get(i);
                fields[i] = compile(field, path + "." + field.parquetType().getName(), leaves);
            }
            return new StructShredder(path, fields, nullDefinition);
        } else if (node instanceof ListNode list) {
            FieldShredder element =
                    compile(list.element(), childPath(path, list, list.element()), leaves);
            return new ListShredder(
                    path,
                    element,
                    new CollectionLevels(
                            nullDefinition, list.definitionLevel(), list.repetitionLevel()));
        } else if (node instanceof MapNode map) {
            if (map.value() == null) {
                throw new IllegalArgumentException(
                        "Cannot write column " + path + ": a MAP needs a value field");
            }
            FieldShredder key = compile(map.key(), childPath(path, map, map.key()), leaves);
            FieldShredder value = compile(map.value(), childPath(path, map, map.value()), leaves);
            return new MapShredder(
                    path,
                    key,
                    value,
                    new CollectionLevels(
                            nullDefinition, map.definitionLevel(), map.repetitionLevel()));
        }
        throw new IllegalArgumentException(
                "Cannot write column " + path + ": unknown node " + node);
    }

    /**
     * A VARIANT column: the struct shredder of its physical fields ({@code VariantPhysicalType}),
     * fed a row per value.
     */
    private static FieldShredder variant(
            StructNode node, String path, int nullDefinition, LeafBuffer[] leaves) {
        FieldShredder[] fields = new FieldShredder[node.fields().size()];
        LogicalType typedValue = null;
        for (int i = 0; i < fields.length; i++) {
            SchemaNode field = node.fields().get(i);
            fields[i] = compile(field, path + "." + field.parquetType().getName(), leaves);
            if (field.name().equals(VariantPhysicalType.TYPED_VALUE)) {
                typedValue = field.flinkType();
            }
        }
        StructShredder physical = new StructShredder(path, fields, nullDefinition);
        return new VariantShredder(
                path,
                physical,
                typedValue == null ? null : VariantRows.of(shreddingType(typedValue)));
    }

    /** The shredding type a {@code typed_value} type was made of ({@code VariantPhysicalType}). */
    private static LogicalType shreddingType(LogicalType typedValue) {
        if (typedValue instanceof RowType row) {
            List<RowType.RowField> fields = new ArrayList<>();
            for (RowType.RowField f : row.getFields()) {
                fields.add(new RowType.RowField(f.getName(), elementShredding(f.getType())));
            }
            return new RowType(fields);
        } else if (typedValue instanceof ArrayType array) {
            return new ArrayType(elementShredding(array.getElementType()));
        }
        return typedValue;
    }

    /** Of a {@code ROW<value, typed_value>} object field or list element. */
    private static LogicalType elementShredding(LogicalType element) {
        return shreddingType(((RowType) element).getTypeAt(1));
    }

    /**
     * The definition level of a null {@code node}, or -1 when it cannot be null. Nullability comes
     * from the Parquet repetition, not the Flink type: a map key is REQUIRED even when its Flink
     * type is nullable.
     */
    static int nullDefinition(SchemaNode node) {
        return node.parquetType().isRepetition(Type.Repetition.OPTIONAL)
                ? node.definitionLevel() - 1
                : -1;
    }

    /** "a.list.element", "m.key_value.key": the path through the repeated middle group. */
    private static String childPath(String path, SchemaNode collection, SchemaNode child) {
        Type repeated = collection.parquetType().asGroupType().getType(0);
        String childName = child.parquetType().getName();
        if (repeated.equals(child.parquetType()) || repeated.isPrimitive()) {
            return path + "." + repeated.getName();
        }
        GroupType middle = repeated.asGroupType();
        return path + "." + middle.getName() + "." + childName;
    }

    private static FieldShredder leaf(PrimitiveNode leaf, LeafBuffer buf) {
        LogicalType type = leaf.flinkType();
        PrimitiveType parquet = leaf.parquetType();
        PrimitiveTypeName physical = parquet.getPrimitiveTypeName();
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return expect(
                        leaf,
                        physical == PrimitiveTypeName.BOOLEAN,
                        new NumericShredders.Booleans(buf));
            case TINYINT:
                return expect(
                        leaf, physical == PrimitiveTypeName.INT32, new NumericShredders.Bytes(buf));
            case SMALLINT:
                return expect(
                        leaf,
                        physical == PrimitiveTypeName.INT32,
                        new NumericShredders.Shorts(buf));
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
                return expect(
                        leaf, physical == PrimitiveTypeName.INT32, new NumericShredders.Ints(buf));
            case BIGINT:
                return expect(
                        leaf, physical == PrimitiveTypeName.INT64, new NumericShredders.Longs(buf));
            case FLOAT:
                return expect(
                        leaf,
                        physical == PrimitiveTypeName.FLOAT,
                        new NumericShredders.Floats(buf));
            case DOUBLE:
                return expect(
                        leaf,
                        physical == PrimitiveTypeName.DOUBLE,
                        new NumericShredders.Doubles(buf));
            case CHAR:
            case VARCHAR:
                return expect(
                        leaf,
                        physical == PrimitiveTypeName.BINARY,
                        new BinaryShredders.Strings(buf));
            case BINARY:
            case VARBINARY:
                return expect(
                        leaf,
                        isBinary(physical),
                        new BinaryShredders.Binaries(buf, fixedLength(parquet)));
            case DECIMAL:
                DecimalType decimal = (DecimalType) type;
                return expect(
                        leaf,
                        physical != PrimitiveTypeName.BOOLEAN
                                && physical != PrimitiveTypeName.INT96,
                        new DecimalShredder(
                                buf,
                                decimal.getPrecision(),
                                decimal.getScale(),
                                fixedLength(parquet)));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamp(leaf, buf);
            default:
                throw unsupported(leaf);
        }
    }

    private static FieldShredder timestamp(PrimitiveNode leaf, LeafBuffer buf) {
        if (leaf.parquetType().getPrimitiveTypeName() == PrimitiveTypeName.INT64
                && leaf.parquetType().getLogicalTypeAnnotation()
                        instanceof TimestampLogicalTypeAnnotation ts) {
            return new TimestampShredder(
                    buf, LogicalTypeChecks.getPrecision(leaf.flinkType()), ts.getUnit());
        }
        throw unsupported(leaf);
    }

    private static boolean isBinary(PrimitiveTypeName physical) {
        return physical == PrimitiveTypeName.BINARY
                || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
    }

    private static int fixedLength(PrimitiveType parquet) {
        return parquet.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                ? parquet.getTypeLength()
                : -1;
    }

    private static FieldShredder expect(PrimitiveNode leaf, boolean ok, FieldShredder shredder) {
        if (!ok) {
            throw unsupported(leaf);
        }
        return shredder;
    }

    private static IllegalArgumentException unsupported(PrimitiveNode leaf) {
        return new IllegalArgumentException(
                "Cannot write column "
                        + leaf.path()
                        + ": Flink type "
                        + leaf.flinkType()
                        + " as Parquet "
                        + leaf.parquetType()
                        + " is not supported");
    }
}
