package io.pqx.format.options;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A sort order that the rows of every row group follow, recorded in the footer as a Thrift {@code
 * SortingColumn} so readers may rely on it. The writer records it; it does not sort (the sink sorts
 * each row group before handing it over).
 *
 * @param path dotted path of a leaf column ("a", "s.b", "tags.list.element")
 * @param descending whether the order is descending
 * @param nullsFirst whether nulls come before values
 */
@PublicEvolving
public record SortingColumnSpec(String path, boolean descending, boolean nullsFirst) {}
