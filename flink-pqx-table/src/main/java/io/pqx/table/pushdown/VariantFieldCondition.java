package io.pqx.table.pushdown;

import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.IsNotNull;
import io.pqx.format.predicate.IsNull;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.Variant;

/**
 * Weakenings, for pruning only, of Flink conditions on a field inside a VARIANT column, as Flink
 * offers them when {@code io.pqx.table.PqxModule} is loaded: {@code v['a']['b']} is {@code AT(AT(v,
 * 'a'), 'b')}, the pqx field path {@code v.a.b}. Each predicate returned is TRUE on every row where
 * Flink's answer is TRUE (Flink fails the query on a row where a key is applied to a value that is
 * not an object, so such rows never count):
 *
 * <ul>
 *   <li>{@code path IS NULL} and {@code JSON_STRING(path) IS NULL}: pqx's {@code IS NULL} on the
 *       field (TRUE when the variant is NULL or the field is missing, as Flink's);
 *   <li>{@code path IS NOT NULL}, {@code JSON_STRING(path) IS NOT NULL}: pqx's {@code IS NOT NULL}
 *       (a field holding a Variant null is present in both);
 *   <li>{@code JSON_STRING(path) = 'text'} (either side): pqx's equality with the one value class
 *       every Variant value rendered as that text belongs to, by Flink 2.3's {@code toJson}: an
 *       integer text ({@code 42}) is an integer or a decimal of that value (a decimal renders
 *       stripped of trailing zeros: {@code 42.0} renders {@code 42}), which pqx's numeric equality
 *       covers; {@code true}/{@code false} a boolean; a JSON string text a string, unless the text
 *       inside could also be a date or timestamp (starts with a digit or a sign) or a binary
 *       (Base64-shaped), or is not exactly how Flink renders that string;
 *   <li>any other comparison, {@code LIKE} or equality with a JSON_STRING: {@code IS NOT NULL},
 *       since it is TRUE only where {@code JSON_STRING} is not NULL, i.e. the field is present (a
 *       decimal text such as {@code 4.2} is also a float's or double's rendering, {@code null} a
 *       Variant null's, which pqx's equality does not cover).
 * </ul>
 *
 * Anything else (integer indexes into arrays, keys that are not plain string literals) translates
 * to nothing.
 */
final class VariantFieldCondition {
    private static final Pattern INTEGER_TEXT = Pattern.compile("-?(0|[1-9][0-9]*)");
    private static final Pattern BASE64_SHAPED = Pattern.compile("[A-Za-z0-9+/]*={0,2}");
    private static final Set<FunctionDefinition> COMPARISONS =
            Set.of(
                    BuiltInFunctionDefinitions.EQUALS,
                    BuiltInFunctionDefinitions.NOT_EQUALS,
                    BuiltInFunctionDefinitions.LESS_THAN,
                    BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL,
                    BuiltInFunctionDefinitions.GREATER_THAN,
                    BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL,
                    BuiltInFunctionDefinitions.LIKE);

    private VariantFieldCondition() {}

    /** A predicate TRUE wherever Flink's answer to {@code call} is TRUE, if one is known. */
    static Optional<Predicate> weak(CallExpression call, RowType rowType) {
        FunctionDefinition f = call.getFunctionDefinition();
        List<ResolvedExpression> args = call.getResolvedChildren();
        if ((f == BuiltInFunctionDefinitions.IS_NULL || f == BuiltInFunctionDefinitions.IS_NOT_NULL)
                && args.size() == 1) {
            ResolvedExpression operand = args.get(0);
            Optional<ColumnRef> field =
                    fieldPath(operand, rowType).or(() -> jsonStringOf(operand, rowType));
            return field.map(
                    ref ->
                            f == BuiltInFunctionDefinitions.IS_NULL
                                    ? new IsNull(ref)
                                    : new IsNotNull(ref));
        }
        if (COMPARISONS.contains(f) && args.size() == 2) {
            boolean equals = f == BuiltInFunctionDefinitions.EQUALS;
            return compared(args.get(0), args.get(1), equals, rowType)
                    .or(() -> compared(args.get(1), args.get(0), equals, rowType));
        }
        return Optional.empty();
    }

    /** {@code JSON_STRING(field) op literal}, weakened (an equality made exact where known). */
    private static Optional<Predicate> compared(
            ResolvedExpression side, ResolvedExpression other, boolean equals, RowType rowType) {
        Optional<ColumnRef> field = jsonStringOf(side, rowType);
        if (field.isEmpty()
                || !(other instanceof ValueLiteralExpression literal)
                || literal.isNull()) {
            return Optional.empty();
        }
        Optional<String> text = literal.getValueAs(String.class);
        if (equals && text.isPresent()) {
            Optional<Object> value = renderedValue(text.get());
            if (value.isPresent()) {
                return Optional.of(Predicates.compare(field.get(), CompareOp.EQ, value.get()));
            }
        }
        return Optional.of(new IsNotNull(field.get()));
    }

    /**
     * The value whose pqx equality holds for every Variant value Flink renders as {@code text}, if
     * there is one (see the class comment).
     */
    static Optional<Object> renderedValue(String text) {
        if (INTEGER_TEXT.matcher(text).matches()) {
            BigDecimal value = new BigDecimal(text);
            if (!value.toPlainString().equals(text)) {
                return Optional.empty(); // -0: no value renders so
            }
            try {
                return Optional.of(value.longValueExact());
            } catch (ArithmeticException e) {
                return Optional.of(value); // a decimal's rendering, beyond BIGINT
            }
        }
        if (text.equals("true") || text.equals("false")) {
            return Optional.of(Boolean.parseBoolean(text));
        }
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            String inner = text.substring(1, text.length() - 1);
            return unescaped(inner)
                    .filter(s -> !s.isEmpty() && !mayRenderAnotherType(s))
                    .filter(s -> Variant.newBuilder().of(s).toJson().equals(text))
                    .map(Object.class::cast);
        }
        return Optional.empty();
    }

    /** Whether a date, timestamp or binary may render as this quoted text too. */
    private static boolean mayRenderAnotherType(String s) {
        char first = s.charAt(0);
        boolean dateOrTimestamp = Character.isDigit(first) || first == '+' || first == '-';
        boolean base64 = s.length() % 4 == 0 && BASE64_SHAPED.matcher(s).matches();
        return dateOrTimestamp || base64;
    }

    /**
     * The text of a JSON string's inside with its escapes undone; none when malformed. Whether it
     * is exactly Flink's rendering is checked against Flink's own {@code toJson} afterwards.
     */
    private static Optional<String> unescaped(String inner) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '"') {
                return Optional.empty();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (++i >= inner.length()) {
                return Optional.empty();
            }
            char e = inner.charAt(i);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (i + 4 >= inner.length()) {
                        return Optional.empty();
                    }
                    try {
                        out.append((char) Integer.parseInt(inner.substring(i + 1, i + 5), 16));
                    } catch (NumberFormatException ex) {
                        return Optional.empty();
                    }
                    i += 4;
                }
                default -> {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(out.toString());
    }

    /** The field under {@code JSON_STRING(path)}. */
    private static Optional<ColumnRef> jsonStringOf(ResolvedExpression e, RowType rowType) {
        if (e instanceof CallExpression call
                && call.getFunctionDefinition() == BuiltInFunctionDefinitions.JSON_STRING
                && call.getResolvedChildren().size() == 1) {
            return fieldPath(call.getResolvedChildren().get(0), rowType);
        }
        return Optional.empty();
    }

    /**
     * The pqx path of {@code AT(...AT(column, 'k1')..., 'kn')} over a VARIANT column (top level or
     * in a ROW): the column's path, then the keys.
     */
    static Optional<ColumnRef> fieldPath(ResolvedExpression e, RowType rowType) {
        List<String> keys = new ArrayList<>();
        ResolvedExpression at = e;
        while (at instanceof CallExpression call
                && call.getFunctionDefinition() == BuiltInFunctionDefinitions.AT
                && call.getResolvedChildren().size() == 2) {
            Optional<String> key = key(call.getResolvedChildren().get(1));
            if (key.isEmpty()) {
                return Optional.empty();
            }
            keys.add(0, key.get());
            at = call.getResolvedChildren().get(0);
        }
        if (keys.isEmpty()) {
            return Optional.empty();
        }
        return ColumnOperand.of(at, rowType)
                .filter(c -> c.type().getTypeRoot() == LogicalTypeRoot.VARIANT)
                .map(
                        c -> {
                            List<String> path = new ArrayList<>(c.ref().path());
                            path.addAll(keys);
                            return new ColumnRef(path);
                        });
    }

    /**
     * A key literal: a non-empty string not ending in a blank (Flink's key literal is a CHAR, whose
     * padding is not part of the key pqx looks up).
     */
    private static Optional<String> key(ResolvedExpression e) {
        if (!(e instanceof ValueLiteralExpression literal)
                || literal.isNull()
                || !(literal.getOutputDataType().getLogicalType().getTypeRoot()
                                == LogicalTypeRoot.CHAR
                        || literal.getOutputDataType().getLogicalType().getTypeRoot()
                                == LogicalTypeRoot.VARCHAR)) {
            return Optional.empty();
        }
        return literal.getValueAs(String.class).filter(s -> !s.isEmpty() && !s.endsWith(" "));
    }
}
