package io.pqx.format.predicate;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.annotation.PublicEvolving;

/** The disjunction of two or more predicates, under SQL's three-valued logic. */
@PublicEvolving
public record Or(List<Predicate> children) implements Predicate {
    public Or {
        children = List.copyOf(children);
        if (children.size() < 2) {
            throw new IllegalArgumentException(
                    "Cannot build OR of " + children.size() + " predicates: it needs two or more");
        }
    }

    @Override
    public String toString() {
        return children.stream()
                .map(Predicate::toString)
                .collect(Collectors.joining(" OR ", "(", ")"));
    }
}
