package io.pqx.format.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file schema paired with the Flink {@link RowType} it reads as, and the tree of {@link
 * SchemaNode}s linking the two field by field. {@code fields} lines up with {@code
 * rowType.getFields()}; {@code leaves} lists every leaf in {@code messageType.getColumns()} order.
 *
 * <p>Built by {@link ParquetToFlinkSchema} (a whole file), {@link
 * FlinkToParquetSchema#toParquetSchema} (a file being written) and {@link SchemaProjection} (a
 * subset of a file, whose leaves keep the file's leaf indexes and column descriptors). Immutable
 * and thread-safe.
 */
@Internal
public record ParquetSchema(
        MessageType messageType,
        RowType rowType,
        List<SchemaNode> fields,
        List<PrimitiveNode> leaves) {

    public ParquetSchema {
        fields = List.copyOf(fields);
        leaves = List.copyOf(leaves);
    }

    /** A schema whose leaves are those of {@code fields}, in tree order. */
    public static ParquetSchema of(
            MessageType messageType, RowType rowType, List<SchemaNode> fields) {
        List<PrimitiveNode> leaves = new ArrayList<>();
        for (SchemaNode field : fields) {
            leaves.addAll(field.leaves());
        }
        return new ParquetSchema(messageType, rowType, fields, leaves);
    }

    /**
     * The leaf whose Parquet column path ({@link PrimitiveNode#path()}, e.g. {@code
     * "tags.list.element"}) is {@code columnPath}, exactly.
     */
    public Optional<PrimitiveNode> findLeaf(String columnPath) {
        for (PrimitiveNode leaf : leaves) {
            if (leaf.path().equals(columnPath)) {
                return Optional.of(leaf);
            }
        }
        return Optional.empty();
    }

    /**
     * The field at a dotted path of Flink field names through nested ROWs ({@code "a"}, {@code
     * "a.b"}), matched exactly; empty if there is none or the path enters a list or map.
     */
    public Optional<SchemaNode> findField(String fieldPath) {
        return findField(fields, fieldPath);
    }

    private static Optional<SchemaNode> findField(List<SchemaNode> nodes, String path) {
        for (SchemaNode node : nodes) {
            if (node.name().equals(path)) {
                return Optional.of(node);
            }
        }
        // Field names may contain dots themselves: try every struct whose name prefixes the path.
        for (SchemaNode node : nodes) {
            if (node instanceof StructNode && path.startsWith(node.name() + ".")) {
                String rest = path.substring(node.name().length() + 1);
                Optional<SchemaNode> found = findField(((StructNode) node).fields(), rest);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /** A multi-line picture of the tree: names, Flink types, levels, leaf indexes and paths. */
    public String describe() {
        return SchemaTreeFormatter.describe(this);
    }

    @Override
    public String toString() {
        return describe();
    }
}
