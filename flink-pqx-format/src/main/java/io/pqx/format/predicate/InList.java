package io.pqx.format.predicate;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.flink.annotation.PublicEvolving;

/**
 * {@code column IN (v1, v2, ...)}: UNKNOWN when the column is null, TRUE when it equals one of the
 * values, FALSE otherwise (the values are literals, never null). At least one value.
 */
@PublicEvolving
public record InList(ColumnRef column, List<Literal> values) implements Predicate {
    public InList {
        Objects.requireNonNull(column, "column");
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("Cannot build " + column + " IN (): no value");
        }
    }

    @Override
    public String toString() {
        return column
                + " IN ("
                + values.stream().map(Literal::toString).collect(Collectors.joining(", "))
                + ")";
    }
}
