package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.encode.EncodingContext;
import io.pqx.format.encode.FileAssembler;
import io.pqx.format.encode.RowGroupBuffer;
import io.pqx.format.encode.TestingWholeGroupEncoder;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * The writer encodes rows a slice at a time as they come; cut by row count, its files are byte for
 * byte those of buffering each whole row group and encoding it at the cut, and cut by bytes they do
 * not depend on the threads.
 */
class ParquetWriterStreamingTest {

    @Test
    void flatFilesEqualTheWholeGroupPathsForEveryRowGroupSize() throws IOException {
        assertSameBytes(
                TestingRowTypes.FLAT, new TestingRandomRows(11).rows(TestingRowTypes.FLAT, 20_000));
    }

    @Test
    void nestedFilesEqualTheWholeGroupPathsForEveryRowGroupSize() throws IOException {
        assertSameBytes(
                TestingRowTypes.NESTED,
                new TestingRandomRows(12).rows(TestingRowTypes.NESTED, 20_000));
    }

    @Test
    void aRejectedRowIsInNoColumnAndTheWriterGoesOn() throws IOException {
        RowType type = TestingRowTypes.FLAT;
        List<RowData> rows = new TestingRandomRows(13).rows(type, 6_000);
        WriteOptions options = WriteOptions.builder().rowGroupRows(2_500).build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "m.parquet")) {
            for (int i = 0; i < rows.size(); i++) {
                if (i == 4_100) {
                    GenericRowData bad = new GenericRowData(type.getFieldCount());
                    assertThatThrownBy(() -> writer.write(bad))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining("row 4100");
                }
                writer.write(rows.get(i));
            }
        }
        assertThat(bytes.toByteArray())
                .isEqualTo(wholeGroups(type, options, rows, EncodingContext.CALLER_RUNS));
    }

    @Test
    void byteBoundCutsDependOnTheRowsOnlyAndLandNearTheBound() throws IOException {
        RowType type = TestingRowTypes.FLAT;
        List<RowData> rows = new TestingRandomRows(14).rows(type, 60_000);
        long encoded =
                compressedGroupBytes(
                                TestingWriters.bytes(
                                        type,
                                        WriteOptions.defaults(),
                                        rows,
                                        EncodingContext.CALLER_RUNS))
                        .get(0);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (long bound : new long[] {encoded / 5, encoded / 9, 20_000}) {
                WriteOptions options = WriteOptions.builder().rowGroupBytes(bound).build();
                byte[] callerRuns =
                        TestingWriters.bytes(type, options, rows, EncodingContext.CALLER_RUNS);
                assertThat(TestingWriters.bytes(type, options, rows, pool))
                        .as("3 threads, bound %d", bound)
                        .isEqualTo(callerRuns);
                List<Long> groups = compressedGroupBytes(callerRuns);
                assertThat(groups).as("bound %d", bound).hasSizeGreaterThan(5);
                if (bound > 20_000) {
                    // No group is much larger than the bound. The first groups are cut before
                    // the file's compression is known (counted 1:1 until a group has settled, a
                    // few slices into a later one) and come out smaller; from then on the bound
                    // counts encoded bytes.
                    List<Long> full = groups.subList(0, groups.size() - 1);
                    assertThat(full).as("bound %d", bound).allMatch(g -> g <= 1.25 * bound);
                    for (long group : full.subList(full.size() / 2, full.size())) {
                        assertThat((double) group)
                                .as("bound %d: %s", bound, groups)
                                .isBetween(0.8 * bound, 1.25 * bound);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<Long> compressedGroupBytes(byte[] file) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("m.parquet", file), ReadOptions.defaults())) {
            List<Long> sizes = new ArrayList<>();
            reader.metadata().rowGroups().forEach(g -> sizes.add(g.totalCompressedSize()));
            return sizes;
        }
    }

    private static void assertSameBytes(RowType type, List<RowData> rows) throws IOException {
        long[] groupRows = {97, 4_095, 4_096, 4_097, 1_000_000};
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (long n : groupRows) {
                WriteOptions options = WriteOptions.builder().rowGroupRows(n).build();
                check(type, rows, options, pool);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void check(RowType type, List<RowData> rows, WriteOptions options, Executor pool)
            throws IOException {
        byte[] expected = wholeGroups(type, options, rows, EncodingContext.CALLER_RUNS);
        assertThat(TestingWriters.bytes(type, options, rows, EncodingContext.CALLER_RUNS))
                .as("caller runs, %s", options)
                .isEqualTo(expected);
        assertThat(TestingWriters.bytes(type, options, rows, pool))
                .as("3 threads, %s", options)
                .isEqualTo(expected);
    }

    /** The reference: a whole row group buffered, then encoded and written at each cut. */
    private static byte[] wholeGroups(
            RowType type, WriteOptions options, List<RowData> rows, Executor executor)
            throws IOException {
        ParquetSchema schema = FlinkToParquetSchema.toParquetSchema(type);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PositionOutputStream out = new PositionOutputStream(bytes);
        FileAssembler assembler = new FileAssembler(out, schema, options, "m.parquet");
        RowGroupBuffer buffer = new RowGroupBuffer(schema, "m.parquet");
        TestingWholeGroupEncoder encoder = new TestingWholeGroupEncoder(schema, options);
        List<RowData> all = new ArrayList<>(rows);
        for (int i = 0; i < all.size(); i++) {
            buffer.append(all.get(i), i);
            if (buffer.rowCount() >= options.rowGroupRows()) {
                assembler.writeRowGroup(encoder.encode(buffer, executor));
                buffer.reset();
            }
        }
        if (buffer.rowCount() > 0) {
            assembler.writeRowGroup(encoder.encode(buffer, executor));
        }
        assembler.finish();
        out.close();
        return bytes.toByteArray();
    }
}
