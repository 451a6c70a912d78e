package io.pqx.format.prune;

import io.pqx.format.predicate.ResolvedColumn;
import javax.annotation.Nullable;

/**
 * Where a {@link CompiledPredicate} gets what is known about each column on the rows it judges: a
 * row group's chunk statistics, the pages covering one segment of a row group, with or without
 * bloom-filter membership. Not thread-safe; one per evaluation.
 */
interface FactSource {
    /** The evidence named in failure reports. */
    String evidence();

    /** The row group judged, for failure reports. */
    int rowGroup();

    /**
     * What is known about {@code column} on the rows judged.
     *
     * @throws RuntimeException when the evidence cannot be used (the part proves nothing)
     */
    ChunkFacts facts(ResolvedColumn column);

    /**
     * A membership test for {@code column}'s non-null values on the rows judged, asked only for
     * columns tested with {@code =}, {@code <>} or {@code IN}; null when there is none.
     */
    @Nullable
    default ValueProbe probe(ResolvedColumn column) {
        return null;
    }

    /** Whether a non-null value equal to a domain value may occur; false is a proof of absence. */
    interface ValueProbe {
        boolean mightContain(Object domainValue);
    }
}
