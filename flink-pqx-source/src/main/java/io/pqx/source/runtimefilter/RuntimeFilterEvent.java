package io.pqx.source.runtimefilter;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.KeyFilter;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.RuntimeFilter;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * A runtime filter for the {@code DynamicSlot} named {@link #slot()} of a pqx source's predicate,
 * as its enumerator and readers receive it: the format's {@link RuntimeFilter} ({@link #filter()})
 * in a serializable, comparable form. Its key set, when it has one, is a {@link BloomKeyFilter}.
 * Two events are equal when slot, state, column, bounds and key bits are, so a filter received
 * again (a re-delivery after a failover) is recognized and ignored. Immutable; Java-serialized
 * through its versioned binary form ({@link RuntimeFilterEventSerializer}).
 */
@PublicEvolving
public final class RuntimeFilterEvent implements SourceEvent {
    private static final long serialVersionUID = 1L;

    private final String slot;
    private final transient RuntimeFilter.State state;
    private final transient ColumnRef column;
    @Nullable private final transient Literal min;
    @Nullable private final transient Literal max;
    @Nullable private final transient BloomKeyFilter keys;

    /**
     * The format's filter, made once so that its identity (which the row filter caches by) stays.
     */
    private final transient RuntimeFilter filter;

    RuntimeFilterEvent(
            String slot,
            RuntimeFilter.State state,
            ColumnRef column,
            @Nullable Literal min,
            @Nullable Literal max,
            @Nullable BloomKeyFilter keys) {
        this.slot = Objects.requireNonNull(slot, "slot");
        this.state = Objects.requireNonNull(state, "state");
        this.column = Objects.requireNonNull(column, "column");
        if (slot.isEmpty()) {
            throw new IllegalArgumentException(
                    "Cannot make a runtime filter event: the slot name is empty");
        }
        boolean range = state == RuntimeFilter.State.RANGE;
        if (range != (min != null) || range != (max != null) || (!range && keys != null)) {
            throw new IllegalArgumentException(
                    "Cannot make a runtime filter event for slot "
                            + slot
                            + ": a RANGE filter has both bounds (and maybe keys), a "
                            + state
                            + " one none");
        }
        this.min = min;
        this.max = max;
        this.keys = keys;
        this.filter =
                switch (state) {
                    case PENDING -> RuntimeFilter.pending(column);
                    case DISABLED -> RuntimeFilter.disabled(column);
                    case EMPTY -> RuntimeFilter.empty(column);
                    case RANGE ->
                            keys == null
                                    ? RuntimeFilter.range(column, min.value(), max.value())
                                    : RuntimeFilter.range(column, min.value(), max.value(), keys);
                };
    }

    /**
     * The event of {@code filter} for slot {@code slot}.
     *
     * @throws IllegalArgumentException when the filter's key set is not a {@link BloomKeyFilter}
     *     (another {@link KeyFilter} has no serialized form)
     */
    public static RuntimeFilterEvent of(String slot, RuntimeFilter filter) {
        KeyFilter keys = filter.keys().orElse(null);
        if (keys != null && !(keys instanceof BloomKeyFilter)) {
            throw new IllegalArgumentException(
                    "Cannot send runtime filter "
                            + filter
                            + " for slot "
                            + slot
                            + ": its key set is a "
                            + keys.getClass().getName()
                            + ", only a BloomKeyFilter can be sent");
        }
        return new RuntimeFilterEvent(
                slot,
                filter.state(),
                filter.keyColumn(),
                filter.min().orElse(null),
                filter.max().orElse(null),
                (BloomKeyFilter) keys);
    }

    /** The name of the slot the filter is for. */
    public String slot() {
        return slot;
    }

    /** The filter, as the format's predicates evaluate it (the same object on every call). */
    public RuntimeFilter filter() {
        return filter;
    }

    public RuntimeFilter.State state() {
        return state;
    }

    public ColumnRef column() {
        return column;
    }

    public Optional<Literal> min() {
        return Optional.ofNullable(min);
    }

    public Optional<Literal> max() {
        return Optional.ofNullable(max);
    }

    public Optional<BloomKeyFilter> keys() {
        return Optional.ofNullable(keys);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RuntimeFilterEvent other
                && slot.equals(other.slot)
                && state == other.state
                && column.equals(other.column)
                && Objects.equals(min, other.min)
                && Objects.equals(max, other.max)
                && Objects.equals(keys, other.keys);
    }

    @Override
    public int hashCode() {
        return Objects.hash(slot, state, column, min, max, keys);
    }

    @Override
    public String toString() {
        return "RuntimeFilterEvent{slot="
                + slot
                + ", "
                + filter
                + (keys != null ? ", " + keys : "")
                + "}";
    }

    /** Java serialization writes the versioned binary form. */
    private Object writeReplace() throws ObjectStreamException {
        try {
            return new Form(
                    RuntimeFilterEventSerializer.VERSION,
                    RuntimeFilterEventSerializer.INSTANCE.serialize(this));
        } catch (IOException e) {
            throw new InvalidObjectException("Cannot serialize " + this + ": " + e.getMessage());
        }
    }

    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException(
                "Cannot read a runtime filter event: it is read as its Form");
    }

    /** The Java-serialized form: the binary form and its version. */
    private record Form(int version, byte[] bytes) implements Serializable {
        private Object readResolve() throws ObjectStreamException {
            try {
                return RuntimeFilterEventSerializer.INSTANCE.deserialize(version, bytes);
            } catch (IOException e) {
                throw new InvalidObjectException(
                        "Cannot read a runtime filter event: " + e.getMessage());
            }
        }
    }
}
