package io.pqx.table.pushdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.Comparison;
import io.pqx.format.predicate.IsNotNull;
import io.pqx.format.predicate.IsNull;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.predicate.Ternary;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinition;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.Variant;
import org.apache.flink.types.variant.VariantBuilder;
import org.junit.jupiter.api.Test;

/**
 * Conditions on a field inside a VARIANT, in the form Flink offers them with {@code PqxModule}
 * loaded ({@code AT} for {@code v['a']}, {@code JSON_STRING}), translate into pqx predicates that
 * only prune (they remain with Flink), and are sound: TRUE on every value where Flink's answer is
 * TRUE, checked value by value against Flink's own rendering ({@code Variant.toJson}, which {@code
 * JSON_STRING} gives) for every Variant type Flink renders.
 */
class VariantFieldConditionTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()),
                                    DataTypes.FIELD(
                                            "r",
                                            DataTypes.ROW(
                                                    DataTypes.FIELD("w", DataTypes.VARIANT()))))
                            .getLogicalType();

    private static final VariantBuilder B = Variant.newBuilder();

    private static final FieldReferenceExpression V =
            new FieldReferenceExpression("v", DataTypes.VARIANT(), 0, 1);

    private static CallExpression call(BuiltInFunctionDefinition f, ResolvedExpression... args) {
        return CallExpression.permanent(
                f,
                List.of(args),
                f == BuiltInFunctionDefinitions.AT
                        ? DataTypes.VARIANT()
                        : f == BuiltInFunctionDefinitions.JSON_STRING
                                ? DataTypes.STRING()
                                : DataTypes.BOOLEAN());
    }

    /** {@code v['a']['b']...}, as Flink offers it. */
    private static ResolvedExpression at(String... keys) {
        ResolvedExpression e = V;
        for (String key : keys) {
            e = call(BuiltInFunctionDefinitions.AT, e, new ValueLiteralExpression(key));
        }
        return e;
    }

    private static ResolvedExpression jsonString(ResolvedExpression e) {
        return call(BuiltInFunctionDefinitions.JSON_STRING, e);
    }

    private static ResolvedExpression text(String s) {
        return new ValueLiteralExpression(s, DataTypes.STRING().notNull());
    }

    private static FilterTranslation translate(ResolvedExpression conjunct) {
        return FilterTranslation.translate(List.of(conjunct), TYPE, List.of());
    }

    /** The prune-only predicate of {@code conjunct}, which must remain with Flink. */
    private static Optional<Predicate> pruning(ResolvedExpression conjunct) {
        FilterTranslation t = translate(conjunct);
        assertThat(t.accepted()).isEmpty();
        assertThat(t.exact()).isEmpty();
        assertThat(t.remaining()).containsExactly(conjunct);
        return t.pruneOnly();
    }

    private static Ternary eval(Predicate p, Variant v) {
        return BoundPredicate.bind(p, ColumnResolver.of(TYPE))
                .evaluate(GenericRowData.of(1, v, null), SlotValues.none());
    }

    private static Variant object(String key, Variant value) {
        return B.object().add(key, value).build();
    }

    @Test
    void nullChecksOnFieldsPruneByTheFieldsNullness() {
        ResolvedExpression isNull = call(BuiltInFunctionDefinitions.IS_NULL, at("a", "b"));
        assertThat(pruning(isNull)).contains(new IsNull(ColumnRef.of("v", "a", "b")));
        ResolvedExpression notNull =
                call(BuiltInFunctionDefinitions.IS_NOT_NULL, jsonString(at("a")));
        assertThat(pruning(notNull)).contains(new IsNotNull(ColumnRef.of("v", "a")));
        ResolvedExpression inRow =
                call(
                        BuiltInFunctionDefinitions.IS_NULL,
                        call(
                                BuiltInFunctionDefinitions.AT,
                                new FieldReferenceExpression(
                                        "r",
                                        DataTypes.ROW(DataTypes.FIELD("w", DataTypes.VARIANT())),
                                        0,
                                        2),
                                new ValueLiteralExpression("a")));
        // AT on a ROW is no variant field: nothing
        assertThat(translate(inRow).pruneOnly()).isEmpty();
    }

    @Test
    void equalitiesWithTheTextOfOneValueClassCompareTheValue() {
        ResolvedExpression eq42 =
                call(BuiltInFunctionDefinitions.EQUALS, jsonString(at("a")), text("42"));
        assertThat(pruning(eq42))
                .contains(Predicates.compare(ColumnRef.of("v", "a"), CompareOp.EQ, 42L));
        ResolvedExpression eqName =
                call(BuiltInFunctionDefinitions.EQUALS, text("\"n00150\""), jsonString(at("a")));
        assertThat(pruning(eqName))
                .contains(Predicates.compare(ColumnRef.of("v", "a"), CompareOp.EQ, "n00150"));
        ResolvedExpression eqTrue =
                call(BuiltInFunctionDefinitions.EQUALS, jsonString(at("a")), text("true"));
        assertThat(pruning(eqTrue))
                .contains(Predicates.compare(ColumnRef.of("v", "a"), CompareOp.EQ, true));
    }

    @Test
    void textsOfSeveralValueClassesAndOtherComparisonsOnlyNeedTheField() {
        IsNotNull present = new IsNotNull(ColumnRef.of("v", "a"));
        for (String other :
                List.of("4.2", "null", "\"2024-01-01\"", "\"QUJD\"", "\"\"", "-0", "{\"b\":1}")) {
            ResolvedExpression eq =
                    call(BuiltInFunctionDefinitions.EQUALS, jsonString(at("a")), text(other));
            assertThat(pruning(eq)).as(other).contains(present);
        }
        for (BuiltInFunctionDefinition op :
                List.of(
                        BuiltInFunctionDefinitions.NOT_EQUALS,
                        BuiltInFunctionDefinitions.GREATER_THAN,
                        BuiltInFunctionDefinitions.LIKE)) {
            ResolvedExpression c = call(op, jsonString(at("a")), text("42"));
            assertThat(pruning(c)).as(op.getName()).contains(present);
        }
    }

    @Test
    void integerIndexesAndNegationsTranslateToNothing() {
        ResolvedExpression index =
                call(
                        BuiltInFunctionDefinitions.IS_NULL,
                        call(
                                BuiltInFunctionDefinitions.AT,
                                V,
                                new ValueLiteralExpression(1, DataTypes.INT().notNull())));
        assertThat(pruning(index)).isEmpty();
        ResolvedExpression not =
                call(
                        BuiltInFunctionDefinitions.NOT,
                        call(BuiltInFunctionDefinitions.IS_NULL, at("a")));
        assertThat(pruning(not)).isEmpty();
    }

    /** One value of every Variant type Flink 2.3 renders, with values that render alike. */
    private static List<Variant> values() {
        List<Variant> values = new ArrayList<>();
        values.add(B.of((byte) 42));
        values.add(B.of((short) 42));
        values.add(B.of(42));
        values.add(B.of(42L));
        values.add(B.of(-7L));
        values.add(B.of(new BigDecimal("42.0")));
        values.add(B.of(new BigDecimal("42.00")));
        values.add(B.of(new BigDecimal("4.20")));
        values.add(B.of(new BigDecimal("12345678901234567890123")));
        values.add(B.of(42.0));
        values.add(B.of(4.2));
        values.add(B.of(4.2f));
        values.add(B.of(1e20));
        values.add(B.of(Double.NaN));
        values.add(B.of("42"));
        values.add(B.of("n00150"));
        values.add(B.of("a \"quoted\" \\ line\nbreak é"));
        values.add(B.of("2024-01-01"));
        values.add(B.of("2024-01-01T10:00:00"));
        values.add(B.of("QUJD"));
        values.add(B.of(""));
        values.add(B.of(true));
        values.add(B.of(false));
        values.add(B.ofNull());
        values.add(B.of(LocalDate.of(2024, 1, 1)));
        values.add(B.of(LocalDateTime.of(2024, 1, 1, 10, 0)));
        values.add(B.of(Instant.parse("2024-01-01T10:00:00Z")));
        values.add(B.of("ABC".getBytes(StandardCharsets.UTF_8)));
        values.add(B.object().add("b", B.of(1)).build());
        values.add(B.array().add(B.of(1)).build());
        return values;
    }

    @Test
    void everyEqualityPrunesSoundlyOnEveryValueFlinkRendersAsItsText() {
        List<Variant> values = values();
        Set<String> texts = new LinkedHashSet<>();
        for (Variant x : values) {
            texts.add(x.toJson());
        }
        int translatedToValues = 0;
        for (String text : texts) {
            ResolvedExpression eq =
                    call(BuiltInFunctionDefinitions.EQUALS, jsonString(at("a")), text(text));
            Predicate p = pruning(eq).orElseThrow();
            if (p instanceof Comparison) {
                translatedToValues++;
            }
            for (Variant x : values) {
                if (x.toJson().equals(text)) {
                    // Flink: TRUE on this row; pqx must not prune it
                    assertThat(eval(p, object("a", x)))
                            .as("JSON_STRING(v['a']) = '%s' on %s (%s)", text, x, x.getType())
                            .isEqualTo(Ternary.TRUE);
                }
            }
            // the field missing, or v NULL: Flink's answer is UNKNOWN, nothing to keep
        }
        assertThat(translatedToValues).isGreaterThanOrEqualTo(6);
    }
}
