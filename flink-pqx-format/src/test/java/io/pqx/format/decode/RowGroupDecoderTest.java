package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingRecordingInputFile;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RowGroupDecoder}: batches of exactly {@code batchSize} rows but the last, selections whose
 * ranges span page and batch boundaries, columns in projection order, flat and nested fields side
 * by side, and an empty selection reading nothing.
 */
class RowGroupDecoderTest {
    private static final int ROWS = 1000;
    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(false),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new ArrayType(new IntType()),
                        new IntType()
                    },
                    new String[] {"id", "s", "xs", "n"});

    private static List<List<Object>> expected() {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(
                    Arrays.asList(
                            (long) i,
                            i % 5 == 0 ? null : "s" + i % 13,
                            xs(i) == null
                                    ? null
                                    : Arrays.stream(xs(i))
                                            .map(x -> x == null ? null : (Object) (long) x)
                                            .toList(),
                            i % 4 == 0 ? null : (long) -i));
        }
        return rows;
    }

    private static Integer[] xs(int i) {
        if (i % 9 == 0) {
            return null;
        }
        Integer[] xs = new Integer[i % 4];
        for (int k = 0; k < xs.length; k++) {
            xs[k] = k == 1 ? null : i * 10 + k;
        }
        return xs;
    }

    private static TestingDecodeFiles.Opened file(boolean pageIndex) throws IOException {
        List<GenericRowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            i % 5 == 0 ? null : StringData.fromString("s" + i % 13),
                            xs(i) == null ? null : new GenericArrayData(xs(i)),
                            i % 4 == 0 ? null : -i));
        }
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder().pageRowLimit(64).pageIndexEnabled(pageIndex).build(),
                        rows));
    }

    @Test
    void batchesHoldBatchSizeRowsButTheLast() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        List<Integer> sizes = new ArrayList<>();
        try (RowGroupBatches batches =
                file.batches(file.file(), file.schema(), RowSelection.all(ROWS), 96)) {
            for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                sizes.add(b.getNumRows());
                assertThat(b.getArity()).isEqualTo(4);
            }
            assertThat(batches.next()).as("stays ended").isNull();
        }
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add(96);
        }
        expected.add(ROWS - 960);
        assertThat(sizes).isEqualTo(expected);
        assertThat(file.rows(file.schema(), RowSelection.all(ROWS), 96)).isEqualTo(expected());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 64, 2048})
    void selectionsSpanningPagesAndBatchesReturnExactlyTheSelectedRows(int batchSize)
            throws IOException {
        // ranges: across the edge of pages 0 and 1, a single row, one spanning several pages, the
        // last row
        RowSelection selection =
                RowSelection.of(new long[] {60, 130, 300, 999}, new long[] {70, 131, 577, 1000});
        for (boolean pageIndex : new boolean[] {true, false}) {
            TestingDecodeFiles.Opened file = file(pageIndex);
            List<Integer> sizes = new ArrayList<>();
            try (RowGroupBatches batches =
                    file.batches(file.file(), file.schema(), selection, batchSize)) {
                for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                    sizes.add(b.getNumRows());
                }
            }
            int selected = 10 + 1 + 277 + 1;
            assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(selected);
            assertThat(sizes.subList(0, sizes.size() - 1)).allMatch(n -> n == batchSize);
            assertThat(file.rows(file.schema(), selection, batchSize))
                    .as("page index %s", pageIndex)
                    .isEqualTo(TestingDecodeFiles.selected(expected(), selection));
        }
    }

    @Test
    void columnsComeInProjectionOrder() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        ParquetSchema projection = file.project("n", "xs", "id");
        RowSelection selection = RowSelection.of(new long[] {5}, new long[] {200});
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> row : TestingDecodeFiles.selected(expected(), selection)) {
            expected.add(Arrays.asList(row.get(3), row.get(2), row.get(0)));
        }
        assertThat(file.rows(projection, selection, 50)).isEqualTo(expected);
        try (RowGroupBatches batches = file.batches(file.file(), projection, selection, 50)) {
            VectorizedColumnBatch b = batches.next();
            assertThat(b.getArity()).isEqualTo(3);
            assertThat(b.getLong(0, 2)).isEqualTo(5L);
            assertThat(b.getInt(0, 0)).isEqualTo(-5);
        }
    }

    @Test
    void anEmptySelectionReadsNoBytesAndReturnsNoBatch() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        TestingRecordingInputFile recording = new TestingRecordingInputFile(file.file());
        try (RowGroupBatches batches =
                file.batches(recording, file.schema(), RowSelection.none(), 10)) {
            assertThat(batches.next()).isNull();
        }
        assertThat(recording.reads()).isEmpty();
    }

    @Test
    void aBatchIsReusedAndHoldsOnlyItsOwnRows() throws IOException {
        TestingDecodeFiles.Opened file = file(true);
        // the null of row 0 must not leak into the second batch's position 0 (vectors are reset)
        try (RowGroupBatches batches =
                file.batches(file.file(), file.project("n"), RowSelection.all(ROWS), 3)) {
            VectorizedColumnBatch first = batches.next();
            assertThat(first.isNullAt(0, 0)).isTrue(); // row 0
            VectorizedColumnBatch second = batches.next();
            assertThat(second).isSameAs(first);
            assertThat(second.isNullAt(0, 0)).isFalse(); // row 3
            assertThat(second.getInt(0, 0)).isEqualTo(-3);
            assertThat(second.isNullAt(1, 0)).isTrue(); // row 4
        }
    }

    /**
     * A scattered selection (single rows and short runs, pages wholly selected and pages not
     * selected at all, pages of nulls) read column by column returns, for every column, exactly the
     * rows a whole decode returns at those positions, each batch's positions naming its rows.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 5, 64, 300})
    void scatteredSelectionsMatchAWholeDecodeColumnByColumn(int batchSize) throws IOException {
        Random random = new Random(batchSize * 7919L);
        List<List<Object>> all = expected();
        for (boolean pageIndex : new boolean[] {true, false}) {
            TestingDecodeFiles.Opened file = file(pageIndex);
            assertThat(file.rows(file.schema(), RowSelection.all(ROWS), 2048)).isEqualTo(all);
            for (int round = 0; round < 8; round++) {
                RowSelection selection = scattered(random);
                List<Long> rowIds = new ArrayList<>();
                try (RowGroupBatches batches =
                        file.batches(file.file(), file.project("id"), selection, batchSize)) {
                    for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                        BatchPositions positions = batches.positions();
                        for (int i = 0; i < b.getNumRows(); i++) {
                            assertThat(b.getLong(i, 0)).isEqualTo(positions.rowOf(i));
                            rowIds.add(b.getLong(i, 0));
                        }
                    }
                }
                List<Long> expectedIds = new ArrayList<>();
                selection.rowIndexes().forEachRemaining((long r) -> expectedIds.add(r));
                assertThat(rowIds).isEqualTo(expectedIds);
                assertThat(file.rows(file.schema(), selection, batchSize))
                        .as("page index %s, selection %s", pageIndex, selection)
                        .isEqualTo(TestingDecodeFiles.selected(all, selection));
            }
        }
    }

    /**
     * Pages of 64 rows: some wholly selected, some not at all, the others a few scattered rows or
     * short runs.
     */
    private static RowSelection scattered(Random random) {
        List<long[]> ranges = new ArrayList<>();
        for (int page = 0; page * 64 < ROWS; page++) {
            int first = page * 64;
            int end = Math.min(ROWS, first + 64);
            switch (random.nextInt(4)) {
                case 0 -> ranges.add(new long[] {first, end});
                case 1 -> {}
                default -> {
                    int row = first + random.nextInt(8);
                    while (row < end) {
                        int length = 1 + (random.nextInt(4) == 0 ? random.nextInt(5) : 0);
                        ranges.add(new long[] {row, Math.min(end, row + length)});
                        row += length + 1 + random.nextInt(12);
                    }
                }
            }
        }
        long[] starts = ranges.stream().mapToLong(r -> r[0]).toArray();
        long[] ends = ranges.stream().mapToLong(r -> r[1]).toArray();
        return RowSelection.of(starts, ends);
    }
}
