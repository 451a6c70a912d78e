package io.pqx.format.predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.flink.types.variant.Variant;
import org.apache.flink.types.variant.VariantBuilder;
import org.junit.jupiter.api.Test;

/**
 * Predicates on fields of a VARIANT column, evaluated on Variant values: a field compares only when
 * its Variant type is of the literal's class; a missing field, a Variant null, a non-object and a
 * value of another type are UNKNOWN; IS NULL holds for a missing field only, as in Flink.
 */
class VariantFieldValuesTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    private static RowData row(String json) {
        try {
            return GenericRowData.of(
                    1, json == null ? null : BinaryVariantInternalBuilder.parseJson(json, false));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Ternary eval(Predicate p, String json) {
        BoundPredicate bound = BoundPredicate.bind(p, ColumnResolver.of(TYPE));
        return bound.evaluate(row(json), SlotValues.none());
    }

    private static Predicate eq(String column, Object value) {
        return Predicates.equal(column, value);
    }

    @Test
    void integersAndDecimalsCompareNumericallyWhateverTheirWidth() {
        assertThat(eval(eq("v.a", 42), "{\"a\": 42}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.a", 42L), "{\"a\": 42}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.a", new BigDecimal("42.00")), "{\"a\": 42}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.a", 42), "{\"a\": 42.0}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.a", 5_000_000_000L), "{\"a\": 5000000000}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.lessThan("v.a", 1000), "{\"a\": 300}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.greaterThan("v.a", 1000), "{\"a\": 300}"))
                .isEqualTo(Ternary.FALSE);
        assertThat(eval(Predicates.notEqual("v.a", 42), "{\"a\": 43}")).isEqualTo(Ternary.TRUE);
    }

    @Test
    void stringsBooleansAndDatesCompareWithTheirOwnClass() {
        assertThat(eval(eq("v.s", "x"), "{\"s\": \"x\"}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.lessThan("v.s", "b"), "{\"s\": \"a\"}")).isEqualTo(Ternary.TRUE);
        // by UTF-8 bytes, as Parquet's statistics order strings
        assertThat(eval(Predicates.greaterThan("v.s", "\uffff"), "{\"s\": \"\ud83d\ude00\"}"))
                .isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.b", true), "{\"b\": true}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.b", true), "{\"b\": false}")).isEqualTo(Ternary.FALSE);
        VariantBuilder builder = Variant.newBuilder();
        GenericRowData dated =
                GenericRowData.of(
                        1, builder.object().add("d", builder.of(LocalDate.of(2024, 1, 2))).build());
        BoundPredicate date =
                BoundPredicate.bind(eq("v.d", LocalDate.of(2024, 1, 2)), ColumnResolver.of(TYPE));
        assertThat(date.evaluate(dated, SlotValues.none())).isEqualTo(Ternary.TRUE);
    }

    @Test
    void aMissingNullMismatchedOrNonObjectFieldIsUnknown() {
        Predicate p = eq("v.a", 42);
        assertThat(eval(p, "{\"b\": 42}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "{\"a\": null}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "{\"a\": \"42\"}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "{\"a\": true}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "{\"a\": 42.5e0}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "{\"a\": [42]}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "42")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, "null")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(p, null)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(Predicates.not(p), "{\"a\": \"42\"}")).isEqualTo(Ternary.UNKNOWN);
    }

    @Test
    void isNullHoldsForMissingFieldsOnlyAsFlinksItemDoes() {
        assertThat(eval(Predicates.isNull("v.a"), "{\"b\": 1}")).isEqualTo(Ternary.TRUE);
        // a Variant null is a present field: v['a'] IS NULL is FALSE for it in Flink too
        assertThat(eval(Predicates.isNull("v.a"), "{\"a\": null}")).isEqualTo(Ternary.FALSE);
        assertThat(eval(Predicates.isNull("v.a"), "7")).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.isNull("v.a"), null)).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.isNull("v.a"), "{\"a\": \"x\"}")).isEqualTo(Ternary.FALSE);
        assertThat(eval(Predicates.isNotNull("v.a"), "{\"a\": [1]}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(Predicates.isNotNull("v.a"), "{\"a\": null}")).isEqualTo(Ternary.TRUE);
    }

    @Test
    void nestedPathsWalkObjects() {
        assertThat(eval(eq("v.a.b", 1), "{\"a\": {\"b\": 1}}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(eq("v.a.b", 1), "{\"a\": 1}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(Predicates.isNull("v.a.b"), "{\"a\": [1]}")).isEqualTo(Ternary.TRUE);
    }

    @Test
    void inIsAnOrOfEqualities() {
        Predicate in = Predicates.in("v.a", 1, 2, "x");
        assertThat(eval(in, "{\"a\": 2}")).isEqualTo(Ternary.TRUE);
        assertThat(eval(in, "{\"a\": \"x\"}")).isEqualTo(Ternary.TRUE);
        // FALSE for the numbers, UNKNOWN for the string: UNKNOWN
        assertThat(eval(in, "{\"a\": 3}")).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(Predicates.in("v.a", 1, 2), "{\"a\": 3}")).isEqualTo(Ternary.FALSE);
        assertThat(eval(Predicates.in("v.a", 1, 2), "{\"a\": true}")).isEqualTo(Ternary.UNKNOWN);
    }

    @Test
    void theBatchMaskAgreesWithRowEvaluation() {
        BoundPredicate bound =
                BoundPredicate.bind(
                        Predicates.or(eq("v.a", 1), Predicates.isNull("v.a")),
                        ColumnResolver.of(TYPE));
        assertThat(bound.test(row("{\"a\": 1}"), SlotValues.none())).isTrue();
        assertThat(bound.test(row("{\"a\": 2}"), SlotValues.none())).isFalse();
        assertThat(bound.test(row("{\"a\": \"1\"}"), SlotValues.none())).isFalse();
        assertThat(bound.test(row("{\"b\": 2}"), SlotValues.none())).isTrue();
    }

    @Test
    void refusesLiteralsAndPredicatesNoVariantValueCompares() {
        ColumnResolver resolver = ColumnResolver.of(TYPE);
        assertThatThrownBy(() -> BoundPredicate.bind(eq("v.a", 1.5d), resolver))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("v.a")
                .hasMessageContaining("Double");
        assertThatThrownBy(() -> BoundPredicate.bind(Predicates.startsWith("v.a", "x"), resolver))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("VARIANT");
        assertThatThrownBy(() -> BoundPredicate.bind(Predicates.isNull("v"), resolver))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(resolver.resolve(ColumnRef.parse("v.a.b")).variantPath())
                .isEqualTo(List.of("a", "b"));
    }
}
