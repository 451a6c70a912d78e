package io.pqx.format.predicate;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A set of keys that may report keys it does not hold (a bloom filter, for instance) but never
 * misses one it holds: the optional part of a {@link RuntimeFilter}.
 */
@FunctionalInterface
@PublicEvolving
public interface KeyFilter {
    /**
     * Whether the set may hold {@code key}, a non-null value as Flink's {@code RowData} holds it
     * for the key column's type ({@code Integer} for INT, {@code Long} for BIGINT, {@code
     * StringData} for VARCHAR, {@code DecimalData}, {@code TimestampData}, ...). False proves the
     * key is absent.
     */
    boolean mightContain(Object key);
}
