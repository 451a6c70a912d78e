package io.pqx.source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The row type a projection of dotted field paths emits: its top-level fields in the order the
 * paths first name them; a path {@code "a"} keeps field {@code a} whole, a path {@code "a.b"} keeps
 * of the ROW field {@code a} only its field {@code b} (fields kept of one ROW stay in the ROW's
 * order; a field named whole and by a path inside it is kept whole). Stateless.
 */
final class ProjectedRowType {
    private ProjectedRowType() {}

    /**
     * @throws IllegalArgumentException for a path naming no field, entering a field that is not a
     *     ROW, or a path named twice
     */
    static RowType of(RowType rowType, List<String> paths) {
        Map<String, List<List<String>>> byTop = new LinkedHashMap<>();
        for (String path : paths) {
            List<String> parts = List.of(path.split("\\.", -1));
            if (parts.stream().anyMatch(String::isEmpty)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: projected field '"
                                + path
                                + "' has an empty name");
            }
            List<List<String>> rests = byTop.computeIfAbsent(parts.get(0), k -> new ArrayList<>());
            List<String> rest = parts.subList(1, parts.size());
            if (rests.contains(rest)) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: projected field " + path + " is named twice");
            }
            rests.add(rest);
        }
        List<RowType.RowField> fields = new ArrayList<>();
        for (Map.Entry<String, List<List<String>>> e : byTop.entrySet()) {
            int index = rowType.getFieldIndex(e.getKey());
            if (index < 0) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: projected field "
                                + e.getKey()
                                + " is not a field of the row type "
                                + rowType.getFieldNames());
            }
            RowType.RowField field = rowType.getFields().get(index);
            fields.add(
                    new RowType.RowField(
                            field.getName(),
                            narrow(field.getType(), e.getValue(), e.getKey()),
                            field.getDescription().orElse(null)));
        }
        return new RowType(rowType.isNullable(), fields);
    }

    /** {@code type} narrowed to the paths below it ({@code []}: the whole type). */
    private static LogicalType narrow(LogicalType type, List<List<String>> rests, String at) {
        if (rests.stream().anyMatch(List::isEmpty)) {
            return type;
        }
        if (!(type instanceof RowType row)) {
            throw new IllegalArgumentException(
                    "Cannot build a pqx source: projected field "
                            + at
                            + " is "
                            + type.asSummaryString()
                            + ", not a ROW: no field can be selected in it");
        }
        Map<String, List<List<String>>> byField = new LinkedHashMap<>();
        for (List<String> rest : rests) {
            if (row.getFieldIndex(rest.get(0)) < 0) {
                throw new IllegalArgumentException(
                        "Cannot build a pqx source: projected field "
                                + at
                                + "."
                                + rest.get(0)
                                + " is not a field of "
                                + at
                                + " "
                                + row.getFieldNames());
            }
            byField.computeIfAbsent(rest.get(0), k -> new ArrayList<>())
                    .add(rest.subList(1, rest.size()));
        }
        List<RowType.RowField> kept = new ArrayList<>();
        for (RowType.RowField f : row.getFields()) {
            List<List<String>> below = byField.get(f.getName());
            if (below != null) {
                kept.add(
                        new RowType.RowField(
                                f.getName(),
                                narrow(f.getType(), below, at + "." + f.getName()),
                                f.getDescription().orElse(null)));
            }
        }
        return new RowType(row.isNullable(), kept);
    }
}
