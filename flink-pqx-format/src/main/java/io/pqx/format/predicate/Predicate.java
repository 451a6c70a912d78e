package io.pqx.format.predicate;

import java.io.Serializable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.annotation.PublicEvolving;

/**
 * A filter condition on rows, as a tree: comparisons of a column with a literal, {@code IN}, {@code
 * IS [NOT] NULL}, prefix {@code LIKE}, {@code AND}, {@code OR}, {@code NOT}, the constants and
 * {@link DynamicSlot}s whose runtime filter arrives while the query runs. Build them with {@link
 * Predicates}.
 *
 * <p>A predicate is immutable, compares by value ({@code equals}/{@code hashCode}) and prints as
 * SQL-ish text. It is {@link Serializable} (a source ships it to its readers). It names columns by
 * path and carries untyped literals: {@link BoundPredicate#bind} checks it against a schema and
 * evaluates it on rows under SQL's three-valued logic; {@code io.pqx.format.prune} proves from
 * statistics which row groups it cannot match.
 */
@PublicEvolving
public sealed interface Predicate extends Serializable
        permits Comparison,
                InList,
                IsNull,
                IsNotNull,
                StartsWith,
                And,
                Or,
                Not,
                Constant,
                DynamicSlot {

    /** The predicates directly below this one (none for a leaf). */
    default List<Predicate> children() {
        return List.of();
    }

    /** The columns this predicate reads, in order of first appearance. */
    default Set<ColumnRef> columns() {
        Set<ColumnRef> out = new LinkedHashSet<>();
        collectColumns(this, out);
        return out;
    }

    /** Whether a {@link DynamicSlot} occurs in this predicate. */
    default boolean hasSlot() {
        if (this instanceof DynamicSlot) {
            return true;
        }
        for (Predicate child : children()) {
            if (child.hasSlot()) {
                return true;
            }
        }
        return false;
    }

    private static void collectColumns(Predicate p, Set<ColumnRef> out) {
        if (p instanceof Comparison c) {
            out.add(c.column());
        } else if (p instanceof InList in) {
            out.add(in.column());
        } else if (p instanceof IsNull n) {
            out.add(n.column());
        } else if (p instanceof IsNotNull n) {
            out.add(n.column());
        } else if (p instanceof StartsWith s) {
            out.add(s.column());
        } else if (p instanceof DynamicSlot s) {
            out.add(s.column());
        }
        for (Predicate child : p.children()) {
            collectColumns(child, out);
        }
    }
}
