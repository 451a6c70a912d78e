package io.pqx.format.prune;

import io.pqx.format.predicate.Comparison;
import io.pqx.format.predicate.InList;
import io.pqx.format.predicate.IsNotNull;
import io.pqx.format.predicate.IsNull;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.VariantFieldValues;
import javax.annotation.Nullable;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * What the statistics of a shredded VARIANT field prove about a predicate on it. Field {@code a} of
 * column {@code v} lies in {@code v.typed_value.a.typed_value} (typed) when it fits the shredded
 * type, else in {@code v.typed_value.a.value} (its own {@code value} column); when both are null
 * the field is missing. The Variant shredding spec rules out the field being anywhere else: an
 * object's {@code typed_value} must be non-null (so a non-object sits alone in {@code v.value}),
 * and the {@code value} of a partially shredded object must never hold a shredded field. So:
 *
 * <ul>
 *   <li>where the field's {@code value} column may hold a value, the typed statistics prove nothing
 *       about comparisons (a value there may be of another width or class);
 *   <li>where it holds none, every present field is a typed value, and a comparison or IN is judged
 *       on the typed column's facts (a null there is UNKNOWN: a missing field);
 *   <li>IS NOT NULL is FALSE where both columns are null, IS NULL FALSE where the typed column has
 *       no null;
 *   <li>a literal that does not convert exactly to the typed column's type, or of another class
 *       ({@link VariantFieldValues#typedLiteral}), proves nothing.
 * </ul>
 *
 * Statistics without null counts leave the {@code value} column possibly non-null, so they prove
 * nothing. Stateless.
 */
final class VariantFieldRules {
    private VariantFieldRules() {}

    /** The truth values a leaf may take, from the typed column's and the value column's facts. */
    interface Rule {
        int outcomes(ChunkFacts typed, @Nullable ChunkFacts residual);
    }

    /** The rule of leaf {@code p} on a field whose typed column has Flink type {@code typed}. */
    static Rule rule(Predicate p, LogicalType typed) {
        if (p instanceof IsNull) {
            return (t, r) ->
                    Outcomes.of(
                            t.maybeNull(), t.maybeValue() || t.maybeNaN() || residual(r), false);
        }
        if (p instanceof IsNotNull) {
            return (t, r) ->
                    Outcomes.of(
                            t.maybeValue() || t.maybeNaN() || residual(r), t.maybeNull(), false);
        }
        if (p instanceof Comparison c) {
            Object literal = VariantFieldValues.typedLiteral(c.value(), typed);
            if (literal == null) {
                return (t, r) -> Outcomes.ANY;
            }
            return (t, r) ->
                    residual(r)
                            ? Outcomes.ANY
                            : CompiledPredicate.compare(t, c.op(), literal, null);
        }
        if (p instanceof InList in) {
            Object[] values = new Object[in.values().size()];
            for (int i = 0; i < values.length; i++) {
                Literal l = in.values().get(i);
                values[i] = VariantFieldValues.typedLiteral(l, typed);
                if (values[i] == null) {
                    return (t, r) -> Outcomes.ANY;
                }
            }
            return (t, r) -> residual(r) ? Outcomes.ANY : CompiledPredicate.in(t, values, null);
        }
        return (t, r) -> Outcomes.ANY;
    }

    /** Whether the field's own value column may hold a value; a file without one holds none. */
    private static boolean residual(@Nullable ChunkFacts r) {
        return r != null && (r.maybeValue() || r.maybeNaN());
    }
}
