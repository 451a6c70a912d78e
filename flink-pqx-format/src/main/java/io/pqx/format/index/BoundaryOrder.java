package io.pqx.format.index;

import org.apache.flink.annotation.PublicEvolving;

/**
 * How a column index's page bounds are ordered, as the writer declares it (Parquet's {@code
 * BoundaryOrder}): with {@link #ASCENDING} or {@link #DESCENDING}, a reader may binary-search the
 * pages; {@link #UNORDERED} promises nothing.
 */
@PublicEvolving
public enum BoundaryOrder {
    UNORDERED,
    ASCENDING,
    DESCENDING
}
