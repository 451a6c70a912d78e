package io.pqx.table.pushdown;

import io.pqx.format.predicate.Predicate;

import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;
import java.util.Optional;

/**
 * Flink's pushed conjuncts, sorted into those pqx evaluates exactly as Flink would on every row
 * ({@link #accepted}, as the source's row filter {@link #exact}) and the rest ({@link #remaining},
 * which Flink evaluates after the scan, and of which {@link #pruneOnly} is a sound weakening used
 * to prune only). Immutable.
 *
 * <p>Placeholder until the translator lands: nothing is accepted.
 */
public final class FilterTranslation {
    private final List<ResolvedExpression> accepted;
    private final List<ResolvedExpression> remaining;
    private final Predicate exact;
    private final Predicate pruneOnly;

    private FilterTranslation(List<ResolvedExpression> accepted, List<ResolvedExpression> remaining,
            Predicate exact, Predicate pruneOnly) {
        this.accepted = List.copyOf(accepted);
        this.remaining = List.copyOf(remaining);
        this.exact = exact;
        this.pruneOnly = pruneOnly;
    }

    /**
     * Sorts {@code conjuncts} (over {@code rowType}'s fields, partition columns included).
     */
    public static FilterTranslation translate(List<ResolvedExpression> conjuncts, RowType rowType,
            List<String> partitionKeys) {
        return new FilterTranslation(List.of(), conjuncts, null, null);
    }

    /** The conjuncts pqx evaluates exactly, in their given order. */
    public List<ResolvedExpression> accepted() {
        return accepted;
    }

    /** The conjuncts Flink must still evaluate, in their given order. */
    public List<ResolvedExpression> remaining() {
        return remaining;
    }

    /** The AND of the accepted conjuncts, as the source's predicate; empty when none. */
    public Optional<Predicate> exact() {
        return Optional.ofNullable(exact);
    }

    /**
     * A predicate TRUE on every row where all remaining conjuncts are TRUE (in Flink's evaluation),
     * for pruning only; empty when none is known.
     */
    public Optional<Predicate> pruneOnly() {
        return Optional.ofNullable(pruneOnly);
    }
}
