package io.pqx.bench.source;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetBatch;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.ReadSchema;
import io.pqx.format.RowFilter;
import io.pqx.format.io.CountingInputFile;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.MaskScratch;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.BloomFilterPruner;
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

/**
 * pqx's reader answering a {@link SourceQuery} on one thread, as the source's split reader does,
 * through the format's public API only: row groups pruned by footer statistics, bloom filters and
 * page indexes (row groups narrowed to the pages that may match, their offset indexes read once),
 * the rest read by the late-materializing filtered scan ({@link ParquetScan}) with the predicate as
 * its row filter, ALL_MATCH row groups read unfiltered; every returned value folded. Counts the
 * bytes read and the rows decoded.
 */
final class PqxQueryReader {
    private PqxQueryReader() {}

    static ReadOutcome read(Path path, SourceQuery query, boolean late) throws IOException {
        return read(path, query, ReadOptions.builder().lateMaterialization(late).build());
    }

    /** As {@link #read(Path, SourceQuery, boolean)}, with the given read options. */
    static ReadOutcome read(Path path, SourceQuery query, ReadOptions options) throws IOException {
        long[] bytes = {0};
        long[] decoded = {0};
        InputFile counted =
                new CountingInputFile(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(path.toUri())),
                        n -> bytes[0] += n);
        AggregateFold fold = new AggregateFold(query.positions());
        try (ParquetReader reader = ParquetReader.open(counted, options)) {
            ReadSchema out = reader.project(query.columns());
            Predicate predicate = query.predicate();
            if (predicate == null) {
                try (BatchIterator batches = reader.batches(out)) {
                    while (batches.hasNext()) {
                        ParquetBatch b = batches.next();
                        decoded[0] += b.numRows();
                        fold.add(b.columnBatch());
                    }
                }
                return new ReadOutcome(fold.result(), bytes[0], decoded[0]);
            }
            ReadSchema filterColumns = reader.project(List.of(query.filterColumn()));
            StatisticsPruner statistics =
                    StatisticsPruner.create(predicate, reader.schema().fields());
            Set<Integer> leaves =
                    new LinkedHashSet<>(
                            PageIndexPruner.leafIndexes(predicate, reader.schema().fields()));
            out.leaves().forEach(l -> leaves.add(l.leafIndex()));
            PageIndexSource pageIndexes = reader.pageIndexSource(leaves);
            PruningListener listener = new PruningListener() {};
            AccessPlan plan =
                    AccessPlan.scanAll(reader.metadata())
                            .apply(statistics, reader.metadata(), SlotValues.none(), listener)
                            .apply(
                                    BloomFilterPruner.create(
                                            statistics, reader.bloomFilterSource()),
                                    reader.metadata(),
                                    SlotValues.none(),
                                    listener)
                            .apply(
                                    PageIndexPruner.create(statistics, pageIndexes),
                                    reader.metadata(),
                                    SlotValues.none(),
                                    listener);
            BoundPredicate bound =
                    BoundPredicate.bind(predicate, ColumnResolver.of(filterColumns.rowType()));
            RowFilter filter =
                    new RowFilter() {
                        private final MaskScratch scratch = new MaskScratch();

                        @Override
                        public ReadSchema columns() {
                            return filterColumns;
                        }

                        @Override
                        public int filter(ParquetBatch batch, boolean[] keep) {
                            int n = batch.numRows();
                            bound.mask(batch.columnBatch(), SlotValues.none(), keep, scratch);
                            return n;
                        }
                    };
            // a row group's selected rows are all decoded: the filter's columns for every one of
            // them, or every column of an ALL_MATCH row group, read unfiltered
            ParquetScan.Listener decoding =
                    new ParquetScan.Listener() {
                        @Override
                        public void reading(
                                int rowGroup, RowSelection selection, boolean filtered) {
                            decoded[0] += selection.rowCount();
                        }
                    };
            try (BatchIterator batches =
                    ParquetScan.builder(reader, out)
                            .accessPlan(plan)
                            .rowFilter(filter)
                            .knownPageIndexes(pageIndexes::pageIndexes)
                            .listener(decoding)
                            .build()) {
                while (batches.hasNext()) {
                    fold.add(batches.next().columnBatch());
                }
            }
        }
        return new ReadOutcome(fold.result(), bytes[0], decoded[0]);
    }
}
