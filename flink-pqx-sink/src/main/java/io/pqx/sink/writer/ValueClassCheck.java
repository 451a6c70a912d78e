package io.pqx.sink.writer;

import java.util.Optional;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeUtils;

/**
 * Finds the value of a row whose Java class is not the one Flink's internal data holds for its
 * column's type (a {@code String} in an INT column of a {@code GenericRowData}), so that the
 * failure names the column, its type and the value's class instead of a bare {@link
 * ClassCastException}. Run only after writing a row failed: checking every row up front would cost
 * every row what only bad rows need. Stateless.
 */
final class ValueClassCheck {
    /** The value at {@code path} holds a {@code actual} where its {@code type} needs another. */
    record Mismatch(String path, LogicalType type, Class<?> expected, String actual) {
        /** "column n is INT, held as java.lang.Integer, but the value is a java.lang.String". */
        String describe(String what) {
            return what
                    + " "
                    + path
                    + " is "
                    + type.asSummaryString()
                    + ", held as "
                    + expected.getName()
                    + ", but the value is a "
                    + actual;
        }
    }

    private ValueClassCheck() {}

    /** The first mismatch among {@code fields} of {@code row}, in field order. */
    static Optional<Mismatch> first(RowType type, RowData row, int[] fields) {
        for (int i : fields) {
            Optional<Mismatch> m =
                    field(type.getFields().get(i).getName(), type.getTypeAt(i), row, i);
            if (m.isPresent()) {
                return m;
            }
        }
        return Optional.empty();
    }

    private static Optional<Mismatch> field(String path, LogicalType type, RowData row, int i) {
        if (row.isNullAt(i)) {
            return Optional.empty();
        }
        Class<?> expected = LogicalTypeUtils.toInternalConversionClass(type);
        if (row instanceof GenericRowData generic) {
            return value(path, type, expected, generic.getField(i));
        }
        // Other RowData hold typed values; a typed getter is the only probe they offer.
        try {
            return value(
                    path, type, expected, RowData.createFieldGetter(type, i).getFieldOrNull(row));
        } catch (ClassCastException e) {
            return Optional.of(
                    new Mismatch(path, type, expected, "value it cannot read: " + e.getMessage()));
        }
    }

    private static Optional<Mismatch> value(
            String path, LogicalType type, Class<?> expected, Object value) {
        if (value == null) {
            return Optional.empty();
        }
        if (!expected.isInstance(value)) {
            return Optional.of(new Mismatch(path, type, expected, value.getClass().getName()));
        }
        if (type instanceof RowType nested && value instanceof RowData inner) {
            for (int j = 0; j < nested.getFieldCount(); j++) {
                Optional<Mismatch> m =
                        field(
                                path + "." + nested.getFieldNames().get(j),
                                nested.getTypeAt(j),
                                inner,
                                j);
                if (m.isPresent()) {
                    return m;
                }
            }
        }
        if (type instanceof ArrayType array && value instanceof GenericArrayData elements) {
            return elements(path + "[]", array.getElementType(), elements);
        }
        return Optional.empty();
    }

    private static Optional<Mismatch> elements(
            String path, LogicalType type, GenericArrayData array) {
        if (!array.isPrimitiveArray()) {
            Class<?> expected = LogicalTypeUtils.toInternalConversionClass(type);
            for (Object element : array.toObjectArray()) {
                Optional<Mismatch> m = value(path, type, expected, element);
                if (m.isPresent()) {
                    return m;
                }
            }
        }
        return Optional.empty();
    }
}
