package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.RuntimeFilter;
import javax.annotation.Nullable;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * The keys one publisher subtask has seen so far: their least and greatest value and a bloom filter
 * over them, as a partial {@link RuntimeFilterEvent} ({@link #toEvent}). Adding a key twice changes
 * nothing, so keys seen again after a restore are harmless. Not thread-safe.
 */
final class KeyAccumulator {
    private final String slot;
    private final ColumnRef column;
    private final LogicalType keyType;
    private final ColumnDomain domain;
    private final int hashes;
    private final long[] words;
    @Nullable private Literal min;
    @Nullable private Object minValue;
    @Nullable private Literal max;
    @Nullable private Object maxValue;

    KeyAccumulator(RuntimeFilterTarget target) {
        this(
                target.slot(),
                target.column(),
                target.keyType(),
                target.expectedKeys(),
                target.falsePositiveRate());
    }

    /**
     * Keys for slot {@code slot} on {@code column} of {@code keyType}, the bloom filter sized as
     * given.
     */
    KeyAccumulator(
            String slot,
            ColumnRef column,
            LogicalType keyType,
            long expectedKeys,
            double falsePositiveRate) {
        this.slot = slot;
        this.column = column;
        this.keyType = keyType;
        this.domain = ColumnDomain.of(keyType);
        int[] shape = BloomKeyFilter.shape(expectedKeys, falsePositiveRate);
        this.hashes = shape[0];
        this.words = new long[shape[1]];
    }

    /**
     * Adds {@code key} (a Java value of the key column's type, or Flink's internal form; null is
     * ignored, since nulls never match).
     *
     * @throws IllegalArgumentException naming slot, column and key when the key does not fit the
     *     key column's type
     */
    void add(@Nullable Object key) {
        if (key == null) {
            return;
        }
        Literal literal;
        Object value;
        try {
            literal = Literal.of(key);
            value = ColumnDomain.coerce(literal, keyType);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Cannot publish key "
                            + key
                            + " (a "
                            + key.getClass().getName()
                            + ") into runtime filter slot "
                            + slot
                            + ": it does not fit key column "
                            + column
                            + " of type "
                            + keyType.asSummaryString()
                            + ": "
                            + e.getMessage(),
                    e);
        }
        if (ColumnDomain.isNaN(value)) {
            return; // NaN equals no key
        }
        addValue(literal, value);
    }

    private void addValue(Literal literal, Object value) {
        if (min == null || domain.compare(value, minValue) < 0) {
            min = literal;
            minValue = value;
        }
        if (max == null || domain.compare(value, maxValue) > 0) {
            max = literal;
            maxValue = value;
        }
        BloomKeyFilter.add(words, hashes, value);
    }

    /**
     * Adds every key of a partial sent earlier (restored from state).
     *
     * @throws IllegalArgumentException when its shape or column differs from this one's
     */
    void addAll(RuntimeFilterEvent partial) {
        if (!partial.column().equals(column)) {
            throw new IllegalArgumentException(
                    "Cannot restore the runtime filter partial "
                            + partial
                            + " for column "
                            + column);
        }
        if (partial.state() != RuntimeFilter.State.RANGE) {
            return; // EMPTY: no key
        }
        Literal lo = partial.min().orElseThrow();
        Literal hi = partial.max().orElseThrow();
        Object loValue = ColumnDomain.coerce(lo, keyType);
        Object hiValue = ColumnDomain.coerce(hi, keyType);
        if (min == null || domain.compare(loValue, minValue) < 0) {
            min = lo;
            minValue = loValue;
        }
        if (max == null || domain.compare(hiValue, maxValue) > 0) {
            max = hi;
            maxValue = hiValue;
        }
        BloomKeyFilter keys =
                partial.keys()
                        .orElseThrow(
                                () ->
                                        new IllegalArgumentException(
                                                "Cannot restore the runtime filter partial "
                                                        + partial
                                                        + ": it has no key set"));
        if (keys.hashes() != hashes || keys.wordCount() != words.length) {
            throw new IllegalArgumentException(
                    "Cannot restore the runtime filter partial "
                            + partial
                            + ": its bloom filter's shape differs from the configured one");
        }
        for (int i = 0; i < words.length; i++) {
            words[i] |= keys.word(i);
        }
    }

    /** The keys seen as a filter: EMPTY before the first key, else RANGE with the bloom filter. */
    RuntimeFilterEvent toEvent() {
        if (min == null) {
            return new RuntimeFilterEvent(
                    slot, RuntimeFilter.State.EMPTY, column, null, null, null);
        }
        return new RuntimeFilterEvent(
                slot,
                RuntimeFilter.State.RANGE,
                column,
                min,
                max,
                BloomKeyFilter.of(hashes, words));
    }
}
