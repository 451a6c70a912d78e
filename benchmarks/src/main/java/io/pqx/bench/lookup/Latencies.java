package io.pqx.bench.lookup;

import java.util.Arrays;
import java.util.Locale;

/**
 * The latencies of one contender's lookups over the measured rounds, in nanoseconds: percentiles of
 * all of them pooled. Not thread-safe: filled after each round from the main thread.
 */
final class Latencies {
    private long[] nanos = new long[1024];
    private int size;

    void addAll(long[] round) {
        if (size + round.length > nanos.length) {
            nanos = Arrays.copyOf(nanos, Math.max(2 * nanos.length, size + round.length));
        }
        System.arraycopy(round, 0, nanos, size, round.length);
        size += round.length;
    }

    int count() {
        return size;
    }

    /** The {@code p}-quantile ({@code 0 < p <= 1}), nearest rank, in nanoseconds. */
    long quantile(double p) {
        if (size == 0) {
            throw new IllegalStateException("No lookup measured");
        }
        long[] sorted = Arrays.copyOf(nanos, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p * size);
        return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
    }

    /** {@code p50=…us p99=…us p99.9=…us max=…us}. */
    String describe() {
        return String.format(
                Locale.ROOT,
                "p50=%.1fus p99=%.1fus p99.9=%.1fus max=%.1fus n=%d",
                quantile(0.5) / 1e3,
                quantile(0.99) / 1e3,
                quantile(0.999) / 1e3,
                quantile(1.0) / 1e3,
                size);
    }
}
