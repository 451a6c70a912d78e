package io.pqx.format.prune;

import org.apache.flink.annotation.PublicEvolving;

/** What one piece of evidence proves about the rows of a row group and a predicate. */
@PublicEvolving
public enum Verdict {
    /** No row can make the predicate TRUE: the row group may be skipped. */
    NONE_MATCH,
    /** Nothing is proven: rows must be read and filtered. */
    SOME_MAY_MATCH,
    /** Every row makes the predicate TRUE: rows may be read without the row filter. */
    ALL_MATCH
}
