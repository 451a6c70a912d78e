package io.pqx.format.encode;

import java.util.function.LongSupplier;
import org.apache.flink.annotation.Internal;

/**
 * When a filling row group's estimated bytes are worth summing again. Summing every leaf after
 * every row would cost as much as a narrow row's shredding, so the bytes are summed only when, at
 * the average row size so far, half of the remaining room could be used up: the checks get denser
 * as the limit nears. Deterministic: the answer depends on the rows only, so every writer that uses
 * it on the same rows cuts at the same row.
 *
 * <p>Not thread-safe; one per filling row group (reset for the next).
 */
@Internal
public final class ByteCheckSchedule {
    /** Row count at which the bytes are next summed. */
    private long nextCheck;

    /**
     * Whether the group of {@code rows} rows has reached {@code maxBytes}, summing {@code bytes}
     * only when the schedule says so (so a {@code false} may come from a skipped check).
     */
    public boolean reached(long rows, long maxBytes, LongSupplier bytes) {
        if (rows < nextCheck) {
            return false;
        }
        long sum = bytes.getAsLong();
        if (sum >= maxBytes) {
            return true;
        }
        long averageRow = Math.max(1, sum / Math.max(1, rows));
        nextCheck = rows + Math.max(1, (maxBytes - sum) / averageRow / 2);
        return false;
    }

    /** Starts over for the next row group. */
    public void reset() {
        nextCheck = 0;
    }
}
