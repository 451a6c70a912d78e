package io.pqx.source.reader;

import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import java.util.Objects;

/**
 * The runtime-filter values one source reader knows so far: set on the task thread when a filter
 * arrives from the enumerator, read by the fetcher thread at every row-group boundary and for every
 * batch it filters. Until a filter arrives every slot is PENDING ({@link SlotValues#none()}), which
 * keeps every row. Thread-safe.
 */
final class LiveSlots {
    private volatile SlotValues current = SlotValues.none();

    /** The values known now. */
    SlotValues current() {
        return current;
    }

    /** Replaces the values known (a newer filter for a slot replaces the older). */
    void set(SlotValues values) {
        current = Objects.requireNonNull(values, "values");
    }

    /**
     * Sets {@code filter} for slot {@code slot}; false (and nothing changes) when that very filter
     * is already held. Called by one thread (the task thread).
     */
    boolean apply(String slot, RuntimeFilter filter) {
        SlotValues now = current;
        if (now.get(slot).filter(f -> f == filter).isPresent()) {
            return false;
        }
        current = now.with(slot, filter);
        return true;
    }
}
