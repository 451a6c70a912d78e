package io.pqx.format.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VariantType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Puts a declared Flink {@link RowType} (the one pqx records under {@link
 * io.pqx.format.options.WriteOptions#FLINK_SCHEMA_KEY}) on a schema tree derived from the file,
 * when every declared type is readable from its Parquet node. This is how a pqx round trip gives
 * back the exact RowType: CHAR(n), VARCHAR(n), BINARY(n), VARBINARY(n), TIME(p), TIMESTAMP(p) and
 * MULTISET are not recoverable from Parquet alone.
 *
 * <p>A declared type fits its node when the names and order of ROW fields are the same, the
 * nullability is the same (except that a map key may be declared nullable over a REQUIRED key:
 * Flink allows nullable key types, pqx writes keys REQUIRED), and for atomic types:
 *
 * <ul>
 *   <li>CHAR(n) and VARCHAR(n) over a string; BINARY(n) and VARBINARY(n) over BYTE_ARRAY bytes;
 *   <li>TIME(p) over any TIME;
 *   <li>TIMESTAMP(p) / TIMESTAMP_LTZ(p) over the same kind whose unit is the one pqx writes for p
 *       (MILLIS for p &le; 3, MICROS for p &le; 6, NANOS otherwise);
 *   <li>MULTISET&lt;T&gt; over a map whose key fits T and whose value is INT NOT NULL;
 *   <li>VARIANT over a group annotated VARIANT, or over the unannotated group of exactly binary
 *       {@code metadata} and binary {@code value} (the layout Spark 4.0 writes); a VARIANT group
 *       fits nothing else;
 *   <li>otherwise the derived type itself (DECIMAL with the same precision and scale, ...).
 * </ul>
 *
 * <p>Used by {@link ParquetToFlinkSchema}. Stateless and thread-safe.
 */
final class DeclaredTypeMatcher {

    private DeclaredTypeMatcher() {}

    /** {@code derived} retyped to {@code declared}, or empty when {@code declared} does not fit. */
    static Optional<List<SchemaNode>> match(List<SchemaNode> derived, RowType declared) {
        List<SchemaNode> fields = fields(derived, declared);
        return Optional.ofNullable(fields);
    }

    @Nullable
    private static List<SchemaNode> fields(List<SchemaNode> derived, RowType declared) {
        if (declared.getFieldCount() != derived.size()) {
            return null;
        }
        List<SchemaNode> result = new ArrayList<>(derived.size());
        for (int i = 0; i < derived.size(); i++) {
            RowType.RowField field = declared.getFields().get(i);
            if (!field.getName().equals(derived.get(i).name())) {
                return null;
            }
            SchemaNode node = retype(derived.get(i), field.getType(), false);
            if (node == null) {
                return null;
            }
            result.add(node);
        }
        return result;
    }

    @Nullable
    private static SchemaNode retype(SchemaNode node, LogicalType declared, boolean mapKey) {
        boolean nullable = node.flinkType().isNullable();
        if (declared.isNullable() != nullable && !(mapKey && declared.isNullable())) {
            return null;
        }
        if (node instanceof PrimitiveNode) {
            PrimitiveNode leaf = (PrimitiveNode) node;
            if (!readable(leaf.flinkType(), declared)) {
                return null;
            }
            return new PrimitiveNode(
                    leaf.name(),
                    declared,
                    leaf.parquetType(),
                    leaf.column(),
                    leaf.definitionLevel(),
                    leaf.repetitionLevel(),
                    leaf.leafIndex());
        }
        if (declared instanceof VariantType) {
            return variant(node);
        }
        if (node instanceof VariantNode) {
            return null; // a VARIANT group reads as nothing but VARIANT
        }
        if (node instanceof StructNode) {
            return struct((StructNode) node, declared);
        }
        if (node instanceof ListNode) {
            return list((ListNode) node, declared);
        }
        return map((MapNode) node, declared);
    }

    /**
     * A declared VARIANT over a VARIANT group, or over the unannotated layout of exactly binary
     * {@code metadata} and {@code value} (Spark 4.0 writes variants so): read as VARIANT.
     */
    @Nullable
    private static SchemaNode variant(SchemaNode node) {
        if (node instanceof VariantNode) {
            return node;
        }
        if (node instanceof StructNode struct
                && VariantLayout.isUnannotatedLayout(struct.parquetType())) {
            return VariantNode.of(struct, null);
        }
        return null;
    }

    @Nullable
    private static SchemaNode struct(StructNode node, LogicalType declared) {
        if (!(declared instanceof RowType)) {
            return null;
        }
        List<SchemaNode> fields = fields(node.fields(), (RowType) declared);
        if (fields == null) {
            return null;
        }
        return new StructNode(
                node.name(),
                declared,
                node.parquetType(),
                fields,
                node.definitionLevel(),
                node.repetitionLevel());
    }

    @Nullable
    private static SchemaNode list(ListNode node, LogicalType declared) {
        if (!(declared instanceof ArrayType)) {
            return null;
        }
        SchemaNode element = retype(node.element(), ((ArrayType) declared).getElementType(), false);
        if (element == null) {
            return null;
        }
        return new ListNode(
                node.name(),
                declared,
                node.parquetType(),
                element,
                node.definitionLevel(),
                node.elementDefinitionLevel(),
                node.repetitionLevel());
    }

    @Nullable
    private static SchemaNode map(MapNode node, LogicalType declared) {
        LogicalType keyType;
        SchemaNode value = node.value();
        if (declared instanceof MapType) {
            keyType = ((MapType) declared).getKeyType();
            LogicalType valueType = ((MapType) declared).getValueType();
            if (value == null) {
                // No value field: every value reads as null, so any nullable type will do.
                if (!valueType.isNullable()) {
                    return null;
                }
            } else {
                value = retype(value, valueType, false);
                if (value == null) {
                    return null;
                }
            }
        } else if (declared instanceof MultisetType) {
            keyType = ((MultisetType) declared).getElementType();
            boolean counts = value != null && value.flinkType().equals(new IntType(false));
            if (!counts) {
                return null;
            }
        } else {
            return null;
        }
        SchemaNode key = retype(node.key(), keyType, true);
        if (key == null) {
            return null;
        }
        return new MapNode(
                node.name(),
                declared,
                node.parquetType(),
                key,
                value,
                node.definitionLevel(),
                node.entryDefinitionLevel(),
                node.repetitionLevel());
    }

    /** Whether a leaf deriving {@code derived} can be read as {@code declared}. */
    static boolean readable(LogicalType derived, LogicalType declared) {
        LogicalTypeRoot from = derived.getTypeRoot();
        switch (declared.getTypeRoot()) {
            case CHAR:
            case VARCHAR:
                return from == LogicalTypeRoot.VARCHAR;
            case BINARY:
            case VARBINARY:
                return from == LogicalTypeRoot.VARBINARY
                        || derived.copy(true).equals(declared.copy(true));
            case TIME_WITHOUT_TIME_ZONE:
                return from == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return from == declared.getTypeRoot()
                        && unitOf(LogicalTypeChecks.getPrecision(derived))
                                == unitOf(LogicalTypeChecks.getPrecision(declared));
            default:
                return derived.copy(true).equals(declared.copy(true));
        }
    }

    /** 0, 1, 2 for the unit pqx writes a timestamp of {@code precision} in: ms, µs, ns. */
    private static int unitOf(int precision) {
        return precision <= 3 ? 0 : precision <= 6 ? 1 : 2;
    }
}
