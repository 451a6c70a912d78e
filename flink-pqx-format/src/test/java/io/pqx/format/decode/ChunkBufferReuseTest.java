package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The arrays a row group's column chunks are read into go back to the reader's {@link DecodeArrays}
 * when the row group's decoder is closed, and a later row group is read into them: a row group
 * still open keeps its own array (its pages are decoded stretch by stretch, in turn with another
 * row group's), and a batch handed out before its row group's array is reused keeps its values.
 * Uncompressed v1 pages are decoded straight from that array (not copied), so these files would
 * show a use after reuse as wrong values.
 */
class ChunkBufferReuseTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("k", DataTypes.BIGINT()),
                                    DataTypes.FIELD("s", DataTypes.STRING()))
                            .getLogicalType();
    private static final int GROUP = 900;
    private static final int GROUPS = 4;

    /** Dictionary-encoded, with nulls. */
    private static Long k(int row) {
        return row % 7 == 0 ? null : (long) (row % 13) * (1 + row / GROUP);
    }

    /**
     * Plain strings, all distinct, with nulls; row group 0's longest, so later ones fit its array.
     */
    private static String s(int row) {
        if (row % 11 == 3) {
            return null;
        }
        return "value " + row + (row < GROUP ? " of the first, widest row group" : "");
    }

    private static TestingDecodeFiles.Opened file(Compression codec, PageVersion version)
            throws IOException {
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < GROUP * GROUPS; i++) {
            rows.add(GenericRowData.of(i, k(i), s(i) == null ? null : StringData.fromString(s(i))));
        }
        ByteArrayInputFile file =
                TestingDecodeFiles.write(
                        TYPE,
                        WriteOptions.builder()
                                .codec(codec)
                                .pageVersion(version)
                                .pageRowLimit(GROUP / 4)
                                .rowGroupRows(GROUP)
                                .build(),
                        rows);
        TestingDecodeFiles.Opened opened = TestingDecodeFiles.open(file);
        assertThat(opened.metadata().rowGroups()).hasSize(GROUPS);
        return opened;
    }

    private static RowGroupBatches open(
            TestingDecodeFiles.Opened f, int rowGroup, DecodeArrays arrays) throws IOException {
        return open(f, rowGroup, f.schema(), arrays);
    }

    private static RowGroupBatches open(
            TestingDecodeFiles.Opened f,
            int rowGroup,
            ParquetSchema projection,
            DecodeArrays arrays)
            throws IOException {
        return RowGroupDecoder.read(
                f.file(),
                f.metadata(),
                rowGroup,
                projection,
                RowSelection.all(GROUP),
                37,
                TestingDecodeFiles.LIMITS,
                false,
                arrays);
    }

    /** Checks every value of the batch against the generator; returns its rows. */
    private static int check(VectorizedColumnBatch batch) {
        for (int i = 0; i < batch.getNumRows(); i++) {
            int row = ((IntColumnVector) batch.columns[0]).getInt(i);
            LongColumnVector k = (LongColumnVector) batch.columns[1];
            assertThat(k.isNullAt(i) ? null : k.getLong(i))
                    .as("k of row %d", row)
                    .isEqualTo(k(row));
            assertThat(string(batch, 2, i)).as("s of row %d", row).isEqualTo(s(row));
        }
        return batch.getNumRows();
    }

    /** A copy of the batch's first row's id and string, to compare with what it shows later. */
    private static String firstRow(VectorizedColumnBatch batch) {
        return firstRow(batch, 2);
    }

    /** The first row's id and the string of column {@code column}, copied. */
    private static String firstRow(VectorizedColumnBatch batch, int column) {
        return ((IntColumnVector) batch.columns[0]).getInt(0) + ":" + string(batch, column, 0);
    }

    /** The string of column {@code column} at {@code i}, copied; null for a null. */
    private static String string(VectorizedColumnBatch batch, int column, int i) {
        BytesColumnVector s = (BytesColumnVector) batch.columns[column];
        if (s.isNullAt(i)) {
            return null;
        }
        BytesColumnVector.Bytes b = s.getBytes(i);
        return new String(b.data, b.offset, b.len);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"UNCOMPRESSED, V1", "UNCOMPRESSED, V2", "ZSTD, V1", "SNAPPY, V2"})
    void rowGroupsStillReadKeepTheirArraysAndClosedOnesLendThemOn(
            Compression codec, PageVersion version) throws IOException {
        TestingDecodeFiles.Opened f = file(codec, version);
        DecodeArrays arrays = new DecodeArrays();
        int[] rows = new int[GROUPS];

        // row group 0 half read; row group 1 loaded meanwhile must not take 0's array
        RowGroupBatches zero = open(f, 0, arrays);
        for (int b = 0; b < 10; b++) {
            rows[0] += check(zero.next());
        }
        RowGroupBatches one = open(f, 1, arrays);
        assertThat(arrays.rangeBuffers().reused()).isZero();
        VectorizedColumnBatch lastOfZero = null;
        for (VectorizedColumnBatch b = zero.next(); b != null; b = zero.next()) {
            rows[0] += check(b);
            rows[1] += check(one.next());
            lastOfZero = b;
        }
        String held = firstRow(lastOfZero);
        zero.close();

        // row group 2 is read into 0's array while 1 goes on; 0's last batch keeps its values
        RowGroupBatches two = open(f, 2, arrays);
        assertThat(arrays.rangeBuffers().reused()).isEqualTo(1);
        boolean more = true;
        while (more) {
            more = false;
            for (int g = 1; g <= 2; g++) {
                VectorizedColumnBatch b = (g == 1 ? one : two).next();
                if (b != null) {
                    rows[g] += check(b);
                    more = true;
                }
            }
        }
        assertThat(firstRow(lastOfZero)).isEqualTo(held);
        check(lastOfZero);
        one.close();
        two.close();

        // and row group 3 into one of theirs
        try (RowGroupBatches three = open(f, 3, arrays)) {
            for (VectorizedColumnBatch b = three.next(); b != null; b = three.next()) {
                rows[3] += check(b);
            }
        }
        assertThat(arrays.rangeBuffers().reused()).isEqualTo(2);
        assertThat(rows).containsOnly(GROUP);
    }

    /**
     * Columns that do not lie side by side (here {@code id} and {@code s}, {@code k} between them)
     * are read in two runs, into one array: a row group takes one array, given back on close and
     * taken whole by the next row group, whose bytes overwrite it while a batch of the row group
     * before is still held, and that batch keeps its values.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"UNCOMPRESSED, V1", "UNCOMPRESSED, V2", "ZSTD, V1"})
    void columnsApartShareOneArrayPerRowGroupAndItsReuseLeavesBatchesIntact(
            Compression codec, PageVersion version) throws IOException {
        TestingDecodeFiles.Opened f = file(codec, version);
        ParquetSchema idAndS = f.project("id", "s");
        DecodeArrays arrays = new DecodeArrays();
        List<String> held = new ArrayList<>();
        List<VectorizedColumnBatch> kept = new ArrayList<>();
        int rows = 0;
        for (int g = 0; g < GROUPS; g++) {
            try (RowGroupBatches batches = open(f, g, idAndS, arrays)) {
                assertThat(arrays.rangeBuffers().taken()).isEqualTo(g + 1);
                assertThat(arrays.rangeBuffers().reused()).isEqualTo(g);
                VectorizedColumnBatch last = null;
                for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                    rows += checkIdAndS(b);
                    last = b;
                }
                held.add(firstRowIdAndS(last));
                kept.add(last);
            }
        }
        assertThat(rows).isEqualTo(GROUP * GROUPS);
        for (int g = 0; g < GROUPS; g++) {
            assertThat(firstRowIdAndS(kept.get(g))).isEqualTo(held.get(g));
            checkIdAndS(kept.get(g));
        }
    }

    /** {@link #check} for a batch of {@code id} and {@code s}. */
    private static int checkIdAndS(VectorizedColumnBatch batch) {
        for (int i = 0; i < batch.getNumRows(); i++) {
            int row = ((IntColumnVector) batch.columns[0]).getInt(i);
            assertThat(string(batch, 1, i)).as("s of row %d", row).isEqualTo(s(row));
        }
        return batch.getNumRows();
    }

    private static String firstRowIdAndS(VectorizedColumnBatch batch) {
        return firstRow(batch, 1);
    }
}
