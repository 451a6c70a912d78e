package io.pqx.format.predicate;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/** {@code column IS NOT NULL}: TRUE or FALSE, never UNKNOWN. */
@PublicEvolving
public record IsNotNull(ColumnRef column) implements Predicate {
    public IsNotNull {
        Objects.requireNonNull(column, "column");
    }

    @Override
    public String toString() {
        return column + " IS NOT NULL";
    }
}
