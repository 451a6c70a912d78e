package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A closed reader's decode arrays and buffers go to the next reader ({@link DecodeArrays#park},
 * {@link DecodeArrays#forReader}): only what its decoders gave back, and a batch of the closed
 * reader keeps its values while the next reader decodes into the arrays it parked.
 */
class ParkedArraysTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("k", DataTypes.BIGINT()),
                                    DataTypes.FIELD("s", DataTypes.STRING()))
                            .getLogicalType();
    private static final int ROWS = 700;

    @BeforeEach
    @AfterEach
    void empty() {
        ParkedArrays.clear();
    }

    /** One row group of one page per leaf; {@code salt} makes two files' values differ. */
    private static TestingDecodeFiles.Opened file(int salt) throws IOException {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            rows.add(
                    GenericRowData.of(
                            k(i, salt),
                            s(i, salt) == null ? null : StringData.fromString(s(i, salt))));
        }
        return TestingDecodeFiles.open(
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder().pageRowLimit(ROWS).rowGroupRows(ROWS).build(),
                        rows));
    }

    private static Long k(int row, int salt) {
        return row % 7 == salt ? null : (long) (row % 23) * salt;
    }

    private static String s(int row, int salt) {
        return row % 5 == salt
                ? null
                : "value " + row * salt + (salt == 1 ? "" : " of a longer file");
    }

    private static RowGroupBatches open(TestingDecodeFiles.Opened f, DecodeArrays arrays)
            throws IOException {
        return RowGroupDecoder.read(
                f.file(),
                f.metadata(),
                0,
                f.schema(),
                RowSelection.all(ROWS),
                64,
                TestingDecodeFiles.LIMITS,
                false,
                arrays);
    }

    private static int check(VectorizedColumnBatch batch, int first, int salt) {
        for (int i = 0; i < batch.getNumRows(); i++) {
            int row = first + i;
            LongColumnVector k = (LongColumnVector) batch.columns[0];
            assertThat(k.isNullAt(i) ? null : k.getLong(i))
                    .as("k of row %d", row)
                    .isEqualTo(k(row, salt));
            BytesColumnVector s = (BytesColumnVector) batch.columns[1];
            String value = null;
            if (!s.isNullAt(i)) {
                BytesColumnVector.Bytes b = s.getBytes(i);
                value = new String(b.data, b.offset, b.len);
            }
            assertThat(value).as("s of row %d", row).isEqualTo(s(row, salt));
        }
        return batch.getNumRows();
    }

    @Test
    void theNextReaderStartsWithTheArraysAClosedOneParked() throws IOException {
        DecodeArrays first = DecodeArrays.forReader();
        TestingDecodeFiles.Opened a = file(2);
        VectorizedColumnBatch held = null;
        int heldFrom = 0;
        int rows = 0;
        try (RowGroupBatches batches = open(a, first)) {
            for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                heldFrom = rows;
                rows += check(b, rows, 2);
                held = b;
            }
        }
        first.park();

        DecodeArrays second = DecodeArrays.forReader();
        TestingDecodeFiles.Opened b = file(1);
        rows = 0;
        try (RowGroupBatches batches = open(b, second)) {
            // (the first file is the larger, so its row-group buffer fits the second's)
            // both leaves' decode sets and page buffers came from the first reader
            assertThat(second.reused()).isEqualTo(2);
            for (VectorizedColumnBatch batch = batches.next();
                    batch != null;
                    batch = batches.next()) {
                rows += check(batch, rows, 1);
                check(held, heldFrom, 2); // the closed reader's last batch keeps its values
            }
        }
        assertThat(rows).isEqualTo(ROWS);
        assertThat(second.pageBuffersReused()).isEqualTo(2);
        assertThat(second.rangeBuffers().reused()).isEqualTo(1);
    }

    @Test
    void arraysAnOpenDecoderHoldsAreNotParked() throws IOException {
        DecodeArrays first = DecodeArrays.forReader();
        TestingDecodeFiles.Opened a = file(1);
        RowGroupBatches open = open(a, first);
        VectorizedColumnBatch batch = open.next();
        first.park(); // its reader closed while a row group is still being read

        DecodeArrays second = DecodeArrays.forReader();
        TestingDecodeFiles.Opened b = file(2);
        try (RowGroupBatches other = open(b, second)) {
            assertThat(second.reused()).isZero();
            int rows = 0;
            for (VectorizedColumnBatch x = other.next(); x != null; x = other.next()) {
                rows += check(x, rows, 2);
            }
        }
        // the open row group reads on, its arrays its own
        int rows = check(batch, 0, 1);
        for (VectorizedColumnBatch x = open.next(); x != null; x = open.next()) {
            rows += check(x, rows, 1);
        }
        open.close();
        assertThat(rows).isEqualTo(ROWS);
        assertThat(second.pageBuffersReused()).isZero();
        assertThat(second.rangeBuffers().reused()).isZero();
    }

    @Test
    void atMostTheBoundIsKept() {
        for (int i = 0; i < ParkedArrays.MAX_KEPT + 2; i++) {
            DecodeArrays arrays = new DecodeArrays();
            arrays.givePageBuffer(0, new byte[1000 + i]);
            arrays.park();
        }
        int taken = 0;
        int newest = -1;
        for (ParkedArrays.Contents c = ParkedArrays.take(); c != null; c = ParkedArrays.take()) {
            if (newest < 0) {
                newest = c.pageBuffers().get(0).length;
            }
            taken++;
        }
        assertThat(taken).isEqualTo(ParkedArrays.MAX_KEPT);
        assertThat(newest).isEqualTo(1000 + ParkedArrays.MAX_KEPT + 1);

        DecodeArrays huge = new DecodeArrays();
        huge.givePageBuffer(0, new byte[(int) ParkedArrays.MAX_BYTES + 1]);
        huge.park();
        assertThat(ParkedArrays.take()).isNull();
    }
}
