package io.pqx.format.metadata;

import org.apache.flink.annotation.PublicEvolving;

/**
 * One column of the sort order a writer declared for the rows of a row group (Parquet's {@code
 * SortingColumn}), as {@link RowGroupView#sortingColumns()} lists them, most significant first.
 *
 * <p>The declaration is the writer's: pqx does not check that the rows are in this order.
 *
 * @param columnIndex the leaf's position among the schema's leaves ({@link SchemaView#leaves()}); a
 *     footer may name a position that does not exist, which {@link SchemaView#leaf(int)} then
 *     reports as empty
 * @param descending whether the values are in descending order
 * @param nullsFirst whether nulls come before the values
 */
@PublicEvolving
public record SortingColumnView(int columnIndex, boolean descending, boolean nullsFirst) {}
