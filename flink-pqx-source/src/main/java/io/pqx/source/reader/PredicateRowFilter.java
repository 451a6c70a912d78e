package io.pqx.source.reader;

import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.predicate.And;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.MaskScratch;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.table.types.logical.RowType;

/**
 * The source's predicate as the row filter of one file's scans ({@link
 * ParquetReader#scanRowGroup}): the columns it names, read from the file as the requested types
 * (widened, partition values, nulls for missing columns: {@link FileReadPlan}), and a row kept when
 * the predicate is TRUE on it under SQL three-valued logic, with the runtime-filter values known at
 * that moment ({@link LiveSlots}). Counts the rows it drops. Used by the fetcher thread only.
 */
final class PredicateRowFilter implements RowFilter {
    private final FileReadPlan plan;
    private final BoundPredicate predicate;
    private final LiveSlots slots;
    private final ReaderMetrics metrics;
    private final List<RowFilter> conjuncts;

    /** The arrays the predicate is evaluated in, kept from batch to batch. */
    private final MaskScratch scratch = new MaskScratch();

    private PredicateRowFilter(
            FileReadPlan plan,
            BoundPredicate predicate,
            LiveSlots slots,
            ReaderMetrics metrics,
            List<RowFilter> conjuncts) {
        this.plan = plan;
        this.predicate = predicate;
        this.slots = slots;
        this.metrics = metrics;
        this.conjuncts = conjuncts.isEmpty() ? List.of(this) : conjuncts;
    }

    /**
     * The filter of {@code predicate} (over {@code readType}'s names) for one open file; a
     * top-level AND of parts over different columns is also split into one filter per set of
     * columns ({@link #conjuncts()}), so that a late-materializing scan decides them one after
     * another.
     */
    static PredicateRowFilter of(
            Predicate predicate,
            RowType readType,
            ParquetReader reader,
            Set<String> partitionKeys,
            Map<String, String> partitions,
            String file,
            LiveSlots slots,
            ReaderMetrics metrics)
            throws IOException {
        Map<Set<String>, List<Predicate>> byColumns = new LinkedHashMap<>();
        if (predicate instanceof And and) {
            for (Predicate part : and.children()) {
                byColumns.computeIfAbsent(topLevelNames(part), k -> new ArrayList<>()).add(part);
            }
        }
        List<RowFilter> parts = new ArrayList<>();
        if (byColumns.size() > 1) {
            for (List<Predicate> group : byColumns.values()) {
                parts.add(
                        single(
                                Predicates.and(group),
                                readType,
                                reader,
                                partitionKeys,
                                partitions,
                                file,
                                slots,
                                metrics,
                                List.of()));
            }
        }
        return single(
                predicate,
                readType,
                reader,
                partitionKeys,
                partitions,
                file,
                slots,
                metrics,
                parts);
    }

    private static PredicateRowFilter single(
            Predicate predicate,
            RowType readType,
            ParquetReader reader,
            Set<String> partitionKeys,
            Map<String, String> partitions,
            String file,
            LiveSlots slots,
            ReaderMetrics metrics,
            List<RowFilter> parts)
            throws IOException {
        RowType columns = columnsOf(predicate, readType);
        FileReadPlan plan = FileReadPlan.of(reader, columns, partitionKeys, partitions, file, 1);
        BoundPredicate bound = BoundPredicate.bind(predicate, ColumnResolver.of(columns));
        return new PredicateRowFilter(plan, bound, slots, metrics, parts);
    }

    private static Set<String> topLevelNames(Predicate predicate) {
        Set<String> names = new TreeSet<>();
        for (ColumnRef ref : predicate.columns()) {
            names.add(ref.path().get(0));
        }
        return names;
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
        int rows = batch.numRows();
        predicate.mask(plan.adapt(batch.columnBatch()), slots.current(), keep, scratch);
        int kept = 0;
        for (int i = 0; i < rows; i++) {
            kept += keep[i] ? 1 : 0;
        }
        // each dropped row is dropped by one part (the reader counts the rows decided)
        metrics.rowsFiltered.inc(rows - kept);
        return kept;
    }

    @Override
    public List<RowFilter> conjuncts() {
        return conjuncts;
    }
}
