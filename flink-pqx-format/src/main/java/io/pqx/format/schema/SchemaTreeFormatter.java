package io.pqx.format.schema;

/**
 * Renders a {@link ParquetSchema} tree as indented text, one node per line, for debugging and
 * {@code ParquetSchema#describe()}:
 *
 * <pre>
 * message flink_schema (2 leaves)
 *   id: INT NOT NULL  [leaf 0 id, def 0, rep 0]
 *   tags: ARRAY&lt;STRING&gt;  [list, def 1, element def 2, rep 1]
 *     element: STRING  [leaf 1 tags.list.element, def 3, rep 1]
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
final class SchemaTreeFormatter {

    private SchemaTreeFormatter() {}

    static String describe(ParquetSchema schema) {
        StringBuilder out = new StringBuilder();
        out.append("message ")
                .append(schema.messageType().getName())
                .append(" (")
                .append(schema.leaves().size())
                .append(" leaves)\n");
        for (SchemaNode field : schema.fields()) {
            append(out, field, 1);
        }
        return out.toString();
    }

    private static void append(StringBuilder out, SchemaNode node, int depth) {
        out.append("  ".repeat(depth))
                .append(node.name())
                .append(": ")
                .append(node.flinkType().asSummaryString())
                .append("  [")
                .append(levels(node))
                .append("]\n");
        if (node instanceof StructNode) {
            for (SchemaNode field : ((StructNode) node).fields()) {
                append(out, field, depth + 1);
            }
        } else if (node instanceof VariantNode) {
            for (SchemaNode field : ((VariantNode) node).physical().fields()) {
                append(out, field, depth + 1);
            }
        } else if (node instanceof ListNode) {
            append(out, ((ListNode) node).element(), depth + 1);
        } else if (node instanceof MapNode) {
            MapNode map = (MapNode) node;
            append(out, map.key(), depth + 1);
            if (map.value() != null) {
                append(out, map.value(), depth + 1);
            } else {
                out.append("  ".repeat(depth + 1)).append("(no value field)\n");
            }
        }
    }

    private static String levels(SchemaNode node) {
        String common = "def " + node.definitionLevel();
        if (node instanceof PrimitiveNode) {
            PrimitiveNode leaf = (PrimitiveNode) node;
            return "leaf "
                    + leaf.leafIndex()
                    + " "
                    + leaf.path()
                    + ", "
                    + common
                    + ", rep "
                    + node.repetitionLevel();
        }
        if (node instanceof ListNode) {
            return "list, "
                    + common
                    + ", element def "
                    + ((ListNode) node).elementDefinitionLevel()
                    + ", rep "
                    + node.repetitionLevel();
        }
        if (node instanceof MapNode) {
            return "map, "
                    + common
                    + ", entry def "
                    + ((MapNode) node).entryDefinitionLevel()
                    + ", rep "
                    + node.repetitionLevel();
        }
        if (node instanceof VariantNode) {
            return (((VariantNode) node).shredded() ? "shredded variant, " : "variant, ")
                    + common
                    + ", rep "
                    + node.repetitionLevel();
        }
        return "struct, " + common + ", rep " + node.repetitionLevel();
    }
}
