package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.ReadOptions;
import io.pqx.format.prune.RowSelection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every {@link ParquetBatch} names its row group and the position of each of its rows in it. */
class ParquetBatchPositionsTest {
    private static final int GROUP = TestingNumberedFile.GROUP_ROWS;

    @TempDir Path dir;

    @Test
    void batchesOfTheWholeFileCarryRowGroupAndPositions() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("f.parquet"), 2500);
        try (ParquetReader reader =
                        ParquetReader.open(
                                TestingNumberedFile.open(file),
                                ReadOptions.builder().batchSize(300).build());
                BatchIterator batches = reader.batches(reader.schema())) {
            long expectedId = 0;
            List<Long> firsts = new ArrayList<>();
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                assertThat(batch.isContiguous()).isTrue();
                firsts.add(batch.rowGroup() * 10_000L + batch.firstRowPosition());
                for (int i = 0; i < batch.numRows(); i++) {
                    long id = batch.columnBatch().getLong(i, 0);
                    assertThat(id).isEqualTo(expectedId++);
                    assertThat(batch.rowGroup()).isEqualTo((int) (id / GROUP));
                    assertThat(batch.rowPosition(i)).isEqualTo(id % GROUP);
                }
                assertThat(batch.nextRowPosition())
                        .isEqualTo(batch.rowPosition(batch.numRows() - 1) + 1);
            }
            assertThat(expectedId).isEqualTo(2500);
            // batches restart at 0 in each row group: 300-row batches, cut at the group's end
            assertThat(firsts)
                    .containsExactly(
                            0L, 300L, 600L, 900L, 10_000L, 10_300L, 10_600L, 10_900L, 20_000L,
                            20_300L);
        }
    }

    @Test
    void readingFromARowAfterZeroStartsThePositionsThere() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("f.parquet"), 2500);
        try (ParquetReader reader =
                        ParquetReader.open(
                                TestingNumberedFile.open(file),
                                ReadOptions.builder().batchSize(256).build());
                BatchIterator batches =
                        reader.readRowGroup(
                                1,
                                reader.schema(),
                                RowSelection.of(new long[] {417}, new long[] {GROUP}))) {
            ParquetBatch first = batches.next();
            assertThat(first.rowGroup()).isEqualTo(1);
            assertThat(first.firstRowPosition()).isEqualTo(417);
            assertThat(first.columnBatch().getLong(0, 0)).isEqualTo(GROUP + 417);
            assertThat(first.nextRowPosition()).isEqualTo(417 + 256);
            long next = first.nextRowPosition();
            int batchCount = 1;
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                batchCount++;
                assertThat(batch.firstRowPosition()).isEqualTo(next);
                for (int i = 0; i < batch.numRows(); i++) {
                    assertThat(batch.rowPosition(i))
                            .isEqualTo(batch.columnBatch().getLong(i, 0) - GROUP);
                }
                next = batch.nextRowPosition();
            }
            assertThat(next).isEqualTo(GROUP);
            assertThat(batchCount).isEqualTo(3); // 583 rows: 256 + 256 + 71
        }
    }

    @Test
    void aSparseSelectionGivesEachRowItsOwnPosition() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("f.parquet"), 2500);
        RowSelection selection =
                RowSelection.of(
                        new long[] {3, 250, 251 + 10, 900}, new long[] {6, 251, 280, GROUP});
        List<Long> expected = new ArrayList<>();
        selection.rowIndexes().forEachRemaining((long row) -> expected.add(row));
        try (ParquetReader reader =
                        ParquetReader.open(
                                TestingNumberedFile.open(file),
                                ReadOptions.builder().batchSize(8).build());
                BatchIterator batches = reader.readRowGroup(2 - 1, reader.schema(), selection)) {
            List<Long> positions = new ArrayList<>();
            boolean sawGap = false;
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                sawGap |= !batch.isContiguous();
                assertThat(batch.firstRowPosition()).isEqualTo(batch.rowPosition(0));
                for (int i = 0; i < batch.numRows(); i++) {
                    assertThat(batch.rowPosition(i))
                            .isEqualTo(batch.columnBatch().getLong(i, 0) - GROUP);
                    positions.add(batch.rowPosition(i));
                }
                assertThat(batch.nextRowPosition())
                        .isEqualTo(batch.rowPosition(batch.numRows() - 1) + 1);
            }
            assertThat(positions).isEqualTo(expected);
            assertThat(sawGap).as("a batch spanning two ranges").isTrue();
        }
    }

    @Test
    void refusesAPositionOutsideTheBatch() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("f.parquet"), 10);
        try (ParquetReader reader =
                        ParquetReader.open(TestingNumberedFile.open(file), ReadOptions.defaults());
                BatchIterator batches = reader.batches(reader.schema())) {
            ParquetBatch batch = batches.next();
            assertThat(batch.numRows()).isEqualTo(10);
            assertThatThrownBy(() -> batch.rowPosition(10))
                    .isInstanceOf(IndexOutOfBoundsException.class)
                    .hasMessage("Cannot give the position of batch row 10: the batch has 10 rows");
            assertThatThrownBy(() -> batch.rowPosition(-1))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
    }
}
