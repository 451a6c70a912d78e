package io.pqx.format.predicate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The runtime filters known at one moment, by slot name: what {@link DynamicSlot}s evaluate
 * against. A slot without a value is PENDING (keeps every row). Immutable.
 */
@PublicEvolving
public final class SlotValues {
    private static final SlotValues NONE = new SlotValues(Map.of());
    private final Map<String, RuntimeFilter> filters;

    private SlotValues(Map<String, RuntimeFilter> filters) {
        this.filters = filters;
    }

    /** No runtime filter known: every slot keeps every row. */
    public static SlotValues none() {
        return NONE;
    }

    /** These values plus {@code filter} for slot {@code name} (replacing an earlier one). */
    public SlotValues with(String name, RuntimeFilter filter) {
        Map<String, RuntimeFilter> next = new LinkedHashMap<>(filters);
        next.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(filter, "filter"));
        return new SlotValues(Map.copyOf(next));
    }

    /** The filter given for slot {@code name}, if any. */
    public Optional<RuntimeFilter> get(String name) {
        return Optional.ofNullable(filters.get(name));
    }

    /**
     * The filter of {@code slot}: the given one, or PENDING when none is.
     *
     * @throws IllegalArgumentException when the given filter is about another column than the
     *     slot's
     */
    public RuntimeFilter filterOf(DynamicSlot slot) {
        RuntimeFilter filter = filters.get(slot.name());
        if (filter == null) {
            return RuntimeFilter.pending(slot.column());
        }
        if (!filter.keyColumn().equals(slot.column())) {
            throw new IllegalArgumentException(
                    "Cannot apply "
                            + filter
                            + " to slot "
                            + slot
                            + ": the filter is about column "
                            + filter.keyColumn()
                            + ", the slot about "
                            + slot.column());
        }
        return filter;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlotValues other && filters.equals(other.filters);
    }

    @Override
    public int hashCode() {
        return filters.hashCode();
    }

    @Override
    public String toString() {
        return "SlotValues" + filters;
    }
}
