package io.pqx.format.predicate;

import io.pqx.format.metadata.LeafColumnView;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A {@link ColumnRef} found in a schema: where its value lies in a row (the field position at each
 * level of the path), its Flink type and, when the schema is a file's, its Parquet leaf. Immutable
 * and thread-safe.
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

    ResolvedColumn(
            ColumnRef ref, int[] positions, int[] arities, LogicalType type, LeafColumnView leaf) {
        this.ref = ref;
        this.positions = positions.clone();
        this.arities = arities.clone();
        this.type = type;
        this.domain = ColumnDomain.of(type);
        this.leaf = leaf;
        this.getter = RowData.createFieldGetter(type, positions[positions.length - 1]);
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

    /** The domain in which the column's values compare. */
    public ColumnDomain domain() {
        return domain;
    }

    /** The Parquet leaf the column reads, when resolved against a file's fields. */
    public Optional<LeafColumnView> leaf() {
        return Optional.ofNullable(leaf);
    }

    /**
     * The column's value in {@code row} as Flink holds it (see {@link KeyFilter}), or null when it
     * or a ROW on its path is null.
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
        return r.isNullAt(positions[last]) ? null : getter.getFieldOrNull(r);
    }

    /** The column's value in {@code row} as a {@link ColumnDomain} value, or null. */
    public Object readDomain(RowData row) {
        Object v = readInternal(row);
        return v == null ? null : ColumnDomain.fromInternal(v, type);
    }

    @Override
    public String toString() {
        return ref + " " + type.asSummaryString() + " at " + positions();
    }
}
