package io.pqx.bench.format;

/**
 * How a benchmark column is consumed and summed, independent of who reads it: both readers fold
 * every value of a column of one kind into the same checksum, so equal work is done on both sides
 * and a wrong value shows.
 */
public enum ColumnKind {
    /** INT32 values (INT, DATE): summed. */
    INT,
    /** INT64 values (BIGINT): summed. */
    LONG,
    /** DECIMAL(p &lt;= 18) stored as INT64: unscaled values summed. */
    DECIMAL,
    /** DOUBLE values: raw IEEE-754 bits summed, so the sum is exact and order-free. */
    DOUBLE,
    /** STRING values: lengths summed, or content digests in a {@link ScanDepth#CONTENT} scan. */
    STRING
}
