/**
 * <b>Public API.</b> Predicates over Flink rows, the language in which a query's filter reaches
 * pqx's reader and pruners: the immutable tree ({@link io.pqx.format.predicate.Predicate}, built
 * with {@link io.pqx.format.predicate.Predicates}) of comparisons, {@code IN}, {@code IS [NOT]
 * NULL}, prefix {@code LIKE}, {@code AND}/{@code OR}/{@code NOT}, constants and {@link
 * io.pqx.format.predicate.DynamicSlot}s filled at run time by a {@link
 * io.pqx.format.predicate.RuntimeFilter}; column references by path resolved against a schema
 * ({@link io.pqx.format.predicate.ColumnResolver}); and row evaluation under SQL's three-valued
 * logic ({@link io.pqx.format.predicate.BoundPredicate}).
 *
 * <p>{@link io.pqx.format.predicate.ColumnDomain} is the one definition of how values of each Flink
 * type compare, shared by the row filter and the statistics pruner ({@code io.pqx.format.prune}),
 * so that what a pruner skips is exactly what the filter would drop. Literals are converted to
 * their column's type exactly or the binding fails. This package depends only on {@code
 * io.pqx.format.metadata} and Flink.
 */
package io.pqx.format.predicate;
