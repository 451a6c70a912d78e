package io.pqx.format.index;

/**
 * How a column index's page bounds are ordered, as the writer declares it (Parquet's {@code
 * BoundaryOrder}): with {@link #ASCENDING} or {@link #DESCENDING}, a reader may binary-search the
 * pages; {@link #UNORDERED} promises nothing.
 */
public enum BoundaryOrder {
    UNORDERED,
    ASCENDING,
    DESCENDING
}
