package io.pqx.table.pushdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.predicate.Ternary;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.NestedFieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.TypeLiteralExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinition;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * What {@link FilterTranslation} accepts, what it leaves to Flink and what it prunes with, on
 * expressions of the forms Flink 2.3's planner pushes (observed: IN and BETWEEN arrive expanded,
 * comparisons with narrower integers and other decimals under a CAST, nested fields as {@link
 * NestedFieldReferenceExpression}); exactness is checked by evaluating the predicates on rows.
 */
class FilterTranslationTest {
    static final DataType ROW =
            DataTypes.ROW(
                    DataTypes.FIELD("i", DataTypes.INT()),
                    DataTypes.FIELD("ti", DataTypes.TINYINT()),
                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                    DataTypes.FIELD("f", DataTypes.FLOAT()),
                    DataTypes.FIELD("s", DataTypes.STRING()),
                    DataTypes.FIELD("c", DataTypes.CHAR(5)),
                    DataTypes.FIELD("de", DataTypes.DECIMAL(10, 2)),
                    DataTypes.FIELD("bo", DataTypes.BOOLEAN()),
                    DataTypes.FIELD("bin", DataTypes.BYTES()),
                    DataTypes.FIELD("ltz", DataTypes.TIMESTAMP_LTZ(3)),
                    DataTypes.FIELD("r", DataTypes.ROW(DataTypes.FIELD("x", DataTypes.INT()))),
                    DataTypes.FIELD("p", DataTypes.STRING()));
    static final RowType TYPE = (RowType) ROW.getLogicalType();

    static FieldReferenceExpression ref(String name) {
        int index = TYPE.getFieldNames().indexOf(name);
        return new FieldReferenceExpression(name, ROW.getChildren().get(index), 0, index);
    }

    static ValueLiteralExpression lit(Object value, DataType type) {
        return new ValueLiteralExpression(value, type.notNull());
    }

    static ValueLiteralExpression lit(int value) {
        return lit(value, DataTypes.INT());
    }

    static CallExpression call(BuiltInFunctionDefinition f, ResolvedExpression... args) {
        return CallExpression.permanent(f, Arrays.asList(args), DataTypes.BOOLEAN());
    }

    static CallExpression cast(ResolvedExpression e, DataType to) {
        return CallExpression.permanent(
                BuiltInFunctionDefinitions.CAST, List.of(e, new TypeLiteralExpression(to)), to);
    }

    static FilterTranslation translate(ResolvedExpression... conjuncts) {
        return FilterTranslation.translate(List.of(conjuncts), TYPE, List.of("p"));
    }

    static Predicate accepted(ResolvedExpression e) {
        FilterTranslation t = translate(e);
        assertThat(t.accepted()).as("accepted: %s", e).containsExactly(e);
        assertThat(t.remaining()).isEmpty();
        assertThat(t.pruneOnly()).isEmpty();
        return t.exact().orElseThrow();
    }

    static FilterTranslation remaining(ResolvedExpression e) {
        FilterTranslation t = translate(e);
        assertThat(t.remaining()).as("remaining: %s", e).containsExactly(e);
        assertThat(t.accepted()).isEmpty();
        assertThat(t.exact()).isEmpty();
        return t;
    }

    /** The predicate's value on a row with column {@code name} = {@code value}, others null. */
    static Ternary eval(Predicate p, String name, Object value) {
        GenericRowData row = new GenericRowData(TYPE.getFieldCount());
        row.setField(TYPE.getFieldNames().indexOf(name), value);
        return BoundPredicate.bind(p, ColumnResolver.of(TYPE)).evaluate(row, SlotValues.none());
    }

    @Test
    void acceptsComparisonsWithTheLiteralOnEitherSide() {
        assertThat(accepted(call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(5))))
                .isEqualTo(Predicates.equal("i", 5L));
        assertThat(accepted(call(BuiltInFunctionDefinitions.LESS_THAN, lit(5), ref("i"))))
                .isEqualTo(Predicates.greaterThan("i", 5L));
        assertThat(
                        accepted(
                                call(
                                        BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL,
                                        lit("b", DataTypes.STRING()),
                                        ref("s"))))
                .isEqualTo(Predicates.lessOrEqual("s", "b"));
    }

    @Test
    void movesOffGridLiteralsOntoTheColumnsValues() {
        BigDecimal half = new BigDecimal("18.5");
        // Flink: int_col < 18.5 holds for 18, as int_col <= 18 does
        Predicate lt =
                accepted(
                        call(
                                BuiltInFunctionDefinitions.LESS_THAN,
                                ref("i"),
                                lit(half, DataTypes.DECIMAL(3, 1))));
        assertThat(lt).isEqualTo(Predicates.lessOrEqual("i", 18L));
        Predicate eq =
                accepted(
                        call(
                                BuiltInFunctionDefinitions.EQUALS,
                                cast(ref("i"), DataTypes.DECIMAL(11, 1)),
                                lit(half, DataTypes.DECIMAL(11, 1))));
        assertThat(eval(eq, "i", 18)).isEqualTo(Ternary.FALSE);
        assertThat(eval(eq, "i", null)).isEqualTo(Ternary.UNKNOWN);
        Predicate ne =
                accepted(
                        call(
                                BuiltInFunctionDefinitions.NOT_EQUALS,
                                cast(ref("i"), DataTypes.DECIMAL(11, 1)),
                                lit(half, DataTypes.DECIMAL(11, 1))));
        assertThat(eval(ne, "i", Integer.MIN_VALUE)).isEqualTo(Ternary.TRUE);
        assertThat(eval(ne, "i", null)).isEqualTo(Ternary.UNKNOWN);
        assertThat(
                        accepted(
                                call(
                                        BuiltInFunctionDefinitions.LESS_THAN,
                                        ref("de"),
                                        lit(new BigDecimal("1.555"), DataTypes.DECIMAL(4, 3)))))
                .isEqualTo(Predicates.lessOrEqual("de", new BigDecimal("1.55")));
        assertThat(
                        accepted(
                                call(
                                        BuiltInFunctionDefinitions.GREATER_THAN,
                                        ref("de"),
                                        lit(new BigDecimal("1.555"), DataTypes.DECIMAL(4, 3)))))
                .isEqualTo(Predicates.greaterOrEqual("de", new BigDecimal("1.56")));
    }

    @Test
    void literalsBeyondTheColumnsRangeGiveTrueOrFalseButUnknownForNull() {
        ResolvedExpression ti = cast(ref("ti"), DataTypes.INT());
        Predicate never = accepted(call(BuiltInFunctionDefinitions.EQUALS, ti, lit(300)));
        Predicate always = accepted(call(BuiltInFunctionDefinitions.LESS_THAN, ti, lit(300)));
        Predicate notNever =
                accepted(
                        call(
                                BuiltInFunctionDefinitions.NOT,
                                call(BuiltInFunctionDefinitions.EQUALS, ti, lit(300))));
        for (byte v : new byte[] {Byte.MIN_VALUE, 0, Byte.MAX_VALUE}) {
            assertThat(eval(never, "ti", v)).isEqualTo(Ternary.FALSE);
            assertThat(eval(always, "ti", v)).isEqualTo(Ternary.TRUE);
            assertThat(eval(notNever, "ti", v)).isEqualTo(Ternary.TRUE);
        }
        assertThat(eval(never, "ti", null)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(always, "ti", null)).isEqualTo(Ternary.UNKNOWN);
        assertThat(eval(notNever, "ti", null)).isEqualTo(Ternary.UNKNOWN);
    }

    @Test
    void doublesRemainAndPruneWithNonStrictComparisons() {
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.EQUALS,
                                                ref("d"),
                                                lit(0.0, DataTypes.DOUBLE())))
                                .pruneOnly())
                .contains(Predicates.equal("d", 0.0));
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.LESS_THAN,
                                                ref("d"),
                                                lit(1.5, DataTypes.DOUBLE())))
                                .pruneOnly())
                .contains(Predicates.lessOrEqual("d", 1.5));
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.GREATER_THAN,
                                                lit(1.5, DataTypes.DOUBLE()),
                                                ref("d")))
                                .pruneOnly())
                .contains(Predicates.lessOrEqual("d", 1.5));
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.EQUALS,
                                                cast(ref("f"), DataTypes.DOUBLE()),
                                                lit(1.5, DataTypes.DOUBLE())))
                                .pruneOnly())
                .contains(Predicates.equal("f", 1.5));
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.NOT_EQUALS,
                                                ref("d"),
                                                lit(1.5, DataTypes.DOUBLE())))
                                .pruneOnly())
                .contains(Predicates.isNotNull("d"));
        // NaN is no literal pqx has, and a NOT of a weakening is no weakening
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.EQUALS,
                                                ref("d"),
                                                lit(Double.NaN, DataTypes.DOUBLE())))
                                .pruneOnly())
                .isEmpty();
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.NOT,
                                                call(
                                                        BuiltInFunctionDefinitions.EQUALS,
                                                        ref("d"),
                                                        lit(1.5, DataTypes.DOUBLE()))))
                                .pruneOnly())
                .isEmpty();
    }

    @Test
    void aConjunctionWithADoubleRemainsAndPrunesByItsParts() {
        ResolvedExpression e =
                call(
                        BuiltInFunctionDefinitions.AND,
                        call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(5)),
                        call(
                                BuiltInFunctionDefinitions.EQUALS,
                                call(BuiltInFunctionDefinitions.UPPER, ref("s")),
                                lit("A", DataTypes.STRING())),
                        call(
                                BuiltInFunctionDefinitions.GREATER_THAN,
                                ref("d"),
                                lit(1.5, DataTypes.DOUBLE())));
        assertThat(remaining(e).pruneOnly())
                .contains(
                        Predicates.and(
                                Predicates.equal("i", 5L), Predicates.greaterOrEqual("d", 1.5)));
        ResolvedExpression or =
                call(
                        BuiltInFunctionDefinitions.OR,
                        call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(5)),
                        call(
                                BuiltInFunctionDefinitions.EQUALS,
                                call(BuiltInFunctionDefinitions.UPPER, ref("s")),
                                lit("A", DataTypes.STRING())));
        assertThat(remaining(or).pruneOnly()).isEmpty();
    }

    @Test
    void functionsUnsafeCastsCharAndNullLiteralsRemain() {
        assertThat(
                        remaining(
                                        call(
                                                BuiltInFunctionDefinitions.EQUALS,
                                                cast(ref("i"), DataTypes.STRING()),
                                                lit("1", DataTypes.STRING())))
                                .pruneOnly())
                .isEmpty();
        remaining(
                call(BuiltInFunctionDefinitions.EQUALS, cast(ref("de"), DataTypes.INT()), lit(1)));
        remaining(
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        cast(ref("c"), DataTypes.VARCHAR(5)),
                        lit("ab", DataTypes.VARCHAR(5))));
        remaining(call(BuiltInFunctionDefinitions.LIKE, ref("c"), lit("a%", DataTypes.CHAR(2))));
        remaining(
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        ref("i"),
                        new ValueLiteralExpression(null, DataTypes.INT())));
        remaining(
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        ref("i"),
                        cast(ref("ti"), DataTypes.INT())));
        // a floating-point literal makes Flink compare in floating point: inexact for DECIMAL
        remaining(call(BuiltInFunctionDefinitions.EQUALS, ref("de"), lit(0.1, DataTypes.DOUBLE())));
        // TIMESTAMP_LTZ against a TIMESTAMP literal depends on the session time zone
        remaining(
                call(
                        BuiltInFunctionDefinitions.GREATER_THAN,
                        ref("ltz"),
                        lit(LocalDateTime.of(2024, 1, 1, 0, 0), DataTypes.TIMESTAMP(0))));
        accepted(
                call(
                        BuiltInFunctionDefinitions.GREATER_THAN,
                        ref("ltz"),
                        lit(Instant.EPOCH, DataTypes.TIMESTAMP_LTZ(3))));
        // a reference that is not the field of that index in this row type
        remaining(
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        new FieldReferenceExpression("x", DataTypes.INT(), 0, 0),
                        lit(1)));
    }

    @Test
    void likeOnlyAsAPrefixWithoutEscape() {
        assertThat(
                        accepted(
                                call(
                                        BuiltInFunctionDefinitions.LIKE,
                                        ref("s"),
                                        lit("ab%", DataTypes.CHAR(3)))))
                .isEqualTo(Predicates.startsWith("s", "ab"));
        remaining(call(BuiltInFunctionDefinitions.LIKE, ref("s"), lit("a_b%", DataTypes.CHAR(4))));
        remaining(call(BuiltInFunctionDefinitions.LIKE, ref("s"), lit("%b", DataTypes.CHAR(2))));
        remaining(call(BuiltInFunctionDefinitions.LIKE, ref("s"), lit("ab", DataTypes.CHAR(2))));
        remaining(
                call(
                        BuiltInFunctionDefinitions.LIKE,
                        ref("s"),
                        lit("a%", DataTypes.CHAR(2)),
                        lit("\\", DataTypes.CHAR(1))));
    }

    @Test
    void equalitiesOnOneColumnBecomeAnInList() {
        ResolvedExpression in =
                call(
                        BuiltInFunctionDefinitions.OR,
                        call(
                                BuiltInFunctionDefinitions.OR,
                                call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(1)),
                                call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(2))),
                        call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(3)));
        assertThat(accepted(in)).isEqualTo(Predicates.in("i", 1L, 2L, 3L));
        assertThat(
                        accepted(
                                call(
                                        BuiltInFunctionDefinitions.IN,
                                        ref("s"),
                                        lit("a", DataTypes.STRING()),
                                        lit("b", DataTypes.STRING()))))
                .isEqualTo(Predicates.in("s", "a", "b"));
        assertThat(accepted(call(BuiltInFunctionDefinitions.BETWEEN, ref("i"), lit(1), lit(5))))
                .isEqualTo(
                        Predicates.and(
                                Predicates.greaterOrEqual("i", 1L),
                                Predicates.lessOrEqual("i", 5L)));
    }

    @Test
    void nestedFieldsBooleansBinariesAndNullChecks() {
        NestedFieldReferenceExpression rx =
                new NestedFieldReferenceExpression(
                        new String[] {"r", "x"}, new int[] {10, 0}, DataTypes.INT());
        assertThat(accepted(call(BuiltInFunctionDefinitions.EQUALS, rx, lit(5))))
                .hasToString("r.x = 5");
        assertThat(accepted(ref("bo"))).isEqualTo(Predicates.equal("bo", true));
        Predicate notBo = accepted(call(BuiltInFunctionDefinitions.NOT, ref("bo")));
        assertThat(eval(notBo, "bo", false)).isEqualTo(Ternary.TRUE);
        assertThat(eval(notBo, "bo", null)).isEqualTo(Ternary.UNKNOWN);
        accepted(
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        ref("bin"),
                        lit(new byte[] {1}, DataTypes.BYTES())));
        remaining(
                call(
                        BuiltInFunctionDefinitions.LESS_THAN,
                        ref("bin"),
                        lit(new byte[] {1}, DataTypes.BYTES())));
        // Flink answers "bin IS NULL OR bin = X''" FALSE for an empty value: left to Flink
        remaining(
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        ref("bin"),
                        lit(new byte[0], DataTypes.BYTES())));
        remaining(
                call(
                        BuiltInFunctionDefinitions.OR,
                        call(BuiltInFunctionDefinitions.IS_NULL, ref("bin")),
                        call(
                                BuiltInFunctionDefinitions.EQUALS,
                                ref("bin"),
                                lit(new byte[0], DataTypes.BYTES()))));
        assertThat(accepted(call(BuiltInFunctionDefinitions.IS_NULL, ref("p"))))
                .isEqualTo(Predicates.isNull("p"));
        assertThat(accepted(call(BuiltInFunctionDefinitions.IS_NOT_NULL, ref("d"))))
                .isEqualTo(Predicates.isNotNull("d"));
    }

    @Test
    void sortsConjunctsInOrderAndAndsTheAcceptedOnes() {
        ResolvedExpression a = call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(1));
        ResolvedExpression b =
                call(BuiltInFunctionDefinitions.EQUALS, ref("d"), lit(1.0, DataTypes.DOUBLE()));
        ResolvedExpression c = call(BuiltInFunctionDefinitions.IS_NULL, ref("s"));
        FilterTranslation t = translate(a, b, c);
        assertThat(t.accepted()).containsExactly(a, c);
        // one conjunct remains, so all do: Flink evaluates the condition it would without pqx
        assertThat(t.remaining()).containsExactly(a, b, c);
        assertThat(t.exact())
                .contains(Predicates.and(Predicates.equal("i", 1L), Predicates.isNull("s")));
        assertThat(t.pruneOnly()).contains(Predicates.equal("d", 1.0));
        // Flink tells scans apart by what they accept: the pruning conjunct is listed too
        assertThat(t.pushed()).containsExactly(a, b, c);
    }

    @Test
    void aConjunctThatNeitherFilterNorPrunesIsNotHandedToFlinkAsAccepted() {
        ResolvedExpression a = call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(1));
        ResolvedExpression upper =
                call(
                        BuiltInFunctionDefinitions.EQUALS,
                        call(BuiltInFunctionDefinitions.UPPER, ref("s")),
                        lit("A", DataTypes.STRING()));
        FilterTranslation t = translate(a, upper);
        assertThat(t.accepted()).containsExactly(a);
        assertThat(t.remaining()).containsExactly(a, upper);
        assertThat(t.pruneOnly()).isEmpty();
        assertThat(t.pushed()).containsExactly(a);
    }

    @Test
    void whenAnyConjunctRemainsFlinkIsHandedTheWholeConditionNotAPartItWouldRewriteAlone() {
        // Flink's planner turns the remaining d >= 0 AND d <= 0.0 alone into d = 0, FALSE for
        // -0.0 in its run time; beside de IS NOT NULL it keeps the ranges, TRUE for -0.0
        ResolvedExpression low =
                call(
                        BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL,
                        ref("d"),
                        lit(0.0, DataTypes.DOUBLE()));
        ResolvedExpression high =
                call(
                        BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL,
                        ref("d"),
                        lit(0.0, DataTypes.DOUBLE()));
        ResolvedExpression known = call(BuiltInFunctionDefinitions.IS_NOT_NULL, ref("i"));
        FilterTranslation t = translate(low, high, known);
        assertThat(t.accepted()).containsExactly(known);
        assertThat(t.remaining()).containsExactly(low, high, known);
        assertThat(t.exact()).contains(Predicates.isNotNull("i"));
        assertThat(t.pruneOnly()).isPresent();

        // nothing remains when pqx evaluates every conjunct
        FilterTranslation all = translate(known);
        assertThat(all.remaining()).isEmpty();
        assertThat(all.accepted()).containsExactly(known);
    }

    static final String REPLACEMENT = "\uFFFD";
    static final String EMOJI = "\uD83D\uDE00";

    static ResolvedExpression s(BuiltInFunctionDefinition f, String literal) {
        return call(f, ref("s"), lit(literal, DataTypes.STRING()));
    }

    @Test
    void stringLiteralsFlinksPlannerOrdersOtherwiseThanItsRunTimeRemainAndPruneNothing() {
        // Flink's planner orders U+FFFD above the emoji (UTF-16), its run time below (UTF-8), and
        // turns s IN (U+FFFD) OR s > emoji into s > emoji, which no U+FFFD row satisfies
        ResolvedExpression either =
                call(
                        BuiltInFunctionDefinitions.OR,
                        s(BuiltInFunctionDefinitions.EQUALS, REPLACEMENT),
                        s(BuiltInFunctionDefinitions.GREATER_THAN, EMOJI));
        FilterTranslation t = remaining(either);
        assertThat(t.pruneOnly()).isEmpty();
        assertThat(t.pushed()).isEmpty();

        // the planner merges conjuncts on one column too; a conjunct without strings is kept
        ResolvedExpression low = s(BuiltInFunctionDefinitions.LESS_THAN, REPLACEMENT);
        ResolvedExpression high = s(BuiltInFunctionDefinitions.GREATER_THAN, EMOJI);
        ResolvedExpression i = call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(1));
        FilterTranslation both = translate(low, high, i);
        assertThat(both.accepted()).containsExactly(i);
        assertThat(both.remaining()).containsExactly(low, high, i);
        assertThat(both.pruneOnly()).isEmpty();
        assertThat(both.pushed()).containsExactly(i);
    }

    @Test
    void aStringLiteralOfU_E000_U_FFFFOrBeyondU_FFFFRemainsEvenAlone() {
        // Flink 2.3 answered s BETWEEN 'ab\nc' AND U+FFFD TRUE for an emoji value (UTF-16's
        // order), where pqx compares UTF-8 (seed 38856605394905, clause 699)
        for (String literal : List.of(REPLACEMENT, EMOJI, "x\uE000")) {
            ResolvedExpression c = s(BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL, literal);
            FilterTranslation t = remaining(c);
            assertThat(t.pruneOnly()).as(literal).isEmpty();
            assertThat(t.pushed()).as(literal).isEmpty();
        }
    }

    @Test
    void stringLiteralsBelowU_E000AreAccepted() {
        ResolvedExpression either =
                call(
                        BuiltInFunctionDefinitions.OR,
                        s(BuiltInFunctionDefinitions.EQUALS, "\u00e9"),
                        s(BuiltInFunctionDefinitions.GREATER_THAN, "\u4e2d"),
                        s(BuiltInFunctionDefinitions.LESS_THAN, "b"));
        Predicate p = accepted(either);
        assertThat(eval(p, "s", StringData.fromString("\u00e9"))).isEqualTo(Ternary.TRUE);
        assertThat(eval(p, "s", StringData.fromString("\u4e2e"))).isEqualTo(Ternary.TRUE);
        assertThat(eval(p, "s", StringData.fromString("a"))).isEqualTo(Ternary.TRUE);
        assertThat(eval(p, "s", StringData.fromString("c"))).isEqualTo(Ternary.FALSE);
    }
}
