package io.pqx.table.pushdown;

import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.types.logical.RowType;

/**
 * Flink's pushed conjuncts, sorted into those pqx evaluates exactly as Flink would on every row
 * ({@link #accepted}, as the source's row filter {@link #exact}) and the rest ({@link #remaining},
 * which Flink evaluates after the scan, and of which {@link #pruneOnly} is a sound weakening used
 * to prune only). Immutable.
 *
 * <p>A conjunct is accepted only when every part of it is understood and exact (see {@link
 * ExpressionTranslator} and {@code ComparisonFit} for the operators and types); an accepted
 * conjunct is not remaining, so Flink no longer evaluates it. Comparisons on FLOAT/DOUBLE, CHAR
 * columns, functions and unsafe casts remain; FLOAT/DOUBLE comparisons still give a weakening for
 * pruning. Partition columns are columns like any other.
 *
 * <p>When the string literals of the conjuncts are not ordered alike by Flink's planner and its run
 * time ({@link StringLiteralOrder}), every conjunct with a string literal remains and prunes
 * nothing: Flink's answer to it is whatever its planner's rewriting makes it, not the SQL's.
 *
 * <p>When any conjunct remains, every conjunct remains: Flink then evaluates after the scan the
 * very condition it would have evaluated without push-down, and pqx's accepted conjuncts only
 * filter and prune ahead of it. Handing Flink a part of the condition would let its planner rewrite
 * that part alone into a form its run time evaluates otherwise: {@code d >= 0 AND d <= 0.0} on a
 * DOUBLE becomes {@code d = 0}, which Flink 2.3 holds FALSE for -0.0, while the same two conjuncts
 * beside a third on another column stay ranges that hold TRUE for it.
 */
@Internal
public final class FilterTranslation {
    private final List<ResolvedExpression> accepted;
    private final List<ResolvedExpression> remaining;
    private final List<ResolvedExpression> pushed;
    private final Predicate exact;
    private final Predicate pruneOnly;

    private FilterTranslation(
            List<ResolvedExpression> accepted,
            List<ResolvedExpression> remaining,
            List<ResolvedExpression> pushed,
            Predicate exact,
            Predicate pruneOnly) {
        this.accepted = List.copyOf(accepted);
        this.remaining = List.copyOf(remaining);
        this.pushed = List.copyOf(pushed);
        this.exact = exact;
        this.pruneOnly = pruneOnly;
    }

    /**
     * Sorts {@code conjuncts} (over {@code rowType}'s fields, partition columns included; field
     * references index into {@code rowType}).
     */
    public static FilterTranslation translate(
            List<ResolvedExpression> conjuncts, RowType rowType, List<String> partitionKeys) {
        ExpressionTranslator translator = new ExpressionTranslator(rowType);
        ColumnResolver resolver = ColumnResolver.of(rowType);
        List<ResolvedExpression> accepted = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>();
        List<ResolvedExpression> pushed = new ArrayList<>();
        List<Predicate> exact = new ArrayList<>();
        List<Predicate> weak = new ArrayList<>();
        boolean stringsAgree = StringLiteralOrder.agrees(conjuncts);
        for (ResolvedExpression conjunct : conjuncts) {
            if (!stringsAgree && StringLiteralOrder.hasString(conjunct)) {
                // Flink's planner may have rewritten it in an order its run time does not use:
                // neither pqx's answer nor a pruning by it is known to be Flink's
                remaining.add(conjunct);
                continue;
            }
            Optional<Predicate> p = translator.exact(conjunct).filter(q -> binds(q, resolver));
            if (p.isPresent()) {
                accepted.add(conjunct);
                pushed.add(conjunct);
                exact.add(p.get());
            } else {
                remaining.add(conjunct);
                Optional<Predicate> w = translator.weak(conjunct).filter(q -> binds(q, resolver));
                if (w.isPresent()) {
                    weak.add(w.get());
                    pushed.add(conjunct);
                }
            }
        }
        return new FilterTranslation(
                accepted,
                remaining.isEmpty() ? remaining : conjuncts,
                pushed,
                exact.isEmpty() ? null : Predicates.and(exact),
                weak.isEmpty() ? null : Predicates.and(weak));
    }

    /** Whether the source will accept {@code p} on this row type (else it would fail the job). */
    private static boolean binds(Predicate p, ColumnResolver resolver) {
        try {
            BoundPredicate.bind(p, resolver);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The conjuncts pqx evaluates exactly, in their given order. */
    public List<ResolvedExpression> accepted() {
        return accepted;
    }

    /**
     * The conjuncts to hand Flink as the accepted ones: the {@link #accepted} conjuncts and the
     * remaining ones {@link #pruneOnly} prunes by (those stay in {@link #remaining} too, so Flink
     * still evaluates them on every row, as it does for its own filesystem connector's filters).
     * Flink's planner tells two scans of one table apart by this list alone: it reuses one scan for
     * another that lists the same conjuncts, so a conjunct that changes which rows the scan
     * returns, by pruning too, must be in it (else a query would get rows pruned for another).
     */
    public List<ResolvedExpression> pushed() {
        return pushed;
    }

    /**
     * The conjuncts Flink must still evaluate, in their given order: none, when pqx evaluates every
     * one; else all of them (accepted ones included), so that Flink's answer is the one it gives
     * without push-down.
     */
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
