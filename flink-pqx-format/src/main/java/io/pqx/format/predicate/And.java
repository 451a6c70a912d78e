package io.pqx.format.predicate;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.annotation.PublicEvolving;

/** The conjunction of two or more predicates, under SQL's three-valued logic. */
@PublicEvolving
public record And(List<Predicate> children) implements Predicate {
    public And {
        children = List.copyOf(children);
        if (children.size() < 2) {
            throw new IllegalArgumentException(
                    "Cannot build AND of " + children.size() + " predicates: it needs two or more");
        }
    }

    @Override
    public String toString() {
        return children.stream()
                .map(Predicate::toString)
                .collect(Collectors.joining(" AND ", "(", ")"));
    }
}
