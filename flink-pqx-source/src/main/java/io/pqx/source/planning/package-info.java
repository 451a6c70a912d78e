/**
 * Internal, JobManager only. Turns discovered files into splits: reads their footers on a bounded
 * pool (cached), prunes them with the predicate ({@code io.pqx.source.pruning}), and cuts each
 * file's row groups into runs sized by bytes.
 */
package io.pqx.source.planning;
