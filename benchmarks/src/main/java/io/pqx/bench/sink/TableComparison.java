package io.pqx.bench.sink;

import io.pqx.bench.format.LineitemTable;
import io.pqx.format.ParquetReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * Compares a Parquet file, read with pqx's {@link ParquetReader}, row by row and value by value
 * with a slice of the input table: order matters, unlike the {@code format} suite's checksums. The
 * file's columns are matched to the {@link LineitemTable} by name. Stateless.
 */
final class TableComparison {

    private static final List<RowData.FieldGetter> GETTERS =
            IntStream.range(0, LineitemTable.COLUMNS.size())
                    .mapToObj(
                            i -> RowData.createFieldGetter(LineitemTable.COLUMNS.get(i).type(), i))
                    .toList();

    private TableComparison() {}

    /**
     * Returns empty when {@code file} holds exactly {@code expected}, in order; else the first
     * difference.
     */
    static Optional<String> firstDifference(Path file, List<RowData> expected) throws Exception {
        try (ParquetReader reader =
                        ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            List<String> names = reader.schema().rowType().getFieldNames();
            int[] slots = names.stream().mapToInt(LineitemTable::indexOf).toArray();
            List<RowData.FieldGetter> fileGetters = fileGetters(slots);
            int index = 0;
            for (; rows.hasNext(); index++) {
                RowData actual = rows.next();
                if (index >= expected.size()) {
                    return Optional.of("more rows than the " + expected.size() + " expected");
                }
                Optional<String> diff =
                        rowDifference(actual, expected.get(index), slots, fileGetters);
                if (diff.isPresent()) {
                    return Optional.of("row " + index + ": " + diff.get());
                }
            }
            return index == expected.size()
                    ? Optional.empty()
                    : Optional.of(index + " rows, want " + expected.size());
        }
    }

    private static List<RowData.FieldGetter> fileGetters(int[] slots) {
        return IntStream.range(0, slots.length)
                .mapToObj(
                        pos ->
                                RowData.createFieldGetter(
                                        LineitemTable.COLUMNS.get(slots[pos]).type(), pos))
                .toList();
    }

    private static Optional<String> rowDifference(
            RowData actual, RowData expected, int[] slots, List<RowData.FieldGetter> fileGetters) {
        for (int pos = 0; pos < slots.length; pos++) {
            Object got = fileGetters.get(pos).getFieldOrNull(actual);
            Object want = GETTERS.get(slots[pos]).getFieldOrNull(expected);
            if (!Objects.equals(got, want)) {
                return Optional.of(
                        String.format(
                                "%s is %s, want %s",
                                LineitemTable.COLUMNS.get(slots[pos]).name(), got, want));
            }
        }
        return Optional.empty();
    }
}
