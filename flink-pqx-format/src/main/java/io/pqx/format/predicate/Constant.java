package io.pqx.format.predicate;

import org.apache.flink.annotation.PublicEvolving;

/** The constant TRUE or FALSE. */
@PublicEvolving
public record Constant(boolean value) implements Predicate {
    /** TRUE. */
    public static final Constant TRUE = new Constant(true);

    /** FALSE. */
    public static final Constant FALSE = new Constant(false);

    @Override
    public String toString() {
        return value ? "TRUE" : "FALSE";
    }
}
