package io.pqx.format.prune;

import io.pqx.format.predicate.ColumnDomain;
import javax.annotation.Nullable;

/**
 * What one column chunk's statistics prove about the column's values in a row group, in the
 * column's {@link ColumnDomain}: every non-null, non-NaN value lies in {@code [lo, hi]} (a null
 * side is unbounded); {@code maybeNull}, {@code maybeValue} and {@code maybeNaN} say whether a
 * null, a non-null non-NaN value, or a NaN may occur. Exactness says a bound is a value of the
 * chunk (as the writer declared).
 */
record ChunkFacts(
        ColumnDomain domain,
        @Nullable Object lo,
        @Nullable Object hi,
        boolean loExact,
        boolean hiExact,
        boolean maybeNull,
        boolean maybeValue,
        boolean maybeNaN) {

    /**
     * The rows of one kind only, for evaluating a predicate on one column kind by kind (which keeps
     * {@code x > 5 OR x IS NULL} from seeming UNKNOWN on the rows where {@code x} is null).
     */
    enum World {
        /** Every row. */
        ALL,
        /** Rows where the column is null. */
        NULL,
        /** Rows where the column is NaN. */
        NAN,
        /** Rows where the column is neither. */
        VALUE
    }

    /** These facts restricted to the rows of {@code world}. */
    ChunkFacts in(World world) {
        return switch (world) {
            case ALL -> this;
            case NULL -> new ChunkFacts(domain, lo, hi, loExact, hiExact, maybeNull, false, false);
            case NAN -> new ChunkFacts(domain, lo, hi, loExact, hiExact, false, false, maybeNaN);
            case VALUE ->
                    new ChunkFacts(domain, lo, hi, loExact, hiExact, false, maybeValue, false);
        };
    }

    /** Whether some row of {@code world} may exist. */
    boolean inhabited(World world) {
        return switch (world) {
            case ALL -> maybeNull || maybeValue || maybeNaN;
            case NULL -> maybeNull;
            case NAN -> maybeNaN;
            case VALUE -> maybeValue;
        };
    }

    /** Whether every non-null non-NaN value is {@code c}, as exact bounds prove. */
    boolean onlyValueIs(Object c) {
        return lo != null
                && hi != null
                && loExact
                && hiExact
                && domain.compare(lo, c) == 0
                && domain.compare(hi, c) == 0;
    }

    /** {@code lo <op> c} where op is {@code <} (strict) or {@code <=}; true when unbounded. */
    boolean loBelow(Object c, boolean strict) {
        if (lo == null) {
            return true;
        }
        int cmp = domain.compare(lo, c);
        return strict ? cmp < 0 : cmp <= 0;
    }

    /** {@code hi <op> c} where op is {@code >} (strict) or {@code >=}; true when unbounded. */
    boolean hiAbove(Object c, boolean strict) {
        if (hi == null) {
            return true;
        }
        int cmp = domain.compare(hi, c);
        return strict ? cmp > 0 : cmp >= 0;
    }

    /**
     * Whether a value may equal {@code c}: inside the bounds, where an inexact (truncated) bound is
     * not used at all, since equality on the truncated side is never proven absent.
     */
    boolean mayEqual(Object c) {
        return maybeValue
                && (lo == null || !loExact || domain.compare(lo, c) <= 0)
                && (hi == null || !hiExact || domain.compare(hi, c) >= 0);
    }
}
