package io.pqx.table.pushdown;

import io.pqx.format.predicate.ColumnDomain;
import io.pqx.format.predicate.CompareOp;
import io.pqx.format.predicate.IsNotNull;
import io.pqx.format.predicate.Literal;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * {@code column <op> literal}, as Flink compares a column's (safely cast) value with a non-null
 * literal, put into pqx's terms: {@link #exact} is a predicate with the same three-valued answer on
 * every row; {@link #weak} one that is TRUE at least wherever Flink's is (for pruning only).
 *
 * <p>Exact for BOOLEAN, TINYINT..BIGINT and DECIMAL (by exact value: a literal off the column's
 * grid or range is rounded into it, {@code int_col < 18.5} becoming {@code int_col <= 18}), VARCHAR
 * (UTF-8 byte order, Flink's too), DATE, TIME, TIMESTAMP and TIMESTAMP_LTZ with a literal of the
 * column's own kind and precision, and BINARY/VARBINARY for {@code =} and {@code <>} with a
 * non-empty literal. Never exact for FLOAT/DOUBLE (Flink's evaluation paths disagree on NaN and
 * -0.0) and CHAR.
 */
final class ComparisonFit {
    private ComparisonFit() {}

    static Optional<Predicate> exact(ColumnOperand column, CompareOp op, Object value) {
        LogicalType type = column.type();
        LogicalTypeRoot root = type.getTypeRoot();
        switch (root) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL:
                return numeric(column, op, value);
            case BOOLEAN:
                return value instanceof Boolean ? checked(column, op, value) : Optional.empty();
            case VARCHAR:
                return value instanceof String ? checked(column, op, value) : Optional.empty();
            case BINARY, VARBINARY:
                // Flink 2.3 answers "bin IS NULL OR bin = X''" FALSE for an empty value (where
                // "bin = X''" alone is TRUE): an empty literal is left to Flink's own evaluation
                return value instanceof byte[] bytes
                                && bytes.length > 0
                                && (op == CompareOp.EQ || op == CompareOp.NE)
                        ? checked(column, op, value)
                        : Optional.empty();
            case DATE,
            TIME_WITHOUT_TIME_ZONE,
            TIMESTAMP_WITHOUT_TIME_ZONE,
            TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return checked(column, op, value);
            default:
                return Optional.empty();
        }
    }

    /**
     * A predicate TRUE wherever Flink's comparison is TRUE: the exact one where there is one; for
     * FLOAT/DOUBLE the comparison with strict orders made non-strict ({@code -0.0 < 0.0} may hold
     * in one of Flink's paths, never in pqx's domain) and {@code <>} as {@code IS NOT NULL}.
     */
    static Optional<Predicate> weak(ColumnOperand column, CompareOp op, Object value) {
        Optional<Predicate> exact = exact(column, op, value);
        if (exact.isPresent()) {
            return exact;
        }
        LogicalTypeRoot root = column.type().getTypeRoot();
        if (root != LogicalTypeRoot.FLOAT && root != LogicalTypeRoot.DOUBLE) {
            return Optional.empty();
        }
        return switch (op) {
            case NE -> Optional.of(new IsNotNull(column.ref()));
            case LT -> checked(column, CompareOp.LE, value);
            case GT -> checked(column, CompareOp.GE, value);
            default -> checked(column, op, value);
        };
    }

    /** The comparison as is, when its literal fits the column's type exactly. */
    private static Optional<Predicate> checked(ColumnOperand column, CompareOp op, Object value) {
        try {
            Literal literal = Literal.of(value);
            ColumnDomain.coerce(literal, column.type());
            return Optional.of(Predicates.compare(column.ref(), op, value));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * An exact-numeric column (integers: scale 0) against any finite or infinite number: the
     * comparison with the literal moved onto the column's grid of values and clamped to its range,
     * which gives the same answer for every value the column can hold.
     */
    private static Optional<Predicate> numeric(ColumnOperand column, CompareOp op, Object value) {
        LogicalType type = column.type();
        int scale = type instanceof DecimalType d ? d.getScale() : 0;
        BigDecimal max = maxOf(type);
        BigDecimal min =
                type.getTypeRoot() == LogicalTypeRoot.DECIMAL
                        ? max.negate()
                        : minOfInteger(type.getTypeRoot());
        BigDecimal ulp = BigDecimal.ONE.movePointLeft(scale);
        BigDecimal v;
        if (value instanceof Double || value instanceof Float) {
            // Flink compares with a floating-point literal in floating point: exact only for
            // columns whose every value the literal's type holds exactly (not BIGINT, DECIMAL)
            LogicalTypeRoot root = type.getTypeRoot();
            boolean exactInFloat =
                    root == LogicalTypeRoot.TINYINT || root == LogicalTypeRoot.SMALLINT;
            if (!(exactInFloat || value instanceof Double && root == LogicalTypeRoot.INTEGER)) {
                return Optional.empty();
            }
            double x = ((Number) value).doubleValue();
            if (Double.isNaN(x)) {
                return Optional.empty();
            }
            v =
                    Double.isInfinite(x)
                            ? (x > 0 ? max.add(ulp) : min.subtract(ulp))
                            : new BigDecimal(x);
        } else if (value instanceof BigDecimal b) {
            v = b;
        } else if (value instanceof Byte
                || value instanceof Short
                || value instanceof Integer
                || value instanceof Long) {
            v = BigDecimal.valueOf(((Number) value).longValue());
        } else {
            return Optional.empty();
        }
        boolean onGrid = v.stripTrailingZeros().scale() <= scale;
        boolean inRange = v.compareTo(min) >= 0 && v.compareTo(max) <= 0;
        Predicate always = compare(column, CompareOp.GE, min, scale);
        Predicate never = compare(column, CompareOp.LT, min, scale);
        if (onGrid && inRange) {
            return Optional.of(compare(column, op, v, scale));
        }
        return Optional.of(
                switch (op) {
                    case EQ -> never;
                    case NE -> always;
                    case LE ->
                            atMost(column, v.setScale(scale, RoundingMode.FLOOR), min, max, scale);
                    case LT ->
                            atMost(
                                    column,
                                    onGrid
                                            ? v.subtract(ulp)
                                            : v.setScale(scale, RoundingMode.FLOOR),
                                    min,
                                    max,
                                    scale);
                    case GE ->
                            atLeast(
                                    column,
                                    v.setScale(scale, RoundingMode.CEILING),
                                    min,
                                    max,
                                    scale);
                    case GT ->
                            atLeast(
                                    column,
                                    onGrid ? v.add(ulp) : v.setScale(scale, RoundingMode.CEILING),
                                    min,
                                    max,
                                    scale);
                });
    }

    /** {@code column <= bound}, bound on the grid; TRUE/UNKNOWN-for-null forms past the range. */
    private static Predicate atMost(
            ColumnOperand column, BigDecimal bound, BigDecimal min, BigDecimal max, int scale) {
        if (bound.compareTo(max) >= 0) {
            return compare(column, CompareOp.GE, min, scale); // every value; UNKNOWN for null
        }
        if (bound.compareTo(min) < 0) {
            return compare(column, CompareOp.LT, min, scale); // no value; UNKNOWN for null
        }
        return compare(column, CompareOp.LE, bound, scale);
    }

    private static Predicate atLeast(
            ColumnOperand column, BigDecimal bound, BigDecimal min, BigDecimal max, int scale) {
        if (bound.compareTo(min) <= 0) {
            return compare(column, CompareOp.GE, min, scale);
        }
        if (bound.compareTo(max) > 0) {
            return compare(column, CompareOp.LT, min, scale);
        }
        return compare(column, CompareOp.GE, bound, scale);
    }

    /**
     * A comparison with a grid value, as the column's own Java kind (Long or scaled BigDecimal).
     */
    private static Predicate compare(ColumnOperand column, CompareOp op, BigDecimal v, int scale) {
        Object value =
                column.type().getTypeRoot() == LogicalTypeRoot.DECIMAL
                        ? v.setScale(scale, RoundingMode.UNNECESSARY)
                        : (Object) v.longValueExact();
        // bind-time check now: a literal the column refuses would fail the job, not the plan
        ColumnDomain.coerce(Literal.of(value), column.type());
        return Predicates.compare(column.ref(), op, value);
    }

    private static BigDecimal maxOf(LogicalType type) {
        return switch (type.getTypeRoot()) {
            case TINYINT -> BigDecimal.valueOf(Byte.MAX_VALUE);
            case SMALLINT -> BigDecimal.valueOf(Short.MAX_VALUE);
            case INTEGER -> BigDecimal.valueOf(Integer.MAX_VALUE);
            case BIGINT -> BigDecimal.valueOf(Long.MAX_VALUE);
            default -> {
                DecimalType d = (DecimalType) type;
                yield BigDecimal.TEN
                        .pow(d.getPrecision())
                        .subtract(BigDecimal.ONE)
                        .movePointLeft(d.getScale());
            }
        };
    }

    private static BigDecimal minOfInteger(LogicalTypeRoot root) {
        return switch (root) {
            case TINYINT -> BigDecimal.valueOf(Byte.MIN_VALUE);
            case SMALLINT -> BigDecimal.valueOf(Short.MIN_VALUE);
            case INTEGER -> BigDecimal.valueOf(Integer.MIN_VALUE);
            default -> BigDecimal.valueOf(Long.MIN_VALUE);
        };
    }
}
