package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.ReadOptions;
import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@link ParquetBatch} holds the decoder's Flink columnar batch rather than being one: its
 * columns, its row count and its {@link ParquetBatch#columnBatch()} view are the decoder's own
 * vectors, reused from batch to batch.
 */
class ParquetBatchTest {
    private static final int GROUP = TestingNumberedFile.GROUP_ROWS;

    @TempDir Path dir;

    @Test
    void columnsAndFlinkViewAreTheDecodedVectors() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("f.parquet"), 2500);
        try (ParquetReader reader =
                        ParquetReader.open(
                                TestingNumberedFile.open(file),
                                ReadOptions.builder().batchSize(300).build());
                BatchIterator batches = reader.batches(reader.schema())) {
            long expectedId = 0;
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                VectorizedColumnBatch flink = batch.columnBatch();
                assertThat(batch.numColumns())
                        .isEqualTo(reader.schema().rowType().getFieldCount())
                        .isEqualTo(flink.getArity());
                assertThat(flink.getNumRows()).isEqualTo(batch.numRows());
                for (int c = 0; c < batch.numColumns(); c++) {
                    assertThat(batch.column(c)).isSameAs(flink.columns[c]);
                }
                ColumnarRowData row = new ColumnarRowData(flink);
                for (int i = 0; i < batch.numRows(); i++) {
                    row.setRowId(i);
                    assertThat(row.getLong(0)).isEqualTo(expectedId++);
                }
            }
            assertThat(expectedId).isEqualTo(2500);
        }
    }

    @Test
    void theFlinkViewIsReusedNotMadePerBatch() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("f.parquet"), GROUP);
        try (ParquetReader reader =
                        ParquetReader.open(
                                TestingNumberedFile.open(file),
                                ReadOptions.builder().batchSize(100).build());
                BatchIterator batches = reader.batches(reader.schema())) {
            Set<Object> views = Collections.newSetFromMap(new IdentityHashMap<>());
            Set<Object> flinkBatches = Collections.newSetFromMap(new IdentityHashMap<>());
            int count = 0;
            while (batches.hasNext()) {
                ParquetBatch batch = batches.next();
                views.add(batch);
                flinkBatches.add(batch.columnBatch());
                count++;
            }
            assertThat(count).isGreaterThan(2);
            // one row group read by one decoder: one batch object, one view of it
            assertThat(flinkBatches).hasSize(1);
            assertThat(views).hasSize(1);
        }
    }
}
