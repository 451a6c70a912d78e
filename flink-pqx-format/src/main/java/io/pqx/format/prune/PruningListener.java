package io.pqx.format.prune;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Hears what pruning decides and where it fails, for metrics. Called on the pruning thread;
 * implementations must be cheap and must not throw.
 */
@PublicEvolving
public interface PruningListener {
    /** A listener that hears nothing. */
    PruningListener NONE = new PruningListener() {};

    /** {@code evidence} ("statistics", ...) changed the access of row group {@code rowGroup}. */
    default void narrowed(
            String evidence, int rowGroup, RowGroupAccess before, RowGroupAccess after) {}

    /**
     * {@code evidence} proved that {@code pruned} of the {@code pages} pages it looked at in row
     * group {@code rowGroup} (the data pages of the predicate's indexed columns) hold no row the
     * read needs: they are not read. Called by the page-index pruner before its answer narrows the
     * plan, once per row group it narrows.
     */
    default void pagesPruned(String evidence, int rowGroup, int pruned, int pages) {}

    /**
     * {@code evidence} failed on row group {@code rowGroup} (or a part of its predicate); the data
     * was kept as if nothing were proven.
     */
    default void failed(String evidence, int rowGroup, Throwable error) {}
}
