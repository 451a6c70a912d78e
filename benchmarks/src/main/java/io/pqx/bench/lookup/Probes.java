package io.pqx.bench.lookup;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The seeded lookup keys of suite {@code lookup}, drawn once before any timing.
 *
 * <ul>
 *   <li>{@link #keys()}: {@code count} probe keys in random order, half of them present (a row
 *       uniform over the table), 35 % absent inside the key range (odd keys, in the gaps between
 *       two rows), 15 % absent outside it (10 % below the first key, 5 % above the last).
 *   <li>{@link #repeated()}: a stream of {@code 2 × count} lookups over those keys for the partial
 *       cache, skewed: 80 % drawn from a hot hundredth of the keys, 20 % uniform over all of them.
 *   <li>{@link #subset(int)}: the first {@code n} keys (the same mix), for the per-key full scan.
 * </ul>
 *
 * Immutable once built (the arrays are not handed out for writing).
 */
final class Probes {
    /** Share of the stream drawn from the hot hundredth of the keys. */
    static final double HOT_SHARE = 0.8;

    private final long[] keys;
    private final long[] repeated;
    private final int hotKeys;

    private Probes(long[] keys, long[] repeated, int hotKeys) {
        this.keys = keys;
        this.repeated = repeated;
        this.hotKeys = hotKeys;
    }

    static Probes draw(DimensionTable table, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5eed_1ab5L);
        long[] keys = new long[count];
        long below = DimensionTable.FIRST_KEY;
        long above = table.lastKey() + 1;
        for (int i = 0; i < count; i++) {
            int kind = i % 20; // 10 present, 7 gaps, 3 outside, of every 20
            long row = random.nextLong(table.rows());
            if (kind < 10) {
                keys[i] = DimensionTable.key(row);
            } else if (kind < 17) {
                keys[i] =
                        table.rows() > 1
                                ? DimensionTable.key(Math.min(row, table.rows() - 2)) + 1
                                : DimensionTable.FIRST_KEY + 1;
            } else if (kind < 19) {
                keys[i] = random.nextLong(below); // [0, FIRST_KEY)
            } else {
                keys[i] = above + random.nextLong(1_000_000);
            }
        }
        // Fisher-Yates, so the kinds are mixed and the first n keys keep the mix
        for (int i = count - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = keys[i];
            keys[i] = keys[j];
            keys[j] = t;
        }
        int hot = Math.max(1, count / 100);
        long[] repeated = new long[2 * count];
        for (int i = 0; i < repeated.length; i++) {
            repeated[i] =
                    random.nextDouble() < HOT_SHARE
                            ? keys[random.nextInt(hot)]
                            : keys[random.nextInt(count)];
        }
        return new Probes(keys, repeated, hot);
    }

    long[] keys() {
        return keys.clone();
    }

    long[] repeated() {
        return repeated.clone();
    }

    long[] subset(int n) {
        return Arrays.copyOf(keys, Math.min(n, keys.length));
    }

    int hotKeys() {
        return hotKeys;
    }

    /** How many of {@code probes} the table holds. */
    static long present(DimensionTable table, long[] probes) {
        long n = 0;
        for (long k : probes) {
            if (table.holds(k)) {
                n++;
            }
        }
        return n;
    }
}
