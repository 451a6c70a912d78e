package io.pqx.format.predicate;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A placeholder for a {@link RuntimeFilter} on {@code column} that arrives while the query runs
 * (the build side of a join, for instance), looked up by {@code name} in the {@link SlotValues}
 * given at evaluation. Until a filter is given (or while it is PENDING or DISABLED) the slot keeps
 * every row; an EMPTY filter keeps none; a RANGE filter keeps the non-null keys it may contain. The
 * column is declared here, before the filter exists, so a reader knows up front which columns its
 * filter reads.
 */
@PublicEvolving
public record DynamicSlot(String name, ColumnRef column) implements Predicate {
    public DynamicSlot {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(column, "column");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("Cannot build a dynamic slot without a name");
        }
    }

    @Override
    public String toString() {
        return "RUNTIME_FILTER('" + name + "', " + column + ")";
    }
}
