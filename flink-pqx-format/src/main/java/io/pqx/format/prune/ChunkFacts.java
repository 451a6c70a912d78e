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

    /** Whether every non-null non-NaN value is {@code c}, as exact bounds prove. */
    boolean onlyValueIs(Object c) {
        return lo != null && hi != null && loExact && hiExact
                && domain.compare(lo, c) == 0 && domain.compare(hi, c) == 0;
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
     * Whether a value may equal {@code c}: inside the bounds, where an inexact (truncated) bound
     * is not used at all, since equality on the truncated side is never proven absent.
     */
    boolean mayEqual(Object c) {
        return maybeValue
                && (lo == null || !loExact || domain.compare(lo, c) <= 0)
                && (hi == null || !hiExact || domain.compare(hi, c) >= 0);
    }
}
