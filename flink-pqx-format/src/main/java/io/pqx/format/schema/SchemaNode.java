package io.pqx.format.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.parquet.schema.Type;

/**
 * One field of a Parquet schema as Flink sees it: the Flink type it reads as (and is written from),
 * the Parquet node it maps to, and the Dremel levels at which its value exists. The encoder
 * (shredding {@code RowData} into levels) and the decoder (assembling levels into Flink vectors)
 * both walk this tree, so the two directions cannot disagree on a layout.
 *
 * <p>Levels: {@link #definitionLevel()} is the definition level a leaf under this node reaches when
 * this node's value is non-null (for a REQUIRED node it equals its parent's). {@link
 * #repetitionLevel()} is the maximum repetition level in effect at this node (the number of
 * repeated ancestors, counting a repeated node itself).
 *
 * <p>Built by {@link ParquetToFlinkSchema} and narrowed by {@link SchemaProjection}; immutable and
 * thread-safe.
 */
@Internal
public sealed interface SchemaNode
        permits PrimitiveNode, StructNode, ListNode, MapNode, VariantNode {

    /** The field name as Flink sees it. */
    String name();

    /** The Flink type, with its nullability. */
    LogicalType flinkType();

    /** The Parquet node this field maps to (for LIST and MAP, the outer annotated group). */
    Type parquetType();

    /** Definition level of a leaf below this node when this node's value is non-null. */
    int definitionLevel();

    /** Maximum repetition level in effect at this node. */
    int repetitionLevel();

    /**
     * Whether the Flink type is nullable. This is whether the Parquet node is OPTIONAL, except for
     * a map key declared nullable over a REQUIRED Parquet key (see {@link MapNode}).
     */
    default boolean nullable() {
        LogicalType t = flinkType();
        return t.isNullable();
    }

    /** The leaves under this node (itself, for a leaf), in column order. */
    default List<PrimitiveNode> leaves() {
        List<PrimitiveNode> leaves = new ArrayList<>();
        collectLeaves(this, leaves);
        return leaves;
    }

    private static void collectLeaves(SchemaNode node, List<PrimitiveNode> leaves) {
        if (node instanceof PrimitiveNode) {
            leaves.add((PrimitiveNode) node);
        } else if (node instanceof StructNode) {
            for (SchemaNode field : ((StructNode) node).fields()) {
                collectLeaves(field, leaves);
            }
        } else if (node instanceof VariantNode) {
            collectLeaves(((VariantNode) node).physical(), leaves);
        } else if (node instanceof ListNode) {
            collectLeaves(((ListNode) node).element(), leaves);
        } else {
            MapNode map = (MapNode) node;
            collectLeaves(map.key(), leaves);
            if (map.value() != null) {
                collectLeaves(map.value(), leaves);
            }
        }
    }
}
