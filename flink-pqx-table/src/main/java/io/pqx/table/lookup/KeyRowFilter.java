package io.pqx.table.lookup;

import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A batch of lookup keys (the condition on their data columns) as the row filter of one file's
 * scans: a row is kept when the key's predicate is TRUE on it. The scan decodes the key columns
 * first and the other columns only for the rows kept.
 */
final class KeyRowFilter implements RowFilter {
    private final ReadSchema columns;
    private final BoundPredicate predicate;

    private KeyRowFilter(ReadSchema columns, BoundPredicate predicate) {
        this.columns = columns;
        this.predicate = predicate;
    }

    /** The filter of {@code key} over the columns it names in {@code reader}'s file. */
    static KeyRowFilter of(Predicate key, ParquetReader reader) {
        Set<String> names = new LinkedHashSet<>();
        key.columns().forEach(ref -> names.add(ref.path().get(0)));
        ReadSchema columns = reader.project(List.copyOf(names));
        return new KeyRowFilter(
                columns, BoundPredicate.bind(key, ColumnResolver.of(columns.rowType())));
    }

    @Override
    public ReadSchema columns() {
        return columns;
    }

    @Override
    public int filter(ParquetBatch batch, boolean[] keep) {
        boolean[] mask = predicate.mask(batch.columnBatch(), SlotValues.none());
        int rows = batch.numRows();
        int kept = 0;
        for (int i = 0; i < rows; i++) {
            keep[i] = mask[i];
            kept += mask[i] ? 1 : 0;
        }
        return kept;
    }
}
