package io.pqx.sink.file;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * Orders the rows of a row group by the {@code sink.sort-by} keys before they are encoded, so every
 * row group's min/max statistics are tight. Keys are top-level columns of comparable types:
 * booleans, numbers, strings, decimals, dates, times, timestamps and binaries (unsigned
 * lexicographic). The sort is stable, so the bytes depend on the input order only.
 *
 * <p>Immutable; thread-safe.
 */
@Internal
public final class RowSorter {
    private final Comparator<RowData> comparator;

    private RowSorter(Comparator<RowData> comparator) {
        this.comparator = comparator;
    }

    /**
     * @throws IllegalArgumentException naming the key if it is not a top-level column of a sortable
     *     type
     */
    public static RowSorter of(RowType rowType, List<SortKey> keys) {
        Comparator<RowData> all = null;
        for (SortKey key : keys) {
            int index = rowType.getFieldNames().indexOf(key.column());
            if (index < 0) {
                throw new IllegalArgumentException(
                        "sort key '"
                                + key.column()
                                + "' is not a top-level column of "
                                + rowType.getFieldNames());
            }
            Comparator<RowData> one = keyComparator(rowType.getTypeAt(index), index, key);
            all = all == null ? one : all.thenComparing(one);
        }
        return new RowSorter(all == null ? (a, b) -> 0 : all);
    }

    /** Sorts {@code rows} in place (stable). */
    public void sort(List<RowData> rows) {
        rows.sort(comparator);
    }

    /** A sorted copy of {@code rows}. */
    public List<RowData> sorted(List<RowData> rows) {
        List<RowData> copy = new ArrayList<>(rows);
        sort(copy);
        return copy;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparator<RowData> keyComparator(LogicalType type, int index, SortKey key) {
        RowData.FieldGetter getter = RowData.createFieldGetter(type, index);
        Comparator values = valueComparator(type, key.column());
        if (key.descending()) {
            values = values.reversed();
        }
        Comparator<Object> withNulls =
                key.nullsFirst() ? Comparator.nullsFirst(values) : Comparator.nullsLast(values);
        return (a, b) -> withNulls.compare(getter.getFieldOrNull(a), getter.getFieldOrNull(b));
    }

    @SuppressWarnings({"rawtypes"})
    private static Comparator valueComparator(LogicalType type, String column) {
        LogicalTypeRoot root = type.getTypeRoot();
        if (root == LogicalTypeRoot.BINARY || root == LogicalTypeRoot.VARBINARY) {
            return (Comparator<byte[]>) Arrays::compareUnsigned;
        }
        if (ScalarKeyTypes.isScalarKey(type)) {
            return Comparator.naturalOrder();
        }
        throw new IllegalArgumentException(
                "sort key '" + column + "' has type " + type + ", which cannot be sorted");
    }
}
