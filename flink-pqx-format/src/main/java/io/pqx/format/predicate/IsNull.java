package io.pqx.format.predicate;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/** {@code column IS NULL}: TRUE or FALSE, never UNKNOWN. A field of a null ROW is null. */
@PublicEvolving
public record IsNull(ColumnRef column) implements Predicate {
    public IsNull {
        Objects.requireNonNull(column, "column");
    }

    @Override
    public String toString() {
        return column + " IS NULL";
    }
}
