package io.pqx.format.prune;

import io.pqx.format.metadata.FieldView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LeafPageIndex;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.metadata.TrustedPageIndex;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.ResolvedColumn;
import io.pqx.format.predicate.SlotValues;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Narrows a row group to the rows of the pages that may make a predicate TRUE, from the column
 * indexes of the columns it reads ({@link TrustedPageIndex}: per-page bounds and null counts under
 * the trust rules of chunk statistics): the page-index pruner of an {@link AccessPlan}.
 *
 * <p>How: the row group is cut at every page boundary of every column the predicate reads
 * (runtime-filter columns too), and the predicate is evaluated on each segment as {@link
 * StatisticsPruner} evaluates it on a row group, with, per column, the facts of the page covering
 * the segment, or the chunk's statistics for a column without usable page evidence. Segments where
 * TRUE is possible are kept: SELECT of their rows, SKIP when none is, ALL_MATCH when every segment
 * is proven to match fully. Single-column and multi-column conjuncts, disjunctions and RANGE
 * runtime filters ({@link SlotValues}) all narrow this way.
 *
 * <p>What is never taken as proof: a column without a column or offset index, with page counts that
 * disagree, pages that do not tile the row group, or a malformed index (reported to the listener as
 * a failure of this evidence); everything {@link StatisticsPruner} refuses. Row groups already SKIP
 * or ALL_MATCH are not looked at (their indexes are not asked for).
 *
 * <p>Immutable and thread-safe when its {@link PageIndexSource} is; binds the predicate to the
 * file's schema once, at creation.
 */
@PublicEvolving
public final class PageIndexPruner implements RowGroupPruner {
    /** The name of this evidence in metrics. */
    public static final String EVIDENCE = "page-index";

    private final Predicate predicate;
    private final CompiledPredicate compiled;
    private final PageIndexSource source;

    private PageIndexPruner(
            Predicate predicate, CompiledPredicate compiled, PageIndexSource source) {
        this.predicate = predicate;
        this.compiled = compiled;
        this.source = source;
    }

    /**
     * A pruner of {@code predicate} over files of this schema (as {@link
     * StatisticsPruner#create(Predicate, List)}), asking {@code source} for page indexes.
     */
    public static PageIndexPruner create(
            Predicate predicate, List<FieldView> fileFields, PageIndexSource source) {
        return create(predicate, fileFields, StatisticsPruner.DEFAULT_IN_LIST_CAP, source);
    }

    /**
     * As {@link #create(Predicate, List, PageIndexSource)}, checking IN lists of at most {@code
     * inListCap} values.
     */
    public static PageIndexPruner create(
            Predicate predicate,
            List<FieldView> fileFields,
            int inListCap,
            PageIndexSource source) {
        StatisticsPruner statistics = StatisticsPruner.create(predicate, fileFields, inListCap);
        return new PageIndexPruner(predicate, statistics.compiled(), source);
    }

    /**
     * The leaves whose page indexes this pruner uses (the predicate's columns), for the caller's
     * {@link PageIndexSource}: read them with the projection's leaves in one read.
     */
    public static Set<Integer> leafIndexes(Predicate predicate, List<FieldView> fileFields) {
        ColumnResolver resolver = ColumnResolver.of(fileFields);
        Set<Integer> out = new LinkedHashSet<>();
        for (ResolvedColumn column : resolver.resolveAll(predicate)) {
            column.leaf().ifPresent(leaf -> out.add(leaf.leafIndex()));
            // a VARIANT field is judged on its typed and its own value column
            column.variantTyped()
                    .flatMap(ResolvedColumn::leaf)
                    .ifPresent(l -> out.add(l.leafIndex()));
            column.variantResidual()
                    .flatMap(ResolvedColumn::leaf)
                    .ifPresent(l -> out.add(l.leafIndex()));
        }
        return out;
    }

    /**
     * A pruner of the predicate {@code statistics} was created for, sharing its binding to the
     * schema and its compiled evaluation (no second bind).
     */
    public static PageIndexPruner create(StatisticsPruner statistics, PageIndexSource source) {
        return new PageIndexPruner(statistics.predicate(), statistics.compiled(), source);
    }

    public Predicate predicate() {
        return predicate;
    }

    @Override
    public String evidence() {
        return EVIDENCE;
    }

    @Override
    public RowGroupAccess prune(
            RowGroupView rowGroup,
            RowGroupAccess current,
            SlotValues slots,
            PruningListener listener)
            throws IOException {
        long rows = rowGroup.numRows();
        if (rows == 0
                || current.kind() == RowGroupAccess.Kind.SKIP
                || current.kind() == RowGroupAccess.Kind.ALL_MATCH) {
            return RowGroupAccess.scan(rows);
        }
        Optional<RowGroupPageIndexes> found = source.pageIndexes(rowGroup.ordinal());
        if (found.isEmpty()) {
            return RowGroupAccess.scan(rows);
        }
        RowGroupPageIndexes indexes = found.get();
        if (indexes.rowGroup() != rowGroup.ordinal() || indexes.rowCount() != rows) {
            throw new IllegalArgumentException(
                    "Cannot prune row group "
                            + rowGroup.ordinal()
                            + " of "
                            + rows
                            + " rows with the page indexes of row group "
                            + indexes.rowGroup()
                            + " of "
                            + indexes.rowCount()
                            + " rows");
        }
        List<ResolvedColumn> columns = compiled.columns();
        TrustedPageIndex[] pages = new TrustedPageIndex[columns.size()];
        int indexed = 0;
        for (int c = 0; c < pages.length; c++) {
            Optional<LeafColumnView> leaf = columns.get(c).leaf();
            if (leaf.isEmpty() || leaf.get().maxRepetitionLevel() != 0) {
                continue;
            }
            Optional<LeafPageIndex> index = indexes.leaf(leaf.get().leafIndex());
            if (index.isEmpty()) {
                continue;
            }
            for (IOException failure : index.get().failures()) {
                listener.failed(EVIDENCE, rowGroup.ordinal(), failure);
            }
            if (index.get().trusted().isPresent()) {
                pages[c] = index.get().trusted().get();
                indexed++;
            }
        }
        if (indexed == 0) {
            return RowGroupAccess.scan(rows);
        }
        return narrow(rowGroup, columns, pages, slots, listener);
    }

    private RowGroupAccess narrow(
            RowGroupView rowGroup,
            List<ResolvedColumn> columns,
            TrustedPageIndex[] pages,
            SlotValues slots,
            PruningListener listener) {
        long rows = rowGroup.numRows();
        long[] cuts = boundaries(pages, rows);
        SegmentFacts facts = new SegmentFacts(rowGroup, columns, pages);
        long[] starts = new long[cuts.length - 1];
        long[] ends = new long[cuts.length - 1];
        int kept = 0;
        boolean allMatch = true;
        for (int s = 0; s + 1 < cuts.length; s++) {
            facts.moveTo(cuts[s]);
            Verdict verdict;
            try {
                verdict = Outcomes.verdict(compiled.outcomes(facts, slots, listener));
            } catch (RuntimeException | StackOverflowError e) {
                listener.failed(EVIDENCE, rowGroup.ordinal(), e);
                verdict = Verdict.SOME_MAY_MATCH;
            }
            allMatch &= verdict == Verdict.ALL_MATCH;
            if (verdict != Verdict.NONE_MATCH) {
                starts[kept] = cuts[s];
                ends[kept] = cuts[s + 1];
                kept++;
            }
        }
        if (allMatch) {
            return RowGroupAccess.allMatch(rows);
        }
        RowSelection selection =
                RowSelection.of(Arrays.copyOf(starts, kept), Arrays.copyOf(ends, kept));
        int pruned = 0;
        int total = 0;
        for (TrustedPageIndex index : pages) {
            if (index == null) {
                continue;
            }
            for (int p = 0; p < index.pageCount(); p++) {
                total++;
                pruned += selection.overlaps(index.firstRow(p), index.endRow(p)) ? 0 : 1;
            }
        }
        if (pruned > 0) {
            listener.pagesPruned(EVIDENCE, rowGroup.ordinal(), pruned, total);
        }
        return RowGroupAccess.select(selection, rows);
    }

    /** 0, every page start of every indexed column, and {@code rows}: sorted, each once. */
    private static long[] boundaries(TrustedPageIndex[] pages, long rows) {
        int n = 2;
        for (TrustedPageIndex index : pages) {
            n += index == null ? 0 : index.pageCount();
        }
        long[] all = new long[n];
        int k = 0;
        all[k++] = 0;
        all[k++] = rows;
        for (TrustedPageIndex index : pages) {
            if (index != null) {
                for (int p = 0; p < index.pageCount(); p++) {
                    all[k++] = index.firstRow(p);
                }
            }
        }
        Arrays.sort(all);
        int distinct = 0;
        for (int i = 0; i < all.length; i++) {
            if (i == 0 || all[i] != all[distinct - 1]) {
                all[distinct++] = all[i];
            }
        }
        return Arrays.copyOf(all, distinct);
    }

    @Override
    public String toString() {
        return "PageIndexPruner{" + predicate + "}";
    }

    /**
     * The facts of one segment of a row group: per indexed column, its page covering the segment;
     * per other column, the chunk's statistics. Moves forward only.
     */
    private static final class SegmentFacts implements FactSource {
        private final RowGroupView rowGroup;
        private final int[] leaves;
        private final TrustedPageIndex[] pages;
        private final int[] current;
        private final ChunkFacts[] pageFacts;
        private final ChunkFacts[] chunkFacts;

        SegmentFacts(
                RowGroupView rowGroup, List<ResolvedColumn> columns, TrustedPageIndex[] pages) {
            this.rowGroup = rowGroup;
            this.pages = pages;
            this.leaves = new int[columns.size()];
            for (int c = 0; c < leaves.length; c++) {
                leaves[c] = columns.get(c).leaf().map(LeafColumnView::leafIndex).orElse(-1);
            }
            this.current = new int[pages.length];
            this.pageFacts = new ChunkFacts[pages.length];
            this.chunkFacts = new ChunkFacts[pages.length];
        }

        void moveTo(long row) {
            for (int c = 0; c < pages.length; c++) {
                TrustedPageIndex index = pages[c];
                if (index == null) {
                    continue;
                }
                int before = current[c];
                while (index.endRow(current[c]) <= row) {
                    current[c]++;
                }
                if (current[c] != before) {
                    pageFacts[c] = null;
                }
            }
        }

        @Override
        public String evidence() {
            return EVIDENCE;
        }

        @Override
        public int rowGroup() {
            return rowGroup.ordinal();
        }

        @Override
        public ChunkFacts facts(ResolvedColumn column) {
            int c = slot(column);
            if (c < 0 || pages[c] == null) {
                if (c < 0) {
                    return StatisticsFacts.of(column, rowGroup);
                }
                if (chunkFacts[c] == null) {
                    chunkFacts[c] = StatisticsFacts.of(column, rowGroup);
                }
                return chunkFacts[c];
            }
            if (pageFacts[c] == null) {
                pageFacts[c] = StatisticsFacts.ofPage(column, pages[c], current[c]);
            }
            return pageFacts[c];
        }

        private int slot(ResolvedColumn column) {
            int leaf = column.leaf().map(LeafColumnView::leafIndex).orElse(-1);
            for (int c = 0; c < leaves.length; c++) {
                if (leaves[c] == leaf && leaf >= 0) {
                    return c;
                }
            }
            return -1;
        }
    }
}
