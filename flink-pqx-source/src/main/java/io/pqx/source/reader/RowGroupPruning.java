package io.pqx.source.reader;

import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.BloomFilterPruner;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.pruning.PredicatePruning;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.annotation.Nullable;

/**
 * What the split reader proves about a row group of an open file before it reads it, each step a
 * proof of absence over the predicate's conjuncts the file can be asked about ({@link
 * PredicatePruning#fileConjuncts}):
 *
 * <ol>
 *   <li><b>Runtime filters at the row-group boundary.</b> When a runtime filter has arrived since
 *       the split was planned, the footer statistics are asked again with it: a row group it proves
 *       empty is skipped ({@code pqxRowGroupsPrunedByRuntimeFilter}).
 *   <li><b>Bloom filters</b> for {@code =} and {@code IN}: a row group whose filters prove every
 *       value absent is skipped; filters are read only for row groups not yet decided.
 *   <li><b>Page indexes</b>: the row group is narrowed to the row ranges of the pages whose bounds
 *       let a row match (or skipped); the predicate's and the projection's page indexes are read
 *       together once and the decoder reuses the offset indexes ({@link #known}).
 * </ol>
 *
 * ALL_MATCH proven from these conjuncts is kept only when none was left out. A failure keeps the
 * data and counts {@code pqxReaderPruningErrors}. One per open file; used by the fetcher thread.
 */
final class RowGroupPruning {
    private final ParquetReader reader;
    private final StatisticsPruner statistics;
    private final BloomFilterPruner bloom;
    private final PageIndexPruner pageIndex;
    private final PageIndexSource pageIndexes;
    private final boolean leftOut;
    private final ReaderMetrics metrics;
    private final PruningListener listener;

    private RowGroupPruning(
            ParquetReader reader,
            StatisticsPruner statistics,
            PageIndexSource pageIndexes,
            boolean leftOut,
            ReaderMetrics metrics) {
        this.reader = reader;
        this.statistics = statistics;
        this.bloom = BloomFilterPruner.create(statistics, reader.bloomFilterSource());
        this.pageIndexes = pageIndexes;
        this.pageIndex = PageIndexPruner.create(statistics, pageIndexes);
        this.leftOut = leftOut;
        this.metrics = metrics;
        this.listener =
                new PruningListener() {
                    @Override
                    public void pagesPruned(String evidence, int rowGroup, int pruned, int pages) {
                        metrics.pagesPrunedByPageIndex.inc(pruned);
                    }

                    @Override
                    public void failed(String evidence, int rowGroup, Throwable error) {
                        metrics.pruningErrors.inc();
                    }
                };
    }

    /**
     * The pruning of one open file, or null when none of the predicate's conjuncts can be asked of
     * its evidence.
     *
     * @param projection the columns the reader decodes (their page indexes are read with the
     *     predicate's, for the decoder)
     */
    @Nullable
    static RowGroupPruning of(
            ParquetReader reader,
            PredicatePruning pruning,
            int inListCap,
            ReadSchema projection,
            ReaderMetrics metrics) {
        List<FieldView> fields = reader.schema().fields();
        PredicatePruning.FileConjuncts conjuncts = pruning.fileConjuncts(fields);
        if (conjuncts.checkable().isEmpty()) {
            return null;
        }
        Predicate checkable = Predicates.and(conjuncts.checkable());
        StatisticsPruner statistics;
        try {
            statistics = StatisticsPruner.create(checkable, fields, inListCap);
        } catch (RuntimeException e) {
            metrics.pruningErrors.inc();
            return null;
        }
        Set<Integer> leaves = new LinkedHashSet<>(PageIndexPruner.leafIndexes(checkable, fields));
        for (LeafColumnView leaf : projection.leaves()) {
            leaves.add(leaf.leafIndex());
        }
        return new RowGroupPruning(
                reader, statistics, reader.pageIndexSource(leaves), conjuncts.leftOut(), metrics);
    }

    /**
     * What is known of row group {@code g} after its split's plan ({@code planned}: SCAN, or
     * ALL_MATCH) and the evidence above, under the runtime filters known now.
     */
    RowGroupAccess prune(int g, RowGroupAccess planned, SlotValues slots) {
        RowGroupView rowGroup = reader.metadata().rowGroup(g);
        RowGroupAccess access = planned;
        if (!slots.equals(SlotValues.none()) && statistics.predicate().hasSlot()) {
            access = narrow(access, statistics.prune(rowGroup, access, slots, listener));
            if (access.isSkip()) {
                metrics.rowGroupsPrunedByRuntimeFilter.inc();
                return access;
            }
        }
        try {
            access = narrow(access, bloom.prune(rowGroup, access, slots, listener));
            if (access.isSkip()) {
                metrics.rowGroupsPrunedByBloomFilter.inc();
                return access;
            }
            access = narrow(access, pageIndex.prune(rowGroup, access, slots, listener));
            if (access.isSkip()) {
                metrics.rowGroupsPrunedByPageIndex.inc();
            }
        } catch (IOException | RuntimeException e) {
            metrics.pruningErrors.inc(); // the evidence could not be read: the data is kept
        }
        return access;
    }

    /**
     * {@code current} narrowed by what a pruner proved; an ALL_MATCH of some conjuncts only is a
     * SCAN.
     */
    private RowGroupAccess narrow(RowGroupAccess current, RowGroupAccess proven) {
        RowGroupAccess narrowed = current.narrow(proven);
        if (leftOut
                && narrowed.kind() == RowGroupAccess.Kind.ALL_MATCH
                && current.kind() != RowGroupAccess.Kind.ALL_MATCH) {
            return RowGroupAccess.scan(narrowed.rows());
        }
        return narrowed;
    }

    /** The page indexes read for row group {@code g}, for the decoder, if any. */
    Optional<RowGroupPageIndexes> known(int g) {
        try {
            return pageIndexes.pageIndexes(g);
        } catch (IOException e) {
            metrics.pruningErrors.inc();
            return Optional.empty();
        }
    }
}
