package io.pqx.bench.sink;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Nearest-rank quantiles of a job's checkpoint durations, in milliseconds. Immutable.
 *
 * @param sortedMillis the durations, ascending
 */
record CheckpointQuantiles(List<Long> sortedMillis) {

    static CheckpointQuantiles of(List<Long> millis) {
        List<Long> sorted = new ArrayList<>(millis);
        Collections.sort(sorted);
        return new CheckpointQuantiles(List.copyOf(sorted));
    }

    int count() {
        return sortedMillis.size();
    }

    /** The {@code p}-quantile ({@code 0 < p <= 1}), nearest rank; -1 when there is none. */
    long quantile(double p) {
        if (sortedMillis.isEmpty()) {
            return -1;
        }
        int rank = (int) Math.ceil(p * sortedMillis.size());
        return sortedMillis.get(Math.max(0, Math.min(sortedMillis.size() - 1, rank - 1)));
    }

    /** {@code p50/p99}, e.g. {@code 12/40}. */
    String p50p99() {
        return quantile(0.5) + "/" + quantile(0.99);
    }

    /** {@code n=.. p50=.. p99=.. max=..} for an INFO line. */
    String describe() {
        return String.format(
                Locale.ROOT,
                "n=%d p50=%d p99=%d max=%d",
                count(),
                quantile(0.5),
                quantile(0.99),
                quantile(1.0));
    }
}
