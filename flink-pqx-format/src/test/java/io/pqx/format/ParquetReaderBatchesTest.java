package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.WriteOptions;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.heap.HeapArrayVector;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole-file batch iterator and allocation-free decimal reads. */
class ParquetReaderBatchesTest {
    @TempDir Path dir;

    private static final int ROWS = 2500;

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("price", DataTypes.DECIMAL(12, 2)),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("big", DataTypes.DECIMAL(30, 4)),
                                    DataTypes.FIELD(
                                            "prices", DataTypes.ARRAY(DataTypes.DECIMAL(9, 3))))
                            .getLogicalType();

    private static long unscaledPrice(int i) {
        return i * 1_001L - 500_000L;
    }

    private ParquetReader written() throws Exception {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            i % 5 == 0
                                    ? null
                                    : DecimalData.fromUnscaledLong(unscaledPrice(i), 12, 2),
                            StringData.fromString("n" + i),
                            DecimalData.fromBigDecimal(
                                    new BigDecimal(i + "123456789012345.6789"), 30, 4),
                            new GenericArrayData(
                                    new Object[] {
                                        DecimalData.fromUnscaledLong(i, 9, 3),
                                        DecimalData.fromUnscaledLong(-i, 9, 3)
                                    })));
        }
        Path file = dir.resolve("t.parquet");
        TestingWriters.write(file, TYPE, WriteOptions.builder().rowGroupRows(1000).build(), rows);
        return ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
    }

    @Test
    void batchesCoverEveryRowOfEveryRowGroupInFileOrder() throws Exception {
        try (ParquetReader reader = written();
                BatchIterator batches = reader.batches(reader.schema())) {
            assertThat(reader.metadata().rowGroups()).hasSize(3);
            long next = 0;
            int count = 0;
            while (batches.hasNext()) {
                VectorizedColumnBatch batch = batches.next().columnBatch();
                count++;
                assertThat(batch.getNumRows()).isPositive();
                assertThat(batch.getArity()).isEqualTo(5);
                LongColumnVector ids = (LongColumnVector) batch.columns[0];
                for (int r = 0; r < batch.getNumRows(); r++) {
                    assertThat(ids.getLong(r)).isEqualTo(next++);
                }
            }
            assertThat(next).isEqualTo(ROWS);
            assertThat(count).as("batches of at most 2048 rows, per row group").isEqualTo(3);
            assertThat(batches.hasNext()).isFalse();
        }
    }

    @Test
    void columnsFollowTheProjectionOrder() throws Exception {
        try (ParquetReader reader = written();
                BatchIterator batches = reader.batches(List.of("name", "id"))) {
            VectorizedColumnBatch batch = batches.next().columnBatch();
            assertThat(batch.getArity()).isEqualTo(2);
            BytesColumnVector.Bytes name = ((BytesColumnVector) batch.columns[0]).getBytes(7);
            assertThat(new String(name.data, name.offset, name.len, StandardCharsets.UTF_8))
                    .isEqualTo("n7");
            assertThat(((LongColumnVector) batch.columns[1]).getLong(7)).isEqualTo(7);
        }
    }

    @Test
    void decimalsUpTo18DigitsReadAsUnscaledLongs() throws Exception {
        try (ParquetReader reader = written();
                BatchIterator batches = reader.batches(List.of("price", "big", "prices", "id"))) {
            long rows = 0;
            while (batches.hasNext()) {
                VectorizedColumnBatch batch = batches.next().columnBatch();
                ColumnVector price = batch.columns[0];
                ColumnVector big = batch.columns[1];
                ColumnVector elements = ((HeapArrayVector) batch.columns[2]).getChild();
                LongColumnVector ids = (LongColumnVector) batch.columns[3];
                assertThat(DecimalVectors.hasUnscaledLongs(price)).isTrue();
                assertThat(DecimalVectors.hasUnscaledLongs(elements)).isTrue();
                assertThat(DecimalVectors.hasUnscaledLongs(big)).isFalse();
                assertThat(DecimalVectors.hasUnscaledLongs(ids)).isFalse();
                for (int r = 0; r < batch.getNumRows(); r++) {
                    int i = (int) ids.getLong(r);
                    assertThat(price.isNullAt(r)).isEqualTo(i % 5 == 0);
                    if (!price.isNullAt(r)) {
                        assertThat(DecimalVectors.unscaledLong(price, r))
                                .isEqualTo(unscaledPrice(i))
                                .isEqualTo(
                                        ((DecimalColumnVector) price)
                                                .getDecimal(r, 12, 2)
                                                .toUnscaledLong());
                    }
                    HeapArrayVector arrays = (HeapArrayVector) batch.columns[2];
                    assertThat(arrays.getLengths()[r]).isEqualTo(2);
                    int first = (int) arrays.getOffsets()[r];
                    assertThat(DecimalVectors.unscaledLong(elements, first)).isEqualTo(i);
                    assertThat(DecimalVectors.unscaledLong(elements, first + 1)).isEqualTo(-i);
                }
                assertThatThrownBy(() -> DecimalVectors.unscaledLong(big, 0))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("use getDecimal");
                rows += batch.getNumRows();
            }
            assertThat(rows).isEqualTo(ROWS);
        }
    }
}
