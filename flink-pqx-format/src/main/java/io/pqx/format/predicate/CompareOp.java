package io.pqx.format.predicate;

import org.apache.flink.annotation.PublicEvolving;

/** A comparison operator of a {@link Comparison}: {@code = <> < <= > >=}. */
@PublicEvolving
public enum CompareOp {
    EQ("="),
    NE("<>"),
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    /** The SQL symbol. */
    public String symbol() {
        return symbol;
    }

    /** Whether a comparison result {@code cmp} (as {@link Comparable#compareTo}) satisfies this. */
    public boolean holds(int cmp) {
        return switch (this) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
        };
    }
}
