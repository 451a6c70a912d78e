package io.pqx.format.predicate;

import java.util.Objects;
import org.apache.flink.annotation.PublicEvolving;

/**
 * {@code column LIKE 'prefix%'} on a CHAR/VARCHAR column: UNKNOWN when the column is null, else
 * whether the string starts with {@code prefix}. The only LIKE pattern pqx expresses ({@link
 * Predicates#like} says which patterns are this one); any other stays a residual filter of the
 * caller.
 */
@PublicEvolving
public record StartsWith(ColumnRef column, String prefix) implements Predicate {
    public StartsWith {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(prefix, "prefix");
    }

    @Override
    public String toString() {
        return column + " LIKE '" + prefix.replace("'", "''") + "%'";
    }
}
