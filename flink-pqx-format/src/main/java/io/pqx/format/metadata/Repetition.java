package io.pqx.format.metadata;

import org.apache.flink.annotation.PublicEvolving;

/** How often a Parquet schema node occurs in its parent: Parquet's field repetition. */
@PublicEvolving
public enum Repetition {
    /** Exactly once. */
    REQUIRED,
    /** Zero or one time: the value may be null. */
    OPTIONAL,
    /** Zero or more times: a list. */
    REPEATED
}
