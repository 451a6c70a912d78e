package io.pqx.format.predicate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Builds {@link Predicate}s. Columns are given as dotted paths ({@code "address.city"}) or as
 * {@link ColumnRef}s; literals as Java values (see {@link Literal}). {@link #and} and {@link #or}
 * flatten nested conjunctions and disjunctions and fold the constants, which SQL's three-valued
 * logic allows ({@code TRUE AND p} is {@code p}, {@code FALSE AND p} is FALSE even when {@code p}
 * is UNKNOWN).
 */
@PublicEvolving
public final class Predicates {
    private Predicates() {}

    /** The column at this dotted path. */
    public static ColumnRef column(String dottedPath) {
        return ColumnRef.parse(dottedPath);
    }

    public static Predicate compare(ColumnRef column, CompareOp op, Object value) {
        return new Comparison(column, op, Literal.of(value));
    }

    public static Predicate equal(String column, Object value) {
        return compare(column(column), CompareOp.EQ, value);
    }

    public static Predicate notEqual(String column, Object value) {
        return compare(column(column), CompareOp.NE, value);
    }

    public static Predicate lessThan(String column, Object value) {
        return compare(column(column), CompareOp.LT, value);
    }

    public static Predicate lessOrEqual(String column, Object value) {
        return compare(column(column), CompareOp.LE, value);
    }

    public static Predicate greaterThan(String column, Object value) {
        return compare(column(column), CompareOp.GT, value);
    }

    public static Predicate greaterOrEqual(String column, Object value) {
        return compare(column(column), CompareOp.GE, value);
    }

    /** {@code column IN (values)}; one value gives {@code column = value}. */
    public static Predicate in(ColumnRef column, List<?> values) {
        if (values.size() == 1) {
            return compare(column, CompareOp.EQ, values.get(0));
        }
        List<Literal> literals = new ArrayList<>(values.size());
        for (Object v : values) {
            literals.add(Literal.of(v));
        }
        return new InList(column, literals);
    }

    public static Predicate in(String column, Object... values) {
        return in(column(column), Arrays.asList(values));
    }

    public static Predicate isNull(String column) {
        return new IsNull(column(column));
    }

    public static Predicate isNotNull(String column) {
        return new IsNotNull(column(column));
    }

    /** {@code column LIKE 'prefix%'}. */
    public static Predicate startsWith(String column, String prefix) {
        return new StartsWith(column(column), prefix);
    }

    /**
     * {@code column LIKE pattern} when pqx can express it: a pattern of the form {@code 'prefix%'}
     * whose prefix holds no {@code %}, {@code _} or backslash (so that no escape character
     * matters). Empty for every other pattern, which the caller keeps as a residual filter.
     */
    public static Optional<Predicate> like(ColumnRef column, String pattern) {
        if (!pattern.endsWith("%")) {
            return Optional.empty();
        }
        String prefix = pattern.substring(0, pattern.length() - 1);
        if (prefix.indexOf('%') >= 0 || prefix.indexOf('_') >= 0 || prefix.indexOf('\\') >= 0) {
            return Optional.empty();
        }
        return Optional.of(new StartsWith(column, prefix));
    }

    /** A dynamic slot named {@code name} on {@code column}. */
    public static Predicate slot(String name, String column) {
        return new DynamicSlot(name, column(column));
    }

    public static Predicate alwaysTrue() {
        return Constant.TRUE;
    }

    public static Predicate alwaysFalse() {
        return Constant.FALSE;
    }

    /** The conjunction, flattened and folded: no child gives TRUE, one gives itself. */
    public static Predicate and(Predicate... children) {
        return and(Arrays.asList(children));
    }

    public static Predicate and(List<Predicate> children) {
        List<Predicate> flat = new ArrayList<>();
        for (Predicate child : children) {
            if (child instanceof Constant c) {
                if (!c.value()) {
                    return Constant.FALSE;
                }
            } else if (child instanceof And and) {
                flat.addAll(and.children());
            } else {
                flat.add(child);
            }
        }
        return flat.isEmpty() ? Constant.TRUE : flat.size() == 1 ? flat.get(0) : new And(flat);
    }

    /** The disjunction, flattened and folded: no child gives FALSE, one gives itself. */
    public static Predicate or(Predicate... children) {
        return or(Arrays.asList(children));
    }

    public static Predicate or(List<Predicate> children) {
        List<Predicate> flat = new ArrayList<>();
        for (Predicate child : children) {
            if (child instanceof Constant c) {
                if (c.value()) {
                    return Constant.TRUE;
                }
            } else if (child instanceof Or or) {
                flat.addAll(or.children());
            } else {
                flat.add(child);
            }
        }
        return flat.isEmpty() ? Constant.FALSE : flat.size() == 1 ? flat.get(0) : new Or(flat);
    }

    /** The negation; {@code NOT NOT p} is {@code p}, {@code NOT TRUE} is FALSE. */
    public static Predicate not(Predicate child) {
        if (child instanceof Not not) {
            return not.child();
        }
        if (child instanceof Constant c) {
            return c.value() ? Constant.FALSE : Constant.TRUE;
        }
        return new Not(child);
    }
}
