package io.pqx.format.predicate;

import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * Finds the columns a predicate names in one schema, with a clear error for a column that is not
 * there. Two kinds of schema: the fields of a read ({@code ReadSchema.fields()}, or a file's whole
 * schema), which also give each column's Parquet leaf for the pruners; or a Flink {@link RowType},
 * for rows of any origin. A path goes through ROW fields only; it must end at an atomic column (one
 * inside an ARRAY or MAP cannot be filtered on). A path that goes on past a VARIANT column names a
 * field of the variant object ({@code v.user_id}, {@code v.address.city}): see {@link
 * ResolvedColumn#isVariantField()} and {@link VariantFieldValues}. Immutable and thread-safe.
 */
@Internal
public final class ColumnResolver {
    private final List<FieldView> fields;
    private final RowType rowType;

    private ColumnResolver(List<FieldView> fields, RowType rowType) {
        this.fields = fields;
        this.rowType = rowType;
    }

    /** Resolves against these top-level fields: field {@code i} is position {@code i} of a row. */
    public static ColumnResolver of(List<FieldView> fields) {
        return new ColumnResolver(List.copyOf(fields), null);
    }

    /** Resolves against the fields of {@code rowType}, with no Parquet leaves. */
    public static ColumnResolver of(RowType rowType) {
        return new ColumnResolver(null, rowType);
    }

    /**
     * Where {@code ref} is.
     *
     * @throws IllegalArgumentException naming the column and the fields there are, when a name on
     *     the path does not exist, or the path goes into or ends at a non-atomic field
     */
    public ResolvedColumn resolve(ColumnRef ref) {
        return fields != null ? resolveFields(ref) : resolveRowType(ref);
    }

    private ResolvedColumn resolveFields(ColumnRef ref) {
        List<String> path = ref.path();
        int[] positions = new int[path.size()];
        int[] arities = new int[path.size()];
        List<FieldView> level = fields;
        FieldView field = null;
        for (int i = 0; i < path.size(); i++) {
            if (field != null && isVariant(field.flinkType())) {
                return variantField(
                        ref,
                        Arrays.copyOf(positions, i),
                        shift(Arrays.copyOf(arities, i)),
                        field,
                        path.subList(i, path.size()));
            }
            if (field != null && field.kind() != FieldView.Kind.ROW) {
                throw notAtomic(ref, path.subList(0, i), field.kind().name());
            }
            int pos = indexOf(level.stream().map(FieldView::name).toList(), path.get(i));
            if (pos < 0) {
                throw unknown(
                        ref, path.subList(0, i), level.stream().map(FieldView::name).toList());
            }
            positions[i] = pos;
            arities[i] = level.size();
            field = level.get(pos);
            level = field.children();
        }
        if (field.kind() != FieldView.Kind.PRIMITIVE) {
            throw notAtomic(ref, path, field.kind().name());
        }
        LeafColumnView leaf = field.leaf().orElseThrow();
        // arities[i] holds the size of level i; getRow at level i needs the size of level i + 1
        return column(ref, positions, shift(arities), field.flinkType(), leaf);
    }

    /** The arity of the ROW opened at each level: the number of fields of level i + 1. */
    private static int[] shift(int[] levelSizes) {
        int[] out = new int[levelSizes.length];
        for (int i = 0; i + 1 < levelSizes.length; i++) {
            out[i] = levelSizes[i + 1];
        }
        return out;
    }

    private ResolvedColumn resolveRowType(ColumnRef ref) {
        List<String> path = ref.path();
        int[] positions = new int[path.size()];
        int[] arities = new int[path.size()];
        LogicalType type = rowType;
        for (int i = 0; i < path.size(); i++) {
            if (isVariant(type)) {
                return new ResolvedColumn(
                        ref,
                        Arrays.copyOf(positions, i),
                        Arrays.copyOf(arities, i),
                        type,
                        path.subList(i, path.size()),
                        null,
                        null);
            }
            if (!(type instanceof RowType row)) {
                throw notAtomic(ref, path.subList(0, i), type.getTypeRoot().name());
            }
            int pos = indexOf(row.getFieldNames(), path.get(i));
            if (pos < 0) {
                throw unknown(ref, path.subList(0, i), row.getFieldNames());
            }
            positions[i] = pos;
            type = row.getTypeAt(pos);
            if (i > 0) {
                arities[i - 1] = row.getFieldCount();
            }
        }
        return column(ref, positions, arities, type, null);
    }

    private static boolean isVariant(LogicalType type) {
        return type.getTypeRoot() == LogicalTypeRoot.VARIANT;
    }

    /**
     * A field inside the VARIANT column {@code variant}, read from a file: with the field's typed
     * and {@code value} columns when the file shreds every object on the path and the field itself
     * as a primitive ({@code v.typed_value.a.typed_value.b.typed_value} for {@code v.a.b}); without
     * them otherwise (no pruning, rows still filtered).
     */
    private static ResolvedColumn variantField(
            ColumnRef ref,
            int[] positions,
            int[] arities,
            FieldView variant,
            List<String> fieldPath) {
        FieldView group = variant;
        for (String name : fieldPath) {
            FieldView typed = child(group, "typed_value");
            group = typed == null || typed.kind() != FieldView.Kind.ROW ? null : child(typed, name);
            if (group == null || group.kind() != FieldView.Kind.ROW) {
                group = null;
                break;
            }
        }
        ResolvedColumn typed = null;
        ResolvedColumn residual = null;
        if (group != null) {
            typed = physical(ref, child(group, "typed_value"));
            residual = physical(ref, child(group, "value"));
        }
        return new ResolvedColumn(
                ref, positions, arities, variant.flinkType(), fieldPath, typed, residual);
    }

    private static FieldView child(FieldView group, String name) {
        for (FieldView c : group.children()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /**
     * A Parquet leaf of a variant group as a column the pruners can read facts of; null when it is
     * missing, not a leaf, or of a type with no comparison domain.
     */
    private static ResolvedColumn physical(ColumnRef ref, FieldView field) {
        if (field == null || field.kind() != FieldView.Kind.PRIMITIVE) {
            return null;
        }
        try {
            ColumnDomain.of(field.flinkType());
        } catch (IllegalArgumentException e) {
            return null;
        }
        ColumnRef leafRef = ColumnRef.parse(field.leaf().orElseThrow().dottedPath());
        return new ResolvedColumn(
                leafRef, new int[] {0}, new int[] {0}, field.flinkType(), field.leaf().get());
    }

    private static ResolvedColumn column(
            ColumnRef ref, int[] positions, int[] arities, LogicalType type, LeafColumnView leaf) {
        try {
            ColumnDomain.of(type);
        } catch (IllegalArgumentException e) {
            throw notAtomic(ref, ref.path(), type.asSummaryString());
        }
        return new ResolvedColumn(ref, positions, arities, type, leaf);
    }

    private static int indexOf(List<String> names, String name) {
        return names.indexOf(name);
    }

    private static IllegalArgumentException unknown(
            ColumnRef ref, List<String> parent, List<String> names) {
        String where = parent.isEmpty() ? "the row" : String.join(".", parent);
        return new IllegalArgumentException(
                "Cannot resolve column "
                        + ref
                        + ": "
                        + where
                        + " has no field "
                        + ref.path().get(parent.size())
                        + " (fields: "
                        + names.stream().collect(Collectors.joining(", "))
                        + ")");
    }

    private static IllegalArgumentException notAtomic(ColumnRef ref, List<String> at, String kind) {
        return new IllegalArgumentException(
                "Cannot resolve column "
                        + ref
                        + ": "
                        + String.join(".", at)
                        + " is a "
                        + kind
                        + ", and a predicate compares only atomic columns reached through ROW fields");
    }

    /** The columns of {@code predicate}, resolved. */
    public List<ResolvedColumn> resolveAll(Predicate predicate) {
        List<ResolvedColumn> out = new ArrayList<>();
        for (ColumnRef ref : predicate.columns()) {
            out.add(resolve(ref));
        }
        return out;
    }
}
