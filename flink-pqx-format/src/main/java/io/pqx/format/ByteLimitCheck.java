package io.pqx.format;

import io.pqx.format.encode.ByteCheckSchedule;
import java.util.function.LongSupplier;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Whether a growing thing (a row group, a file) has reached a byte limit, cheap enough to ask after
 * every row: the bytes are measured only when, at the average row size so far, half of the room
 * left could be used up, so measurements get denser as the limit nears. Deterministic: the answer
 * depends on the row counts and measured sizes only, so the same rows give the same answers.
 *
 * <p>Not thread-safe; {@link #reset()} it for the next thing.
 */
@PublicEvolving
public final class ByteLimitCheck {
    private final long limit;
    private final ByteCheckSchedule schedule = new ByteCheckSchedule();

    /**
     * @throws IllegalArgumentException if {@code limit} is not positive
     */
    public ByteLimitCheck(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException(
                    "Cannot check a byte limit of " + limit + ": it must be >= 1");
        }
        this.limit = limit;
    }

    /**
     * Whether {@code rows} rows have reached the limit, calling {@code bytes} only when the
     * schedule says so (so a {@code false} may come from a skipped measurement).
     */
    public boolean reached(long rows, LongSupplier bytes) {
        return schedule.reached(rows, limit, bytes);
    }

    /** The limit checked. */
    public long limit() {
        return limit;
    }

    /** Starts over, for the next row group or file. */
    public void reset() {
        schedule.reset();
    }
}
