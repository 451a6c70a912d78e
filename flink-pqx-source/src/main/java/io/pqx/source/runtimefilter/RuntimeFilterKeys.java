package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnRef;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A runtime filter made from a complete set of keys known in one place (the enumerator, given
 * Flink's dynamic-filtering data): their range and a bloom filter over them, built the way a
 * publisher builds its partials, so readers and pruners treat it as any other filter. Nulls and NaN
 * are left out (they equal no key); no key at all gives an EMPTY filter.
 */
@PublicEvolving
public final class RuntimeFilterKeys {
    private RuntimeFilterKeys() {}

    /**
     * The filter for slot {@code slot} on {@code column} (of type {@code keyType}) holding every
     * key of {@code keys}: Java values or Flink's internal forms ({@code StringData}, {@code
     * Integer} days for DATE, ...). The bloom filter is sized for {@code keyCount} keys at {@code
     * falsePositiveRate}.
     *
     * @throws IllegalArgumentException naming slot, column and key when a key does not fit the
     *     column's type exactly
     */
    public static RuntimeFilterEvent of(
            String slot,
            ColumnRef column,
            LogicalType keyType,
            Iterable<?> keys,
            long keyCount,
            double falsePositiveRate) {
        KeyAccumulator accumulator =
                new KeyAccumulator(slot, column, keyType, Math.max(1, keyCount), falsePositiveRate);
        for (Object key : keys) {
            accumulator.add(key);
        }
        return accumulator.toEvent();
    }
}
