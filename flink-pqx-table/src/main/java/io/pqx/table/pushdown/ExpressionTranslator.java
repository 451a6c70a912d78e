package io.pqx.table.pushdown;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.Comparison;
import io.pqx.format.predicate.InList;
import io.pqx.format.predicate.IsNotNull;
import io.pqx.format.predicate.IsNull;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.Or;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * Translates one Flink boolean expression over a row type into a pqx {@link Predicate}: {@link
 * #exact} when the predicate's three-valued answer is Flink's on every row, {@link #weak} when it
 * is only TRUE wherever Flink's is TRUE (pruning). Understood: AND, OR, NOT, {@code = <> < <= > >=}
 * between a column ({@link ColumnOperand}) and a literal on either side, IN, BETWEEN, NOT BETWEEN,
 * IS [NOT] NULL, prefix LIKE on VARCHAR, and a BOOLEAN column as a condition; for {@link #weak}
 * only, conditions on fields inside a VARIANT ({@link VariantFieldCondition}). Anything else
 * (functions, columns compared with columns, NULL literals, casts that are not {@link
 * ColumnOperand#isSafeCast safe}) translates to nothing.
 */
final class ExpressionTranslator {
    private static final Map<FunctionDefinition, CompareOp> COMPARISONS =
            Map.of(
                    BuiltInFunctionDefinitions.EQUALS, CompareOp.EQ,
                    BuiltInFunctionDefinitions.NOT_EQUALS, CompareOp.NE,
                    BuiltInFunctionDefinitions.LESS_THAN, CompareOp.LT,
                    BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL, CompareOp.LE,
                    BuiltInFunctionDefinitions.GREATER_THAN, CompareOp.GT,
                    BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL, CompareOp.GE);

    private final RowType rowType;

    ExpressionTranslator(RowType rowType) {
        this.rowType = rowType;
    }

    /** The predicate pqx evaluates exactly as Flink evaluates {@code e}, if there is one. */
    Optional<Predicate> exact(ResolvedExpression e) {
        return translate(e, true);
    }

    /** A predicate TRUE wherever {@code e} is TRUE in Flink (the exact one when known). */
    Optional<Predicate> weak(ResolvedExpression e) {
        return translate(e, false);
    }

    private Optional<Predicate> translate(ResolvedExpression e, boolean exact) {
        if (!(e instanceof CallExpression call)) {
            // a BOOLEAN column as the condition: TRUE, FALSE or UNKNOWN as the column is
            return ColumnOperand.of(e, rowType)
                    .filter(c -> c.type().getTypeRoot() == LogicalTypeRoot.BOOLEAN)
                    .flatMap(c -> ComparisonFit.exact(c, CompareOp.EQ, Boolean.TRUE));
        }
        FunctionDefinition f = call.getFunctionDefinition();
        List<ResolvedExpression> args = call.getResolvedChildren();
        if (f == BuiltInFunctionDefinitions.AND) {
            List<Predicate> parts = new ArrayList<>();
            for (ResolvedExpression arg : args) {
                Optional<Predicate> p = translate(arg, exact);
                if (p.isPresent()) {
                    parts.add(p.get());
                } else if (exact) {
                    return Optional.empty();
                } // a weakening of a AND b may drop b: a alone is TRUE wherever both are
            }
            return parts.isEmpty() ? Optional.empty() : Optional.of(Predicates.and(parts));
        }
        if (f == BuiltInFunctionDefinitions.OR) {
            return all(args, exact).map(ExpressionTranslator::disjunction);
        }
        if (f == BuiltInFunctionDefinitions.NOT && args.size() == 1) {
            // NOT of a weakening is no weakening: only the exact form can be negated
            return translate(args.get(0), true).map(Predicates::not);
        }
        if (!exact) {
            // a condition on a field inside a VARIANT only ever prunes: Flink evaluates it itself
            Optional<Predicate> variantField = VariantFieldCondition.weak(call, rowType);
            if (variantField.isPresent()) {
                return variantField;
            }
        }
        CompareOp op = COMPARISONS.get(f);
        if (op != null && args.size() == 2) {
            return comparison(args.get(0), op, args.get(1), exact)
                    .or(() -> comparison(args.get(1), flip(op), args.get(0), exact));
        }
        if ((f == BuiltInFunctionDefinitions.IS_NULL || f == BuiltInFunctionDefinitions.IS_NOT_NULL)
                && args.size() == 1) {
            boolean isNull = f == BuiltInFunctionDefinitions.IS_NULL;
            // a safe cast maps null to null and a value to a value: IS [NOT] NULL sees through it
            return ColumnOperand.of(args.get(0), rowType)
                    .filter(c -> c.type().getTypeRoot() != LogicalTypeRoot.CHAR)
                    .map(c -> isNull ? new IsNull(c.ref()) : new IsNotNull(c.ref()));
        }
        if (f == BuiltInFunctionDefinitions.IN && args.size() >= 2) {
            List<Predicate> equals = new ArrayList<>();
            for (ResolvedExpression value : args.subList(1, args.size())) {
                Optional<Predicate> p = comparison(args.get(0), CompareOp.EQ, value, exact);
                if (p.isEmpty()) {
                    return Optional.empty();
                }
                equals.add(p.get());
            }
            return Optional.of(disjunction(equals));
        }
        if ((f == BuiltInFunctionDefinitions.BETWEEN || f == BuiltInFunctionDefinitions.NOT_BETWEEN)
                && args.size() == 3) {
            boolean between = f == BuiltInFunctionDefinitions.BETWEEN;
            Optional<Predicate> low =
                    comparison(
                            args.get(0), between ? CompareOp.GE : CompareOp.LT, args.get(1), exact);
            Optional<Predicate> high =
                    comparison(
                            args.get(0), between ? CompareOp.LE : CompareOp.GT, args.get(2), exact);
            if (low.isEmpty() || high.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(
                    between
                            ? Predicates.and(low.get(), high.get())
                            : Predicates.or(low.get(), high.get()));
        }
        if (f == BuiltInFunctionDefinitions.LIKE && args.size() == 2) {
            return like(args.get(0), args.get(1));
        }
        return Optional.empty();
    }

    /** Every one of {@code args} translated, or nothing. */
    private Optional<List<Predicate>> all(List<ResolvedExpression> args, boolean exact) {
        List<Predicate> out = new ArrayList<>();
        for (ResolvedExpression arg : args) {
            Optional<Predicate> p = translate(arg, exact);
            if (p.isEmpty()) {
                return Optional.empty();
            }
            out.add(p.get());
        }
        return Optional.of(out);
    }

    /**
     * The OR of {@code parts}; when all are {@code column = literal} on one column, the IN list
     * (the same three-valued answer: UNKNOWN for a null column, else whether a value matches),
     * which the pruners check value by value.
     */
    private static Predicate disjunction(List<Predicate> parts) {
        List<Predicate> flat = new ArrayList<>();
        for (Predicate p : parts) {
            if (p instanceof Or or) {
                flat.addAll(or.children());
            } else {
                flat.add(p);
            }
        }
        ColumnRef column = null;
        List<Object> values = new ArrayList<>();
        for (Predicate p : flat) {
            ColumnRef c;
            if (p instanceof Comparison cmp && cmp.op() == CompareOp.EQ) {
                c = cmp.column();
                values.add(cmp.value().value());
            } else if (p instanceof InList in) {
                c = in.column();
                in.values().forEach(v -> values.add(v.value()));
            } else {
                return Predicates.or(flat);
            }
            if (column != null && !column.equals(c)) {
                return Predicates.or(flat);
            }
            column = c;
        }
        return flat.size() > 1 ? Predicates.in(column, values) : Predicates.or(flat);
    }

    private Optional<Predicate> comparison(
            ResolvedExpression left, CompareOp op, ResolvedExpression right, boolean exact) {
        Optional<ColumnOperand> column = ColumnOperand.of(left, rowType);
        Optional<Object> value = literal(right);
        if (column.isEmpty() || value.isEmpty()) {
            return Optional.empty();
        }
        return exact
                ? ComparisonFit.exact(column.get(), op, value.get())
                : ComparisonFit.weak(column.get(), op, value.get());
    }

    /** {@code column LIKE 'prefix%'} without escape, on a VARCHAR column. */
    private Optional<Predicate> like(ResolvedExpression left, ResolvedExpression pattern) {
        Optional<ColumnOperand> column =
                ColumnOperand.of(left, rowType)
                        .filter(c -> c.type().getTypeRoot() == LogicalTypeRoot.VARCHAR);
        Optional<Object> value = literal(pattern).filter(v -> v instanceof String);
        if (column.isEmpty() || value.isEmpty()) {
            return Optional.empty();
        }
        return Predicates.like(column.get().ref(), (String) value.get());
    }

    /**
     * The non-null value of a literal, as a Java object a pqx {@link Literal} may hold; none for a
     * string ending in a blank. SQL string literals are CHAR(n), and Flink compares a column with
     * one either byte by byte or with trailing blanks ignored, depending on the plan's shape (seen
     * with {@code r.y < 'a '}: alone byte-wise, inside a larger OR blank-padded), so no answer of
     * pqx's is Flink's in every plan, and no pruning is sound for both.
     */
    private static Optional<Object> literal(ResolvedExpression e) {
        if (!(e instanceof ValueLiteralExpression v) || v.isNull()) {
            return Optional.empty();
        }
        return v.getValueAs(Object.class)
                .filter(value -> !(value instanceof String s && s.endsWith(" ")));
    }

    private static CompareOp flip(CompareOp op) {
        return switch (op) {
            case LT -> CompareOp.GT;
            case LE -> CompareOp.GE;
            case GT -> CompareOp.LT;
            case GE -> CompareOp.LE;
            default -> op;
        };
    }
}
