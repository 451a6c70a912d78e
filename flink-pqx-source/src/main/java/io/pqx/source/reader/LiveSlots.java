package io.pqx.source.reader;

import io.pqx.format.predicate.SlotValues;

import java.util.Objects;

/**
 * The runtime-filter values one source reader knows so far: set on the task thread when a filter
 * arrives from the enumerator, read by the fetcher thread at every row-group boundary and for
 * every batch it filters. Until a filter arrives every slot is PENDING ({@link SlotValues#none()}),
 * which keeps every row. Thread-safe.
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
}
