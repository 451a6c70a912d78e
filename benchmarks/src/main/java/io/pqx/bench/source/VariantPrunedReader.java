package io.pqx.bench.source;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.io.CountingInputFile;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.prune.StatisticsPruner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.types.variant.Variant;

/**
 * Case {@code variant}'s filter through pqx's predicate API, as the source's split reader runs a
 * pushed-down predicate: {@code e.user_id >= from AND e.user_id < to} (a dotted path past the
 * VARIANT column), row groups pruned by footer statistics and pages by the page index, the rest
 * read by the filtered scan with the predicate as its row filter. Where pqx's predicates cannot
 * name a field of a VARIANT column, {@link #read} throws when it binds the predicate, before it
 * reads a page; the case then reports the contender as not measured. Counts the bytes read, the
 * rows decoded and the row groups and pages skipped.
 */
final class VariantPrunedReader {
    private VariantPrunedReader() {}

    /** What one run found, read and skipped. */
    record Outcome(
            VariantEvents.FilterAnswer answer,
            long bytesRead,
            long rowsDecoded,
            int rowGroupsSkipped,
            int pagesSkipped,
            int pagesLookedAt) {}

    /** The predicate on the shredded {@code user_id}. */
    static Predicate predicate(long from, long to) {
        String field = VariantEvents.COLUMN + ".user_id";
        return Predicates.and(
                Predicates.greaterOrEqual(field, from), Predicates.lessThan(field, to));
    }

    static Outcome read(Path file, long from, long to) throws IOException {
        long[] bytes = {0};
        long[] decoded = {0};
        int[] pages = {0, 0};
        long matches = 0;
        long userSum = 0;
        long centsSum = 0;
        Predicate predicate = predicate(from, to);
        try (ParquetReader reader =
                ParquetReader.open(
                        new CountingInputFile(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                n -> bytes[0] += n),
                        ReadOptions.defaults())) {
            ReadSchema columns = reader.project(List.of(VariantEvents.COLUMN));
            BoundPredicate bound =
                    BoundPredicate.bind(predicate, ColumnResolver.of(columns.rowType()));
            StatisticsPruner statistics =
                    StatisticsPruner.create(predicate, reader.schema().fields());
            Set<Integer> leaves =
                    new LinkedHashSet<>(
                            PageIndexPruner.leafIndexes(predicate, reader.schema().fields()));
            columns.leaves().forEach(l -> leaves.add(l.leafIndex()));
            PageIndexSource pageIndexes = reader.pageIndexSource(leaves);
            PruningListener listener =
                    new PruningListener() {
                        @Override
                        public void pagesPruned(
                                String evidence, int rowGroup, int pruned, int looked) {
                            pages[0] += pruned;
                            pages[1] += looked;
                        }
                    };
            AccessPlan plan =
                    AccessPlan.scanAll(reader.metadata())
                            .apply(statistics, reader.metadata(), SlotValues.none(), listener)
                            .apply(
                                    PageIndexPruner.create(statistics, pageIndexes),
                                    reader.metadata(),
                                    SlotValues.none(),
                                    listener);
            RowFilter filter =
                    new RowFilter() {
                        @Override
                        public ReadSchema columns() {
                            return columns;
                        }

                        @Override
                        public int filter(ParquetBatch batch, boolean[] keep) {
                            boolean[] mask = bound.mask(batch.columnBatch(), SlotValues.none());
                            int n = batch.numRows();
                            System.arraycopy(mask, 0, keep, 0, n);
                            return n;
                        }
                    };
            ParquetScan.Listener decoding =
                    new ParquetScan.Listener() {
                        @Override
                        public void reading(
                                int rowGroup, RowSelection selection, boolean filtered) {
                            decoded[0] += selection.rowCount();
                        }
                    };
            try (BatchIterator batches =
                    ParquetScan.builder(reader, columns)
                            .accessPlan(plan)
                            .rowFilter(filter)
                            .knownPageIndexes(pageIndexes::pageIndexes)
                            .listener(decoding)
                            .build()) {
                while (batches.hasNext()) {
                    ParquetBatch b = batches.next();
                    VectorizedColumnBatch batch = b.columnBatch();
                    for (int i = 0; i < b.numRows(); i++) {
                        Variant event = batch.getVariant(i, 0);
                        long user = ((Number) event.getField("user_id").get()).longValue();
                        // an ALL_MATCH row group is read unfiltered: the range is checked here too
                        if (user >= from && user < to) {
                            matches++;
                            userSum += user;
                            centsSum +=
                                    event.getField("amount")
                                            .getDecimal()
                                            .movePointRight(2)
                                            .longValueExact();
                        }
                    }
                }
            }
            return new Outcome(
                    new VariantEvents.FilterAnswer(matches, userSum, centsSum),
                    bytes[0],
                    decoded[0],
                    plan.skippedRowGroups(),
                    pages[0],
                    pages[1]);
        }
    }
}
