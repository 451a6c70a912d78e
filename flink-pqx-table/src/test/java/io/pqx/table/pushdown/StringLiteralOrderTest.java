package io.pqx.table.pushdown;

import static io.pqx.table.pushdown.FilterTranslationTest.call;
import static io.pqx.table.pushdown.FilterTranslationTest.lit;
import static io.pqx.table.pushdown.FilterTranslationTest.ref;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.junit.jupiter.api.Test;

/** When {@link StringLiteralOrder} finds a filter's string literals ordered alike. */
class StringLiteralOrderTest {
    static ResolvedExpression in(String... values) {
        ResolvedExpression[] args = new ResolvedExpression[values.length + 1];
        args[0] = ref("s");
        for (int k = 0; k < values.length; k++) {
            args[k + 1] = lit(values[k], DataTypes.STRING());
        }
        return call(BuiltInFunctionDefinitions.IN, args);
    }

    static BinaryStringData utf8(String s) {
        return BinaryStringData.fromBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theOrdersDisagreeBetweenU_E000_U_FFFFAndCharactersBeyondU_FFFF() {
        // the premise: Java's String order (the planner's) and Flink's run-time order of a value
        // read from a file (its UTF-8 bytes) disagree
        assertThat("\uFFFD".compareTo("\uD83D\uDE00")).isPositive();
        assertThat(utf8("\uFFFD").compareTo(utf8("\uD83D\uDE00"))).isNegative();
        assertThat(StringLiteralOrder.agrees(List.of(in("B", "\uFFFD", "\uD83D\uDE00")))).isFalse();
        assertThat(StringLiteralOrder.agrees(List.of(in("x\uE000"), in("x\uD83D\uDE00"))))
                .isFalse();
    }

    @Test
    void otherLiteralsAgree() {
        assertThat(StringLiteralOrder.agrees(List.of(in("", "a", "\u00e9", "\u4e2d", "ab\nc"))))
                .isTrue();
        // equal literals, and literals that are no strings
        assertThat(
                        StringLiteralOrder.agrees(
                                List.of(
                                        in("\u00e9", "\u00e9"),
                                        call(
                                                BuiltInFunctionDefinitions.EQUALS,
                                                ref("i"),
                                                lit(65533)))))
                .isTrue();
    }

    @Test
    void aLiteralThatValuesOfTheOtherKindOrderOtherwiseDisagreesAlone() {
        // a column's values may hold the other kind: an emoji value against U+FFFD, or the reverse
        assertThat(StringLiteralOrder.agrees(List.of(in("\uFFFD")))).isFalse();
        assertThat(StringLiteralOrder.agrees(List.of(in("x\uE000", "ab\nc")))).isFalse();
        assertThat(StringLiteralOrder.agrees(List.of(in("\uD83D\uDE00")))).isFalse();
        assertThat(StringLiteralOrder.agrees(List.of(in("\uD7FF")))).isTrue();
    }

    @Test
    void anUnpairedSurrogateDisagrees() {
        assertThat(StringLiteralOrder.agrees(List.of(in("a\uD83D")))).isFalse();
        assertThat(StringLiteralOrder.agrees(List.of(in("\uDE00b")))).isFalse();
    }

    @Test
    void findsStringLiterals() {
        assertThat(StringLiteralOrder.hasString(in("a"))).isTrue();
        assertThat(
                        StringLiteralOrder.hasString(
                                call(BuiltInFunctionDefinitions.EQUALS, ref("i"), lit(1))))
                .isFalse();
    }
}
