package io.pqx.format.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Pages of uncompressed chunks are decoded where they lie in the chunk's buffer (v1 pages whole, v2
 * pages' data sections), not copied first: every value reads back, and a batch handed out stays
 * correct for as long as the iterator promises (with alternating batches: until the batch after the
 * next one), also across pages and row groups.
 */
class AliasedPagesTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("d", DataTypes.STRING().notNull()))
                            .getLogicalType();
    private static final int ROWS = 2500;

    private static byte[] write(PageVersion version) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        WriteOptions options =
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageVersion(version)
                        .pageRowLimit(100)
                        .rowGroupRows(700)
                        .build();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "a.parquet")) {
            for (int i = 0; i < ROWS; i++) {
                writer.write(
                        GenericRowData.of(
                                (long) i,
                                i % 7 == 0 ? null : StringData.fromString(plain(i)),
                                StringData.fromString(dictionary(i))));
            }
        }
        return bytes.toByteArray();
    }

    private static String plain(int row) {
        return "plain string number " + row;
    }

    private static String dictionary(int row) {
        return "d" + (row % 13);
    }

    private static String string(BytesColumnVector v, int i) {
        if (v.isNullAt(i)) {
            return null;
        }
        BytesColumnVector.Bytes b = v.getBytes(i);
        return new String(b.data, b.offset, b.len);
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void batchesStayCorrectAsLongAsPromisedAcrossPagesAndRowGroups(PageVersion version)
            throws IOException {
        byte[] file = write(version);
        List<Long> ids = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                new ByteArrayInputFile("a.parquet", file),
                                ReadOptions.builder()
                                        .batchSize(64)
                                        .alternatingBatches(true)
                                        .build());
                BatchIterator batches = reader.batches(reader.schema())) {
            assertThat(reader.metadata().rowGroups()).hasSizeGreaterThan(3);
            VectorizedColumnBatch previous = null;
            while (batches.hasNext()) {
                VectorizedColumnBatch batch = batches.next().columnBatch();
                // the batch before this one is still valid: check it after this one was decoded
                if (previous != null) {
                    check(previous);
                }
                for (int i = 0; i < batch.getNumRows(); i++) {
                    ids.add(((LongColumnVector) batch.columns[0]).getLong(i));
                }
                previous = batch;
            }
            check(previous);
        }
        assertThat(ids).hasSize(ROWS);
        for (int i = 0; i < ROWS; i++) {
            assertThat(ids.get(i)).isEqualTo(i);
        }
    }

    private static void check(VectorizedColumnBatch batch) {
        for (int i = 0; i < batch.getNumRows(); i++) {
            int row = (int) ((LongColumnVector) batch.columns[0]).getLong(i);
            assertThat(string((BytesColumnVector) batch.columns[1], i))
                    .as("row %d", row)
                    .isEqualTo(row % 7 == 0 ? null : plain(row));
            assertThat(string((BytesColumnVector) batch.columns[2], i))
                    .as("row %d", row)
                    .isEqualTo(dictionary(row));
        }
    }
}
