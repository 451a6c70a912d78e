package io.pqx.source.reader;

import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;

import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The source's predicate as the row filter of one file's scans ({@link
 * ParquetReader#scanRowGroup}): the columns it names, read from the file as the requested types
 * (widened, partition values, nulls for missing columns: {@link FileReadPlan}), and a row kept
 * when the predicate is TRUE on it under SQL three-valued logic, with the runtime-filter values
 * known at that moment ({@link LiveSlots}). Counts the rows it decides and drops. Used by the
 * fetcher thread only.
 */
final class PredicateRowFilter implements RowFilter {
    private final FileReadPlan plan;
    private final BoundPredicate predicate;
    private final LiveSlots slots;
    private final ReaderMetrics metrics;

    private PredicateRowFilter(FileReadPlan plan, BoundPredicate predicate, LiveSlots slots,
            ReaderMetrics metrics) {
        this.plan = plan;
        this.predicate = predicate;
        this.slots = slots;
        this.metrics = metrics;
    }

    /** The filter of {@code predicate} (over {@code readType}'s names) for one open file. */
    static PredicateRowFilter of(Predicate predicate, RowType readType, ParquetReader reader,
            Set<String> partitionKeys, Map<String, String> partitions, String file, LiveSlots slots,
            ReaderMetrics metrics) throws IOException {
        RowType columns = columnsOf(predicate, readType);
        FileReadPlan plan = FileReadPlan.of(reader, columns, partitionKeys, partitions, file, 1);
        BoundPredicate bound = BoundPredicate.bind(predicate, ColumnResolver.of(columns));
        return new PredicateRowFilter(plan, bound, slots, metrics);
    }

    /** The top-level fields of {@code readType} that {@code predicate} names, in its order. */
    static RowType columnsOf(Predicate predicate, RowType readType) {
        Set<String> names = new LinkedHashSet<>();
        for (ColumnRef ref : predicate.columns()) {
            names.add(ref.path().get(0));
        }
        List<RowType.RowField> fields = new ArrayList<>();
        for (RowType.RowField field : readType.getFields()) {
            if (names.contains(field.getName())) {
                fields.add(field);
            }
        }
        return new RowType(readType.isNullable(), fields);
    }

    @Override
    public ReadSchema columns() {
        return plan.projection();
    }

    @Override
    public int filter(ParquetBatch batch, boolean[] keep) {
        int rows = batch.getNumRows();
        boolean[] mask = predicate.mask(plan.adapt(batch), slots.current());
        int kept = 0;
        for (int i = 0; i < rows; i++) {
            keep[i] = mask[i];
            kept += mask[i] ? 1 : 0;
        }
        metrics.rowsDecoded.inc(rows);
        metrics.rowsFiltered.inc(rows - kept);
        return kept;
    }
}
