package io.pqx.format.schema;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Narrows a {@link ParquetSchema} to the columns a query reads.
 *
 * <p>A path is dotted: {@code "a"} selects top-level field {@code a} whole, {@code "a.b"} selects
 * field {@code b} of the ROW {@code a}, and so on down nested ROWs. A list or map is selected whole
 * (a path cannot enter one). At each level a name matches a field exactly, else case-insensitively
 * if only one field matches; the result carries the file's names. Field names that contain dots are
 * matched too ({@code "a.b"} selects a top-level field named {@code a.b} before looking into a ROW
 * {@code a}).
 *
 * <p>The result's top-level fields are the distinct selected top-level fields in the order they are
 * first named; inside a ROW the selected fields keep schema order. Selecting a field and one of its
 * sub-fields selects the field whole; naming a path twice selects it once. The result's {@code
 * messageType} holds only the selected leaves, its leaves keep the file's leaf indexes and column
 * descriptors, and every node keeps its file levels.
 *
 * <p>Called by the reader for each projection. Stateless and thread-safe.
 */
@Internal
public final class SchemaProjection {

    private SchemaProjection() {}

    /**
     * The part of {@code schema} that {@code paths} select.
     *
     * @throws IllegalArgumentException if a path names no field, is ambiguous, or enters a list,
     *     map or atomic field; the message names the path and the top-level columns
     */
    public static ParquetSchema project(ParquetSchema schema, List<String> paths) {
        Selection root = new Selection(null);
        for (String path : paths) {
            select(schema, root, path);
        }
        List<SchemaNode> fields = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        for (Selection selection : root.children.values()) {
            SchemaNode node = narrow(selection);
            fields.add(node);
            types.add(node.parquetType());
        }
        MessageType messageType = new MessageType(schema.messageType().getName(), types);
        List<RowType.RowField> rowFields = new ArrayList<>();
        for (SchemaNode field : fields) {
            rowFields.add(new RowType.RowField(field.name(), field.flinkType()));
        }
        RowType rowType = new RowType(schema.rowType().isNullable(), rowFields);
        return ParquetSchema.of(messageType, rowType, fields);
    }

    /** A selected node and which of its fields are selected; {@code whole} wins over children. */
    private static final class Selection {
        final SchemaNode node;
        boolean whole;

        /** By field name, in the order first selected. */
        final Map<String, Selection> children = new LinkedHashMap<>();

        Selection(SchemaNode node) {
            this.node = node;
        }
    }

    private static void select(ParquetSchema schema, Selection root, String path) {
        if (path == null || path.isEmpty()) {
            throw error(schema, String.valueOf(path), "the path is empty");
        }
        List<SchemaNode> candidates = schema.fields();
        Selection selection = root;
        String rest = path;
        String parent = null;
        while (true) {
            Match match = match(schema, path, parent, candidates, rest);
            selection =
                    selection.children.computeIfAbsent(
                            match.node.name(), name -> new Selection(match.node));
            if (match.rest == null) {
                selection.whole = true;
                return;
            }
            if (!(match.node instanceof StructNode)) {
                throw error(
                        schema,
                        path,
                        match.node.name()
                                + " is "
                                + match.node.flinkType().asSummaryString()
                                + ", only ROW fields can be selected into; select it whole");
            }
            parent = parent == null ? match.node.name() : parent + "." + match.node.name();
            candidates = ((StructNode) match.node).fields();
            rest = match.rest;
        }
    }

    /** A field matched by the start of a path, and what remains of the path after it (or null). */
    private record Match(SchemaNode node, String rest) {}

    private static Match match(
            ParquetSchema schema,
            String path,
            String parent,
            List<SchemaNode> fields,
            String rest) {
        Match exact = longestMatch(fields, rest);
        if (exact != null) {
            return exact;
        }
        List<SchemaNode> folded = new ArrayList<>();
        for (SchemaNode field : fields) {
            if (matchOne(field, rest, true) != null) {
                folded.add(field);
            }
        }
        if (folded.size() == 1) {
            return matchOne(folded.get(0), rest, true);
        }
        String where = parent == null ? "" : " in " + parent;
        if (folded.isEmpty()) {
            String name = rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
            throw error(schema, path, "no field " + name + where);
        }
        String names = folded.stream().map(SchemaNode::name).collect(Collectors.joining(", "));
        throw error(schema, path, "it matches several fields" + where + " ignoring case: " + names);
    }

    /** The exact match with the longest name: a field named "a.b" beats ROW "a" for "a.b". */
    private static Match longestMatch(List<SchemaNode> fields, String rest) {
        Match best = null;
        for (SchemaNode field : fields) {
            Match m = matchOne(field, rest, false);
            if (m != null && (best == null || field.name().length() > best.node.name().length())) {
                best = m;
            }
        }
        return best;
    }

    private static Match matchOne(SchemaNode field, String rest, boolean ignoreCase) {
        String name = field.name();
        if (rest.length() == name.length()
                && rest.regionMatches(ignoreCase, 0, name, 0, name.length())) {
            return new Match(field, null);
        }
        if (rest.length() > name.length() + 1
                && rest.charAt(name.length()) == '.'
                && rest.regionMatches(ignoreCase, 0, name, 0, name.length())) {
            return new Match(field, rest.substring(name.length() + 1));
        }
        return null;
    }

    /** {@code node} cut down to {@code selection}, keeping levels, leaves and file names. */
    private static SchemaNode narrow(Selection selection) {
        if (selection.whole) {
            return selection.node;
        }
        StructNode struct = (StructNode) selection.node;
        List<SchemaNode> fields = new ArrayList<>();
        List<Type> types = new ArrayList<>();
        for (SchemaNode field : struct.fields()) {
            Selection child = selection.children.get(field.name());
            if (child != null) {
                SchemaNode narrowed = narrow(child);
                fields.add(narrowed);
                types.add(narrowed.parquetType());
            }
        }
        List<RowType.RowField> rowFields = new ArrayList<>();
        for (SchemaNode field : fields) {
            rowFields.add(new RowType.RowField(field.name(), field.flinkType()));
        }
        RowType rowType = new RowType(struct.flinkType().isNullable(), rowFields);
        GroupType group = struct.parquetType().asGroupType().withNewFields(types);
        return new StructNode(
                struct.name(),
                rowType,
                group,
                fields,
                struct.definitionLevel(),
                struct.repetitionLevel());
    }

    private static IllegalArgumentException error(
            ParquetSchema schema, String path, String reason) {
        String columns =
                schema.fields().stream().map(SchemaNode::name).collect(Collectors.joining(", "));
        return new IllegalArgumentException(
                "Cannot project column " + path + ": " + reason + " (columns: " + columns + ")");
    }
}
