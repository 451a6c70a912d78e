package io.pqx.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The measured rounds of one contender in one measurement, as rows per second; reports the median.
 *
 * <p>Warm-up rounds are never added. Not thread-safe: a suite fills it from its main thread.
 */
public final class Throughput {

    private final List<Double> rowsPerSecond = new ArrayList<>();

    /** Adds one measured round: {@code rows} processed in {@code nanos}. */
    public void add(long rows, long nanos) {
        rowsPerSecond.add(rows / (Math.max(nanos, 1) / 1e9));
    }

    /** The number of rounds added. */
    public int rounds() {
        return rowsPerSecond.size();
    }

    /** The median round; the mean of the middle two for an even count. */
    public double median() {
        if (rowsPerSecond.isEmpty()) {
            throw new IllegalStateException("No measured round");
        }
        double[] sorted = rowsPerSecond.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return medianOfSorted(sorted);
    }

    /** The median of sorted values, not empty: the mean of the middle two for an even count. */
    public static double medianOfSorted(double[] sorted) {
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * This contender's rounds over {@code other}'s, round by round (each pair measured in the same
     * round, one after the other), sorted: a ratio that noise lasting longer than a round moves
     * less than the ratio of the medians.
     *
     * @throws IllegalArgumentException when the two have not as many rounds
     */
    public double[] pairedOver(Throughput other) {
        if (other.rounds() != rounds() || rowsPerSecond.isEmpty()) {
            throw new IllegalArgumentException(
                    "Cannot pair " + rounds() + " rounds with " + other.rounds());
        }
        double[] ratios = new double[rounds()];
        for (int r = 0; r < ratios.length; r++) {
            ratios[r] = rowsPerSecond.get(r) / other.rowsPerSecond.get(r);
        }
        Arrays.sort(ratios);
        return ratios;
    }

    /** Every round in order, e.g. {@code [1203344, 1198723, 1215002]}. */
    public String rounds(String separator) {
        return rowsPerSecond.stream()
                .map(r -> String.format(Locale.ROOT, "%.0f", r))
                .collect(Collectors.joining(separator, "[", "]"));
    }
}
