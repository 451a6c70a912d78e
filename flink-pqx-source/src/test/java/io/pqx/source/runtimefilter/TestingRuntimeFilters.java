package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.RuntimeFilter;
import java.util.Collection;
import java.util.List;

/** Runtime filters for the source's tests: bloom filters built from keys, fixed samples. */
public final class TestingRuntimeFilters {
    private TestingRuntimeFilters() {}

    /** A bloom filter of {@code hashes} hashes over {@code words} words holding {@code keys}. */
    public static BloomKeyFilter bloom(int hashes, int words, Collection<?> keys) {
        long[] bits = new long[words];
        for (Object key : keys) {
            BloomKeyFilter.add(bits, hashes, key);
        }
        return BloomKeyFilter.of(hashes, bits);
    }

    /**
     * The filter of slot {@code slot} on BIGINT {@code column} holding exactly {@code keys} (RANGE
     * + bloom).
     */
    public static RuntimeFilterEvent longKeys(String slot, String column, Collection<Long> keys) {
        if (keys.isEmpty()) {
            return RuntimeFilterEvent.of(slot, RuntimeFilter.empty(ColumnRef.of(column)));
        }
        long min = keys.stream().mapToLong(Long::longValue).min().orElseThrow();
        long max = keys.stream().mapToLong(Long::longValue).max().orElseThrow();
        return RuntimeFilterEvent.of(
                slot, RuntimeFilter.range(ColumnRef.of(column), min, max, bloom(4, 64, keys)));
    }

    /** Fixed samples: a RANGE with a bloom filter on {@code id}, an EMPTY one on {@code qty}. */
    public static List<RuntimeFilterEvent> samples() {
        return List.of(
                RuntimeFilterEvent.of(
                        "ids",
                        RuntimeFilter.range(
                                ColumnRef.of("id"),
                                10L,
                                500L,
                                bloom(3, 4, List.of(10L, 20L, 500L)))),
                RuntimeFilterEvent.of("quantities", RuntimeFilter.empty(ColumnRef.of("qty"))));
    }
}
