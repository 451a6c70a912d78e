package io.pqx.format.predicate;

import java.util.List;
import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * The negation of a predicate: UNKNOWN stays UNKNOWN. A {@link DynamicSlot} may not be negated (its
 * "keep everything until the filter arrives" would turn into "keep nothing").
 */
@PublicEvolving
public record Not(Predicate child) implements Predicate {
    public Not {
        Objects.requireNonNull(child, "child");
        if (child.hasSlot()) {
            throw new IllegalArgumentException(
                    "Cannot negate "
                            + child
                            + ": it holds a dynamic slot, which keeps every row"
                            + " until its runtime filter arrives");
        }
    }

    @Override
    public List<Predicate> children() {
        return List.of(child);
    }

    @Override
    public String toString() {
        return "NOT (" + child + ")";
    }
}
