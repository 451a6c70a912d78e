package io.pqx.source.pruning;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;

/**
 * The enumerator side's pruning counters, registered in the enumerator's metric group ({@code
 * SplitEnumeratorContext.metricGroup()}). Counted on the planning thread; see the module README for
 * what each means. The readers' {@link PredicatePruning} counts into {@link #unregistered()}
 * counters (a reader reports its own pruning in its own metrics).
 */
@Internal
public final class PruningMetrics {
    public static final String FILES_PRUNED_PARTITION = "pqxFilesPrunedByPartition";
    public static final String FILES_PRUNED_STATISTICS = "pqxFilesPrunedByStatistics";
    public static final String ROW_GROUPS_PRUNED_STATISTICS = "pqxRowGroupsPrunedByStatistics";
    public static final String ROW_GROUPS_FULLY_MATCHED = "pqxRowGroupsFullyMatched";
    public static final String PRUNING_ERRORS = "pqxPruningErrors";
    public static final String ROW_GROUPS_PRUNED_RUNTIME_FILTER =
            "pqxRowGroupsPrunedByRuntimeFilter";
    public static final String SPLITS_PRUNED_RUNTIME_FILTER = "pqxSplitsPrunedByRuntimeFilter";
    public static final String RUNTIME_FILTERS_APPLIED = "pqxRuntimeFiltersApplied";
    public static final String FILES_PLANNED = "pqxFilesPlanned";
    public static final String ROW_GROUPS_PLANNED = "pqxRowGroupsPlanned";

    final Counter filesPrunedByPartition;
    final Counter filesPrunedByStatistics;
    final Counter rowGroupsPrunedByStatistics;
    final Counter rowGroupsFullyMatched;
    final Counter pruningErrors;
    final Counter rowGroupsPrunedByRuntimeFilter;
    final Counter splitsPrunedByRuntimeFilter;
    final Counter runtimeFiltersApplied;
    final Counter filesPlanned;
    final Counter rowGroupsPlanned;

    private PruningMetrics(Counter[] c) {
        this.filesPrunedByPartition = c[0];
        this.filesPrunedByStatistics = c[1];
        this.rowGroupsPrunedByStatistics = c[2];
        this.rowGroupsFullyMatched = c[3];
        this.pruningErrors = c[4];
        this.rowGroupsPrunedByRuntimeFilter = c[5];
        this.splitsPrunedByRuntimeFilter = c[6];
        this.runtimeFiltersApplied = c[7];
        this.filesPlanned = c[8];
        this.rowGroupsPlanned = c[9];
    }

    private static final String[] NAMES = {
        FILES_PRUNED_PARTITION,
        FILES_PRUNED_STATISTICS,
        ROW_GROUPS_PRUNED_STATISTICS,
        ROW_GROUPS_FULLY_MATCHED,
        PRUNING_ERRORS,
        ROW_GROUPS_PRUNED_RUNTIME_FILTER,
        SPLITS_PRUNED_RUNTIME_FILTER,
        RUNTIME_FILTERS_APPLIED,
        FILES_PLANNED,
        ROW_GROUPS_PLANNED
    };

    /** The counters, registered in {@code group}. */
    public static PruningMetrics register(MetricGroup group) {
        Counter[] c = new Counter[NAMES.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = group.counter(NAMES[i], new ThreadSafeSimpleCounter());
        }
        return new PruningMetrics(c);
    }

    /** Counters registered nowhere (the readers' predicate pruning, tests). */
    public static PruningMetrics unregistered() {
        Counter[] c = new Counter[NAMES.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = new ThreadSafeSimpleCounter();
        }
        return new PruningMetrics(c);
    }

    /**
     * Runtime filters the enumerator applied (a new filter for a slot; re-deliveries not counted).
     */
    public long runtimeFiltersApplied() {
        return runtimeFiltersApplied.getCount();
    }

    public long filesPrunedByPartition() {
        return filesPrunedByPartition.getCount();
    }

    public long filesPrunedByStatistics() {
        return filesPrunedByStatistics.getCount();
    }

    public long rowGroupsPrunedByStatistics() {
        return rowGroupsPrunedByStatistics.getCount();
    }

    public long rowGroupsFullyMatched() {
        return rowGroupsFullyMatched.getCount();
    }

    public long pruningErrors() {
        return pruningErrors.getCount();
    }

    public long rowGroupsPrunedByRuntimeFilter() {
        return rowGroupsPrunedByRuntimeFilter.getCount();
    }

    public long splitsPrunedByRuntimeFilter() {
        return splitsPrunedByRuntimeFilter.getCount();
    }

    /** Counts pending splits (and their row groups) dropped because a runtime filter arrived. */
    public void countPrunedByRuntimeFilter(int splits, long rowGroups) {
        splitsPrunedByRuntimeFilter.inc(splits);
        rowGroupsPrunedByRuntimeFilter.inc(rowGroups);
    }

    /** Counts a runtime filter the enumerator applied. */
    public void countRuntimeFilterApplied() {
        runtimeFiltersApplied.inc();
    }

    /** Counts a pruning step that failed and so kept the data. */
    public void countPruningError() {
        pruningErrors.inc();
    }

    /** A file given splits, holding {@code rowGroups} row groups to read. */
    public void countPlanned(long rowGroups) {
        filesPlanned.inc();
        rowGroupsPlanned.inc(rowGroups);
    }

    public long filesPlanned() {
        return filesPlanned.getCount();
    }

    public long rowGroupsPlanned() {
        return rowGroupsPlanned.getCount();
    }
}
