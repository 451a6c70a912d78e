package io.pqx.table.pushdown;

import io.pqx.format.predicate.ColumnRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.NestedFieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * A column as an operand of a Flink comparison: a reference to a field of the scanned row type
 * (top-level or nested through ROW fields), possibly under CASTs that keep every value and its
 * order ({@link #isSafeCast}). Comparing the cast value with a literal is then the same as
 * comparing the column's own value with the literal's exact value, which is how pqx compares.
 *
 * @param ref the column's path
 * @param type the column's own type, in the scanned row type (before any cast)
 */
record ColumnOperand(ColumnRef ref, LogicalType type) {

    /** The column under {@code e}, when {@code e} is one (through safe casts only). */
    static Optional<ColumnOperand> of(ResolvedExpression e, RowType rowType) {
        if (e instanceof CallExpression call
                && call.getFunctionDefinition() == BuiltInFunctionDefinitions.CAST
                && call.getResolvedChildren().size() == 2) {
            LogicalType target = call.getOutputDataType().getLogicalType();
            return of(call.getResolvedChildren().get(0), rowType)
                    .filter(inner -> isSafeCast(inner.type(), target));
        }
        if (e instanceof FieldReferenceExpression f) {
            int index = f.getFieldIndex();
            if (f.getInputIndex() != 0 || index < 0 || index >= rowType.getFieldCount()) {
                return Optional.empty();
            }
            RowType.RowField field = rowType.getFields().get(index);
            if (!field.getName().equals(f.getName())) {
                return Optional.empty(); // not an index into the type we were given
            }
            return Optional.of(new ColumnOperand(ColumnRef.of(field.getName()), field.getType()));
        }
        if (e instanceof NestedFieldReferenceExpression n) {
            int[] indices = n.getFieldIndices();
            String[] names = n.getFieldNames();
            if (indices.length == 0 || indices.length != names.length) {
                return Optional.empty();
            }
            List<String> path = new ArrayList<>();
            LogicalType type = rowType;
            for (int i = 0; i < indices.length; i++) {
                if (!(type instanceof RowType row)
                        || indices[i] < 0
                        || indices[i] >= row.getFieldCount()
                        || !row.getFieldNames().get(indices[i]).equals(names[i])) {
                    return Optional.empty();
                }
                path.add(names[i]);
                type = row.getTypeAt(indices[i]);
            }
            return Optional.of(new ColumnOperand(new ColumnRef(path), type));
        }
        return Optional.empty();
    }

    /**
     * Whether {@code CAST(x AS to)} for every value {@code x} of {@code from} is that same value,
     * in the same order: integer widening, integers into a DECIMAL or DOUBLE that holds them
     * exactly, DECIMAL widening (no fewer integer and fraction digits), FLOAT to DOUBLE,
     * VARCHAR/VARBINARY/TIMESTAMP to the same kind no shorter or less precise, or the same type
     * (nullability aside). CHAR is never unwrapped (its padding rules are not pqx's).
     */
    static boolean isSafeCast(LogicalType from, LogicalType to) {
        if (from.copy(true).equals(to.copy(true))) {
            return from.getTypeRoot() != LogicalTypeRoot.CHAR;
        }
        LogicalTypeRoot f = from.getTypeRoot();
        LogicalTypeRoot t = to.getTypeRoot();
        int fromDigits = integerDigits(f);
        if (fromDigits > 0) {
            int toDigits = integerDigits(t);
            if (toDigits > 0) {
                return toDigits >= fromDigits;
            }
            if (t == LogicalTypeRoot.DECIMAL) {
                DecimalType d = (DecimalType) to;
                return d.getPrecision() - d.getScale() >= fromDigits;
            }
            // TINYINT..INT are exact as DOUBLE (53-bit mantissa); BIGINT is not
            return t == LogicalTypeRoot.DOUBLE && f != LogicalTypeRoot.BIGINT;
        }
        if (f == LogicalTypeRoot.DECIMAL && t == LogicalTypeRoot.DECIMAL) {
            DecimalType a = (DecimalType) from;
            DecimalType b = (DecimalType) to;
            return b.getScale() >= a.getScale()
                    && b.getPrecision() - b.getScale() >= a.getPrecision() - a.getScale();
        }
        if (f == LogicalTypeRoot.VARCHAR && t == LogicalTypeRoot.VARCHAR
                || (f == LogicalTypeRoot.BINARY || f == LogicalTypeRoot.VARBINARY)
                        && t == LogicalTypeRoot.VARBINARY) {
            return LogicalTypeChecks.getLength(to) >= LogicalTypeChecks.getLength(from);
        }
        if (f == LogicalTypeRoot.FLOAT && t == LogicalTypeRoot.DOUBLE) {
            return true; // exact, NaN and -0.0 included (FLOAT is never exact for pqx anyway)
        }
        if (f == LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE && t == f) {
            return LogicalTypeChecks.getPrecision(to) >= LogicalTypeChecks.getPrecision(from);
        }
        return false;
    }

    /** The decimal digits of the largest value of an integer type; 0 for other types. */
    static int integerDigits(LogicalTypeRoot root) {
        return switch (root) {
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            default -> 0;
        };
    }
}
