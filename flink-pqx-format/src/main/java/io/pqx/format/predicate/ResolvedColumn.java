package io.pqx.format.predicate;

import io.pqx.format.metadata.LeafColumnView;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.types.variant.Variant;

/**
 * A {@link ColumnRef} found in a schema: where its value lies in a row (the field position at each
 * level of the path), its Flink type and, when the schema is a file's, its Parquet leaf. Immutable
 * and thread-safe.
 *
 * <p>A reference whose path goes on past a VARIANT column is a <em>variant field</em>: {@link
 * #positions()} lead to the VARIANT column, {@link #variantPath()} names the field inside it, and
 * {@link #readInternal} gives the field's {@link Variant} (see {@link VariantFieldValues}).
 * Resolved against a file's fields, it also carries the shredded field's typed column ({@link
 * #variantTyped()}) and the field's own {@code value} column ({@link #variantResidual()}) when the
 * file shreds the field, for the pruners.
 */
@Internal
public final class ResolvedColumn {
    private final ColumnRef ref;
    private final int[] positions;
    private final int[] arities;
    private final LogicalType type;
    private final ColumnDomain domain;
    private final LeafColumnView leaf;
    private final RowData.FieldGetter getter;
    private final List<String> variantPath;
    private final ResolvedColumn variantTyped;
    private final ResolvedColumn variantResidual;

    ResolvedColumn(
            ColumnRef ref, int[] positions, int[] arities, LogicalType type, LeafColumnView leaf) {
        this.ref = ref;
        this.positions = positions.clone();
        this.arities = arities.clone();
        this.type = type;
        this.domain = ColumnDomain.of(type);
        this.leaf = leaf;
        this.getter = RowData.createFieldGetter(type, positions[positions.length - 1]);
        this.variantPath = List.of();
        this.variantTyped = null;
        this.variantResidual = null;
    }

    /** A variant field: {@code type} is the VARIANT column's, {@code variantPath} not empty. */
    ResolvedColumn(
            ColumnRef ref,
            int[] positions,
            int[] arities,
            LogicalType type,
            List<String> variantPath,
            ResolvedColumn variantTyped,
            ResolvedColumn variantResidual) {
        this.ref = ref;
        this.positions = positions.clone();
        this.arities = arities.clone();
        this.type = type;
        this.domain = null;
        this.leaf = null;
        this.getter = null;
        this.variantPath = List.copyOf(variantPath);
        this.variantTyped = variantTyped;
        this.variantResidual = variantResidual;
    }

    /** Whether this is a field inside a VARIANT column. */
    public boolean isVariantField() {
        return !variantPath.isEmpty();
    }

    /** The field's path inside the VARIANT column; empty for other columns. */
    public List<String> variantPath() {
        return variantPath;
    }

    /**
     * For a variant field resolved against a file that shreds it as a primitive: the typed column
     * ({@code v.typed_value.<field>.typed_value}), resolved with its Parquet leaf and Flink type.
     */
    public Optional<ResolvedColumn> variantTyped() {
        return Optional.ofNullable(variantTyped);
    }

    /**
     * For a variant field resolved against a file that shreds it: the field's {@code value} column
     * (the field's value when it does not fit the typed column), when the file has one.
     */
    public Optional<ResolvedColumn> variantResidual() {
        return Optional.ofNullable(variantResidual);
    }

    public ColumnRef ref() {
        return ref;
    }

    /** The field position at each level of the path, outermost first. */
    public List<Integer> positions() {
        return Arrays.stream(positions).boxed().toList();
    }

    /** The Flink type of the column's values. */
    public LogicalType type() {
        return type;
    }

    /**
     * The domain in which the column's values compare.
     *
     * @throws IllegalStateException for a variant field, whose values compare by {@link
     *     VariantFieldValues}
     */
    public ColumnDomain domain() {
        if (domain == null) {
            throw new IllegalStateException(
                    "Column " + ref + " is a VARIANT field: it has no column domain");
        }
        return domain;
    }

    /** The Parquet leaf the column reads, when resolved against a file's fields. */
    public Optional<LeafColumnView> leaf() {
        return Optional.ofNullable(leaf);
    }

    /**
     * The column's value in {@code row} as Flink holds it (see {@link KeyFilter}), or null when it
     * or a ROW on its path is null. For a variant field, the field's {@link Variant}, or null when
     * {@link VariantFieldValues#field} finds none.
     */
    public Object readInternal(RowData row) {
        RowData r = row;
        int last = positions.length - 1;
        for (int i = 0; i < last; i++) {
            if (r.isNullAt(positions[i])) {
                return null;
            }
            r = r.getRow(positions[i], arities[i]);
        }
        if (r.isNullAt(positions[last])) {
            return null;
        }
        if (getter == null) {
            return VariantFieldValues.field(r.getVariant(positions[last]), variantPath);
        }
        return getter.getFieldOrNull(r);
    }

    /** The column's value in {@code row} as a {@link ColumnDomain} value, or null. */
    public Object readDomain(RowData row) {
        domain();
        Object v = readInternal(row);
        return v == null ? null : ColumnDomain.fromInternal(v, type);
    }

    @Override
    public String toString() {
        return ref
                + " "
                + type.asSummaryString()
                + " at "
                + positions()
                + (variantPath.isEmpty() ? "" : " field " + String.join(".", variantPath));
    }
}
