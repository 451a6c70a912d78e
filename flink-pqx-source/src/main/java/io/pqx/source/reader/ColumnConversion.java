package io.pqx.source.reader;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * How a file's column is read as the requested type (schema evolution across files).
 *
 * <ul>
 *   <li>The same type, nullability aside (nested types compared field by field, names included), or
 *       both character strings, or both binary strings: as stored.
 *   <li>TINYINT → SMALLINT/INT/BIGINT, SMALLINT → INT/BIGINT, INT → BIGINT, FLOAT → DOUBLE,
 *       DECIMAL(p, s) → DECIMAL(p', s') with s' ≥ s and p' − s' ≥ p − s (every value fits): widened
 *       value by value.
 *   <li>TIMESTAMP, TIMESTAMP_LTZ and TIME of a precision up to the requested one: as stored.
 *   <li>Anything else is an {@link UnsupportedFileException} naming file, column and both types.
 * </ul>
 *
 * A nullable file column read as NOT NULL is accepted (writers such as Flink's mark every column
 * nullable); the values are passed through as stored.
 */
enum ColumnConversion {
    AS_STORED,
    BYTE_TO_SHORT,
    TO_INT,
    TO_LONG,
    FLOAT_TO_DOUBLE,
    DECIMAL_WIDEN;

    static ColumnConversion of(LogicalType stored, LogicalType requested, FileContext column)
            throws UnsupportedFileException {
        if (nullable(stored).equals(nullable(requested))) {
            return AS_STORED;
        }
        LogicalTypeRoot from = stored.getTypeRoot();
        LogicalTypeRoot to = requested.getTypeRoot();
        if (stored.is(LogicalTypeFamily.CHARACTER_STRING)
                && requested.is(LogicalTypeFamily.CHARACTER_STRING)) {
            return AS_STORED;
        }
        if (stored.is(LogicalTypeFamily.BINARY_STRING)
                && requested.is(LogicalTypeFamily.BINARY_STRING)) {
            return AS_STORED;
        }
        if (from == to
                && (from == LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE
                        || from == LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                        || from == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE)
                && LogicalTypeChecks.getPrecision(stored)
                        <= LogicalTypeChecks.getPrecision(requested)) {
            return AS_STORED;
        }
        switch (to) {
            case SMALLINT:
                if (from == LogicalTypeRoot.TINYINT) {
                    return BYTE_TO_SHORT;
                }
                break;
            case INTEGER:
                if (from == LogicalTypeRoot.TINYINT || from == LogicalTypeRoot.SMALLINT) {
                    return TO_INT;
                }
                break;
            case BIGINT:
                if (from == LogicalTypeRoot.TINYINT
                        || from == LogicalTypeRoot.SMALLINT
                        || from == LogicalTypeRoot.INTEGER) {
                    return TO_LONG;
                }
                break;
            case DOUBLE:
                if (from == LogicalTypeRoot.FLOAT) {
                    return FLOAT_TO_DOUBLE;
                }
                break;
            case DECIMAL:
                if (from == LogicalTypeRoot.DECIMAL) {
                    DecimalType s = (DecimalType) stored;
                    DecimalType r = (DecimalType) requested;
                    if (r.getScale() >= s.getScale()
                            && r.getPrecision() - r.getScale() >= s.getPrecision() - s.getScale()) {
                        return DECIMAL_WIDEN;
                    }
                }
                break;
            default:
                break;
        }
        throw column.unsupported(
                "Cannot read column as " + requested.asSummaryString(),
                "the file stores it as "
                        + stored.asSummaryString()
                        + ", which does not widen to it");
    }

    /** The type with every level nullable: nullability is not a type difference here. */
    static LogicalType nullable(LogicalType t) {
        if (t instanceof RowType row) {
            List<RowType.RowField> fields = new ArrayList<>();
            for (RowType.RowField f : row.getFields()) {
                fields.add(new RowType.RowField(f.getName(), nullable(f.getType())));
            }
            return new RowType(true, fields);
        }
        if (t instanceof ArrayType a) {
            return new ArrayType(true, nullable(a.getElementType()));
        }
        if (t instanceof MapType m) {
            return new MapType(true, nullable(m.getKeyType()), nullable(m.getValueType()));
        }
        if (t instanceof MultisetType m) {
            return new MultisetType(true, nullable(m.getElementType()));
        }
        return t.copy(true);
    }
}
