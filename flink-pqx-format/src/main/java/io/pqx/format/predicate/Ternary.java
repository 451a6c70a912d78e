package io.pqx.format.predicate;

import org.apache.flink.annotation.Internal;

/**
 * A truth value of SQL's three-valued logic: a predicate on a row is TRUE, FALSE or UNKNOWN (a
 * comparison with a null, for instance). A filter keeps a row only when its predicate is TRUE.
 */
@Internal
public enum Ternary {
    TRUE,
    FALSE,
    UNKNOWN;

    /** TRUE for true, FALSE for false. */
    public static Ternary of(boolean value) {
        return value ? TRUE : FALSE;
    }

    /** SQL's AND: FALSE wins, then UNKNOWN. */
    public Ternary and(Ternary other) {
        if (this == FALSE || other == FALSE) {
            return FALSE;
        }
        return this == UNKNOWN || other == UNKNOWN ? UNKNOWN : TRUE;
    }

    /** SQL's OR: TRUE wins, then UNKNOWN. */
    public Ternary or(Ternary other) {
        if (this == TRUE || other == TRUE) {
            return TRUE;
        }
        return this == UNKNOWN || other == UNKNOWN ? UNKNOWN : FALSE;
    }

    /** SQL's NOT: UNKNOWN stays UNKNOWN. */
    public Ternary not() {
        return this == TRUE ? FALSE : this == FALSE ? TRUE : UNKNOWN;
    }

    /** Whether a filter keeps the row: only TRUE does. */
    public boolean keeps() {
        return this == TRUE;
    }
}
