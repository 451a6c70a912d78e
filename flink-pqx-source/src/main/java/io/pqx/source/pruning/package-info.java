/**
 * Internal. What the source's predicate proves before rows are read, used on both sides of the job:
 * the enumerator (JobManager) prunes files and row groups while planning and re-evaluates pending
 * splits against runtime filters, each reader (TaskManager) prunes the row groups of its splits
 * again with the filters it holds. Holds the predicate's pruning by partitions and statistics
 * ({@link io.pqx.source.pruning.PredicatePruning}), its counters ({@link
 * io.pqx.source.pruning.PruningMetrics}) and the footer cache each side keeps ({@link
 * io.pqx.source.pruning.FooterCache}). Depends on neither the reader nor the enumerator, planning
 * or assigner (only discovery's {@code DiscoveredFile} record, in the enumerator's calls); {@code
 * SourcePackageRolesTest} checks it.
 */
package io.pqx.source.pruning;
