package io.pqx.format.prune;

/**
 * Which truth values a predicate may take on some row of a row group: a set of TRUE, FALSE and
 * UNKNOWN, always a superset of the values it really takes (so "cannot be TRUE" is a proof).
 */
final class Outcomes {
    static final int T = 1;
    static final int F = 2;
    static final int U = 4;

    /** Nothing proven. */
    static final int ANY = T | F | U;

    private Outcomes() {}

    static int of(boolean canTrue, boolean canFalse, boolean canUnknown) {
        return (canTrue ? T : 0) | (canFalse ? F : 0) | (canUnknown ? U : 0);
    }

    static boolean has(int set, int value) {
        return (set & value) != 0;
    }

    static int not(int a) {
        return (has(a, T) ? F : 0) | (has(a, F) ? T : 0) | (a & U);
    }

    /**
     * AND over children: TRUE needs every child TRUE; FALSE needs one child FALSE; UNKNOWN needs
     * one child UNKNOWN and none FALSE (each child TRUE or UNKNOWN).
     */
    static int and(int[] children) {
        boolean allT = true;
        boolean anyF = false;
        boolean anyU = false;
        boolean allTorU = true;
        for (int c : children) {
            allT &= has(c, T);
            anyF |= has(c, F);
            anyU |= has(c, U);
            allTorU &= has(c, T) || has(c, U);
        }
        return of(allT, anyF, anyU && allTorU);
    }

    /** OR over children, the dual of {@link #and}. */
    static int or(int[] children) {
        boolean anyT = false;
        boolean allF = true;
        boolean anyU = false;
        boolean allForU = true;
        for (int c : children) {
            anyT |= has(c, T);
            allF &= has(c, F);
            anyU |= has(c, U);
            allForU &= has(c, F) || has(c, U);
        }
        return of(anyT, allF, anyU && allForU);
    }

    static Verdict verdict(int set) {
        if (!has(set, T)) {
            return Verdict.NONE_MATCH;
        }
        return has(set, F) || has(set, U) ? Verdict.SOME_MAY_MATCH : Verdict.ALL_MATCH;
    }
}
