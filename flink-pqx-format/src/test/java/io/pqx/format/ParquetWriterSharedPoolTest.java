package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.encode.EncodingContext;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The write API for callers that cut row groups and roll files themselves: explicit cuts, the open
 * group's rows and bytes, file size estimates, a pool shared by many open writers, abort.
 */
@Timeout(120)
class ParquetWriterSharedPoolTest {
    private static final RowType TYPE = TestingRowTypes.FLAT;

    /** The writer's own limits out of the way: only the caller cuts. */
    private static final WriteOptions MANUAL =
            WriteOptions.builder()
                    .rowGroupRows(Integer.MAX_VALUE)
                    .rowGroupBytes(WriteOptions.MAX_ROW_GROUP_BYTES)
                    .build();

    @Test
    void cutRowGroupEndsTheGroupWhereTheCallerSays() throws IOException {
        List<RowData> rows = new TestingRandomRows(1).rows(TYPE, 1_500);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(MANUAL).open(bytes, "m.parquet")) {
            for (int i = 0; i < rows.size(); i++) {
                writer.write(rows.get(i));
                if (i == 999) {
                    assertThat(writer.openRowGroupRows()).isEqualTo(1_000);
                    writer.cutRowGroup();
                    assertThat(writer.openRowGroupRows()).isZero();
                    assertThat(writer.openRowGroupBytes()).isZero();
                    // A cut of an empty group is no group.
                    writer.cutRowGroup();
                }
            }
        }
        assertThat(groupRows(bytes.toByteArray())).containsExactly(1_000L, 500L);
    }

    @Test
    void theSizeEstimatesGrowWithTheRowsAndMeetTheFile() throws IOException {
        List<RowData> rows = new TestingRandomRows(2).rows(TYPE, 30_000);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        long estimated;
        long written;
        long settled;
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(MANUAL).open(bytes, "m.parquet")) {
            long first = 0;
            for (int i = 0; i < rows.size(); i++) {
                writer.write(rows.get(i));
                if (i == 4_999) {
                    first = writer.estimatedFileBytes();
                }
                if (i % 5_000 == 4_999) {
                    writer.cutRowGroup();
                }
            }
            estimated = writer.estimatedFileBytes();
            // Not monotonic: a group's estimate gives way to its real size once known.
            assertThat(estimated).isGreaterThan(first);
            writer.finish();
            written = writer.bytesWritten();
            settled = writer.estimatedFileBytes();
        }
        assertThat(written).isEqualTo(bytes.size());
        // Once the file is finished the estimate is the magic and the row groups' real bytes: the
        // file less its page indexes, bloom filters and footer; before, the last group's estimate
        // was close to its real size.
        long groups = groupCompressedBytes(bytes.toByteArray());
        assertThat(settled).isEqualTo(groups + 4);
        assertThat((double) estimated).isBetween(0.99 * settled, 1.01 * settled);
    }

    @Test
    void writersSharingAPoolWriteTheFilesTheyWriteAlone() throws IOException {
        List<List<RowData>> inputs =
                List.of(
                        new TestingRandomRows(3).rows(TYPE, 9_000),
                        new TestingRandomRows(4).rows(TYPE, 7_000),
                        new TestingRandomRows(5).rows(TYPE, 11_000));
        WriteOptions options = WriteOptions.builder().rowGroupRows(2_500).build();
        List<byte[]> alone = new ArrayList<>();
        for (List<RowData> rows : inputs) {
            alone.add(TestingWriters.bytes(TYPE, options, rows, EncodingContext.CALLER_RUNS));
        }
        // Two slices and one row group in flight for three files: every writer waits on the others.
        try (EncodingPool pool = EncodingPool.threads(2, 2, 1, "shared")) {
            List<ByteArrayOutputStream> outs = new ArrayList<>();
            List<ParquetWriter> writers = new ArrayList<>();
            for (int f = 0; f < inputs.size(); f++) {
                outs.add(new ByteArrayOutputStream());
                writers.add(
                        ParquetWriter.builder(TYPE)
                                .options(options)
                                .encodingOn(pool)
                                .open(outs.get(f), "f" + f));
            }
            for (int i = 0; i < 11_000; i++) {
                for (int f = 0; f < inputs.size(); f++) {
                    if (i < inputs.get(f).size()) {
                        writers.get(f).write(inputs.get(f).get(i));
                    }
                }
            }
            for (ParquetWriter writer : writers) {
                writer.close();
            }
            for (int f = 0; f < inputs.size(); f++) {
                assertThat(outs.get(f).toByteArray()).as("file %d", f).isEqualTo(alone.get(f));
            }
        }
    }

    @Test
    void anAbortedWriterGivesItsSlotsBackAndTakesNoMoreRows() throws IOException {
        List<RowData> rows = new TestingRandomRows(6).rows(TYPE, 20_000);
        try (EncodingPool pool = EncodingPool.threads(1, 1, 1, "abort")) {
            ParquetWriter aborted =
                    ParquetWriter.builder(TYPE)
                            .options(MANUAL)
                            .encodingOn(pool)
                            .open(new ByteArrayOutputStream(), "a");
            for (RowData row : rows) {
                aborted.write(row);
            }
            aborted.abort();
            assertThatThrownBy(() -> aborted.write(rows.get(0)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Cannot write a");
            // With one slice slot in the pool, a writer after it could not go on if the aborted
            // one had kept it.
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ParquetWriter next =
                    ParquetWriter.builder(TYPE).options(MANUAL).encodingOn(pool).open(out, "b")) {
                for (RowData row : rows) {
                    next.write(row);
                }
            }
            assertThat(groupRows(out.toByteArray())).containsExactly(20_000L);
        }
    }

    @Test
    void anAssumedCompressionSizesTheFirstGroupsAndIsChecked() throws IOException {
        List<RowData> rows = new TestingRandomRows(7).rows(TYPE, 20_000);
        WriteOptions bounded = WriteOptions.builder().rowGroupBytes(200_000).build();
        List<Long> raw = groupRows(write(rows, bounded, 0));
        List<Long> assumedSmall = groupRows(write(rows, bounded, 0.05));
        assertThat(assumedSmall.get(0))
                .as("raw %s, assumed 0.05 %s", raw, assumedSmall)
                .isGreaterThan(raw.get(0));
        ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(bounded)
                        .open(new ByteArrayOutputStream(), "m.parquet");
        assertThatThrownBy(() -> WriterSizing.of(writer).assumeCompression(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be > 0");
        assertThatThrownBy(() -> WriterSizing.of(writer).assumeCompression(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shreddedRowsCheckAndMeasureRowsAsTheWriterWould() {
        ShreddedRows held = ShreddedRows.of(TYPE, "held.parquet");
        List<RowData> rows = new TestingRandomRows(8).rows(TYPE, 100);
        long before = held.rawBytes();
        rows.forEach(row -> held.append(row, 0));
        assertThat(held.rowCount()).isEqualTo(100);
        assertThat(held.rawBytes()).isGreaterThan(before);
        assertThatThrownBy(() -> held.append(new GenericRowData(TYPE.getFieldCount()), 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot write row 100")
                .hasMessageEndingWith("(held.parquet)");
        assertThat(held.rowCount()).as("the rejected row is not held").isEqualTo(100);
        held.clear();
        assertThat(held.rowCount()).isZero();
    }

    @Test
    void aByteLimitCheckMeasuresRarelyFarFromTheLimitAndSaysWhenItIsReached() {
        ByteLimitCheck check = new ByteLimitCheck(100_000);
        int[] measured = {0};
        long rows = 0;
        while (!check.reached(
                ++rows,
                () -> {
                    measured[0]++;
                    return 0;
                })) {
            if (rows == 10_000) {
                break;
            }
        }
        assertThat(rows).as("never reached at 0 bytes").isEqualTo(10_000);
        check.reset();
        long row = 0;
        boolean reached = false;
        measured[0] = 0;
        while (!reached) {
            row++;
            long bytes = row * 10;
            reached =
                    check.reached(
                            row,
                            () -> {
                                measured[0]++;
                                return bytes;
                            });
        }
        assertThat(row * 10).isBetween(100_000L, 110_000L);
        assertThat(measured[0]).as("measurements for %d rows", row).isLessThan(100);
        assertThatThrownBy(() -> new ByteLimitCheck(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] write(List<RowData> rows, WriteOptions options, double assumed)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(options).open(bytes, "m.parquet")) {
            if (assumed > 0) {
                WriterSizing.of(writer).assumeCompression(assumed);
            }
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return bytes.toByteArray();
    }

    private static List<Long> groupRows(byte[] file) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("m.parquet", file), ReadOptions.defaults())) {
            List<Long> rows = new ArrayList<>();
            reader.metadata().rowGroups().forEach(g -> rows.add(g.numRows()));
            return rows;
        }
    }

    private static long groupCompressedBytes(byte[] file) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile("m.parquet", file), ReadOptions.defaults())) {
            long total = 0;
            for (var group : reader.metadata().rowGroups()) {
                total += group.totalCompressedSize();
            }
            return total;
        }
    }
}
