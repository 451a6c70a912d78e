package io.pqx.table.pushdown;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.types.logical.LogicalTypeFamily;

/**
 * Whether Flink's planner orders the string literals of a filter as Flink's run time does.
 *
 * <p>Flink compares STRING values at run time by their UTF-8 bytes, unsigned (as pqx does), but its
 * planner (Calcite) reasons about string literals at plan time in Java's UTF-16 order: it merges
 * {@code s IN (...)}, {@code BETWEEN} and comparisons on one column into ranges, drops points it
 * finds inside a range, and folds ranges it finds empty or complete. The two orders disagree when
 * one string has a character of U+E000..U+FFFF (such as U+FFFD) where the other has one beyond
 * U+FFFF (such as an emoji, a surrogate pair in UTF-16): then {@code s IN (U+FFFD) OR s > emoji}
 * becomes {@code s > emoji} in Flink's plan, which no U+FFFD row satisfies at run time. What Flink
 * answers then depends on how its planner rewrote the filter, which pqx cannot see; when the
 * literals are ordered alike in both orders, every such rewrite gives the answer of the filter as
 * written. A string with an unpaired surrogate (which has no UTF-8 form) counts as disordered too.
 *
 * <p>The same disagreement holds between a literal and the values of a column: a literal with a
 * character of U+E000..U+FFFF or beyond U+FFFF lies on the other side of some values in one order
 * than in the other, and Flink 2.3 answered {@code s BETWEEN 'ab\nc' AND U+FFFD} TRUE for an emoji
 * value, as UTF-16 orders them. Such a literal counts as disordered however the literals compare
 * among themselves.
 */
final class StringLiteralOrder {
    private StringLiteralOrder() {}

    /**
     * Whether the string literals anywhere in {@code expressions} are in the same order (and equal
     * alike) by Java's {@link String#compareTo} and by their UTF-8 bytes, unsigned.
     */
    static boolean agrees(List<ResolvedExpression> expressions) {
        List<String> strings = new ArrayList<>();
        for (ResolvedExpression e : expressions) {
            collect(e, strings);
        }
        for (String s : strings) {
            if (hasUnpairedSurrogate(s) || hasCharacterOrderedOtherwise(s)) {
                return false;
            }
        }
        // both are total orders: they agree on every pair when the one sorts the other's sequence
        strings.sort(String::compareTo);
        for (int k = 1; k < strings.size(); k++) {
            if (Arrays.compareUnsigned(utf8(strings.get(k - 1)), utf8(strings.get(k))) > 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code e} holds a string literal anywhere. */
    static boolean hasString(ResolvedExpression e) {
        List<String> strings = new ArrayList<>();
        collect(e, strings);
        return !strings.isEmpty();
    }

    private static void collect(ResolvedExpression e, List<String> out) {
        if (e instanceof ValueLiteralExpression v
                && !v.isNull()
                && v.getOutputDataType().getLogicalType().is(LogicalTypeFamily.CHARACTER_STRING)) {
            v.getValueAs(String.class).ifPresent(out::add);
        }
        for (ResolvedExpression child : e.getResolvedChildren()) {
            collect(child, out);
        }
    }

    /** Whether {@code s} has a character of U+E000..U+FFFF or beyond U+FFFF (a surrogate pair). */
    private static boolean hasCharacterOrderedOtherwise(String s) {
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c >= '\uE000' || Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasUnpairedSurrogate(String s) {
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (Character.isHighSurrogate(c)
                    && k + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(k + 1))) {
                k++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
