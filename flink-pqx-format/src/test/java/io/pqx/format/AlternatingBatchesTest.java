package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ReadOptions#alternatingBatches()}: a batch stays intact while the batch after it is
 * decoded and returned, flat and nested columns alike; without the option the next batch overwrites
 * it (which shows the test can tell).
 */
class AlternatingBatchesTest {
    @TempDir Path dir;

    @Test
    void aBatchStaysIntactWhileTheNextIsDecodedFlatColumns() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("flat.parquet"), 2500);
        assertThat(previousBatchesIntact(file, 96, true)).isTrue();
        assertThat(previousBatchesIntact(file, 96, false)).as("one buffer").isFalse();
    }

    @Test
    void aBatchStaysIntactWhileTheNextIsDecodedNestedColumns() throws Exception {
        List<RowData> rows = new TestingRandomRows(11).rows(TestingRowTypes.NESTED, 3000);
        Path file = dir.resolve("nested.parquet");
        TestingWriters.write(file, TestingRowTypes.NESTED, TestingWriters.THREADING_OPTIONS, rows);
        assertThat(previousBatchesIntact(file, 128, true)).isTrue();
        assertThat(previousBatchesIntact(file, 128, false)).as("one buffer").isFalse();
    }

    @Test
    void alternatingGivesTheSameRowsAndPositionsFromAnyStartRow() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("flat.parquet"), 2500);
        RowSelection selection = RowSelection.of(new long[] {5, 300}, new long[] {290, 1000});
        for (boolean alternating : new boolean[] {false, true}) {
            try (ParquetReader reader =
                            ParquetReader.open(
                                    TestingNumberedFile.open(file),
                                    ReadOptions.builder()
                                            .batchSize(100)
                                            .alternatingBatches(alternating)
                                            .build());
                    BatchIterator batches = reader.readRowGroup(1, reader.schema(), selection)) {
                List<Long> positions = new ArrayList<>();
                while (batches.hasNext()) {
                    ParquetBatch batch = batches.next();
                    for (int i = 0; i < batch.numRows(); i++) {
                        assertThat(batch.columnBatch().getLong(i, 0))
                                .isEqualTo(1000 + batch.rowPosition(i));
                        positions.add(batch.rowPosition(i));
                    }
                }
                List<Long> expected = new ArrayList<>();
                selection.rowIndexes().forEachRemaining((long r) -> expected.add(r));
                assertThat(positions).as("alternating " + alternating).isEqualTo(expected);
            }
        }
    }

    /**
     * Reads every batch and, after the next batch was returned, checks the previous one against the
     * rows read plainly; whether every previous batch was intact.
     */
    private static boolean previousBatchesIntact(Path file, int batchSize, boolean alternating)
            throws Exception {
        List<List<Object>> expected = TestingRowValues.readAll(file, ReadOptions.defaults());
        boolean intact = true;
        try (ParquetReader reader =
                        ParquetReader.open(
                                TestingNumberedFile.open(file),
                                ReadOptions.builder()
                                        .batchSize(batchSize)
                                        .alternatingBatches(alternating)
                                        .build());
                BatchIterator batches = reader.batches(reader.schema())) {
            RowType type = reader.schema().rowType();
            ParquetBatch previous = null;
            int previousStart = 0;
            int previousRows = 0;
            int start = 0;
            int batchCount = 0;
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                batchCount++;
                assertThat(rows(batch, batch.numRows(), type))
                        .isEqualTo(expected.subList(start, start + batch.numRows()));
                if (previous != null) {
                    if (alternating) {
                        assertThat(batch).as("a batch object of its own").isNotSameAs(previous);
                    }
                    intact &=
                            rows(previous, previousRows, type)
                                    .equals(
                                            expected.subList(
                                                    previousStart, previousStart + previousRows));
                }
                previous = batch;
                previousStart = start;
                previousRows = batch.numRows();
                start += batch.numRows();
            }
            assertThat(start).isEqualTo(expected.size());
            assertThat(batchCount).isGreaterThan(10);
        }
        return intact;
    }

    private static List<List<Object>> rows(ParquetBatch batch, int count, RowType type) {
        List<List<Object>> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(TestingRowValues.of(new ColumnarRowData(batch.columnBatch(), i), type));
        }
        return out;
    }
}
