/**
 * <b>Public API.</b> Deciding which rows of a file a read can leave out, each step a proof of
 * absence (DESIGN.md, invariant 1): the {@link io.pqx.format.prune.AccessPlan} (per row group
 * {@link io.pqx.format.prune.RowGroupAccess}: SKIP, SCAN, SELECT of a row selection, ALL_MATCH),
 * which only ever narrows; one {@link io.pqx.format.prune.RowGroupPruner} per kind of evidence, of
 * which the {@link io.pqx.format.prune.StatisticsPruner} (chunk statistics, {@link
 * io.pqx.format.prune.Verdict}) is the first; and {@link io.pqx.format.prune.PruningListener} /
 * {@link io.pqx.format.prune.PruningCounters} for the metrics of what was pruned and what failed.
 *
 * <p>Missing, untrusted or truncated evidence, and any failure, keep the data. The {@link
 * io.pqx.format.prune.BloomFilterPruner} (through a {@link io.pqx.format.prune.BloomFilterSource})
 * and the {@link io.pqx.format.prune.PageIndexPruner} (through a {@link
 * io.pqx.format.prune.PageIndexSource}, narrowing row groups to row ranges) implement the same
 * interface, narrow the same plan and evaluate the same compiled three-valued predicate as the
 * statistics pruner, over their own facts.
 */
package io.pqx.format.prune;
