package io.pqx.table.lookup;

import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.MaskScratch;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A batch of lookup keys (the condition on their data columns) as the row filter of one file's
 * scans: a row is kept when the key's predicate is TRUE on it. The scan decodes the key columns
 * first and the other columns only for the rows kept. Called on the scanning thread only, as every
 * row filter is.
 */
final class KeyRowFilter implements RowFilter {
    private final ReadSchema columns;
    private final BoundPredicate predicate;

    /** The arrays the predicate is evaluated in, kept from batch to batch. */
    private final MaskScratch scratch = new MaskScratch();

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
        int rows = batch.numRows();
        predicate.mask(batch.columnBatch(), SlotValues.none(), keep, scratch);
        int kept = 0;
        for (int i = 0; i < rows; i++) {
            kept += keep[i] ? 1 : 0;
        }
        return kept;
    }
}
