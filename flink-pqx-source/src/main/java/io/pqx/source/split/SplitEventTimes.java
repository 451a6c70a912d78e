package io.pqx.source.split;

import java.util.Arrays;
import org.apache.flink.annotation.PublicEvolving;

/**
 * For each row group of a split's run, the least event time (epoch milliseconds) of its rows, as
 * the file's statistics prove it: no row of that row group has an earlier event time. {@link
 * Long#MAX_VALUE} stands for a row group with no row that has an event time (no rows, or only
 * nulls), which bounds nothing. Immutable.
 *
 * <p>What a source may conclude: once the rows of row groups before {@code g} were emitted, no row
 * still to come from this split is earlier than {@link #leastFrom(int) leastFrom(g)}.
 */
@PublicEvolving
public final class SplitEventTimes {
    private final long[] least;

    private SplitEventTimes(long[] least) {
        this.least = least;
    }

    /**
     * @param leastPerRowGroup the least event time of each row group of the run, first row group
     *     first ({@link Long#MAX_VALUE} where none)
     */
    public static SplitEventTimes of(long... leastPerRowGroup) {
        if (leastPerRowGroup.length == 0) {
            throw new IllegalArgumentException(
                    "Cannot make split event times: a split covers at least one row group");
        }
        return new SplitEventTimes(leastPerRowGroup.clone());
    }

    /** How many row groups these times cover. */
    public int rowGroups() {
        return least.length;
    }

    /** The least event time of the row group at {@code offset} in the run. */
    public long least(int offset) {
        return least[offset];
    }

    /** The least event time of the whole run ({@link Long#MAX_VALUE} when no row has one). */
    public long least() {
        return leastFrom(0);
    }

    /**
     * The least event time of the row groups from {@code offset} (in the run) on; {@link
     * Long#MAX_VALUE} past the run's end or when none has one.
     */
    public long leastFrom(int offset) {
        long min = Long.MAX_VALUE;
        for (int i = Math.max(0, offset); i < least.length; i++) {
            min = Math.min(min, least[i]);
        }
        return min;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SplitEventTimes t && Arrays.equals(least, t.least);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(least);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("least event times [");
        for (int i = 0; i < least.length; i++) {
            s.append(i == 0 ? "" : ", ").append(least[i] == Long.MAX_VALUE ? "none" : least[i]);
        }
        return s.append(']').toString();
    }
}
