package io.pqx.format.predicate;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * {@code column <op> literal}: UNKNOWN when the column is null, else the comparison in the column's
 * {@link ColumnDomain} order.
 */
@PublicEvolving
public record Comparison(ColumnRef column, CompareOp op, Literal value) implements Predicate {
    public Comparison {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
        return column + " " + op.symbol() + " " + value;
    }
}
