package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * {@link WriterSizing#heldBytes()} follows what the writer holds: it grows as the open row group
 * fills, drops once the group is cut and written, is 0 after finish and abort, is never negative,
 * and for an open group it covers the group's bytes once written (its pages, dictionaries and bloom
 * filters: at least 70 % of them) plus the buffers as allocated (dictionary tables, page and slice
 * arrays, which keep their capacity), measured on the calling thread, so without lag: at most four
 * times the written group.
 */
class HeldBytesTest {
    private static final String LOCATION = "held.parquet";

    /** Rows per measured group: whole slices, so no row waits in the filling slice. */
    private static final int GROUP_ROWS = 8 * 4096;

    /** NOT NULL flat leaves only: every chunk on pqx's {@code FlatChunkWriter}. */
    private static final RowType NOT_NULL_FLAT =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("x", DataTypes.DOUBLE().notNull()),
                                    DataTypes.FIELD("n", DataTypes.INT().notNull()))
                            .getLogicalType();

    @Test
    void flatLeavesOfBothWritersAreCoverTheWrittenGroup() throws IOException {
        checkAgainstWrittenGroup(
                TestingRowTypes.FLAT,
                WriteOptions.builder()
                        .pageSizeBytes(16 << 10)
                        .rowGroupRows(Integer.MAX_VALUE)
                        .build());
    }

    @Test
    void pqxsOwnFlatWriterIsCoverTheWrittenGroup() throws IOException {
        checkAgainstWrittenGroup(
                NOT_NULL_FLAT,
                WriteOptions.builder()
                        .pageSizeBytes(16 << 10)
                        .rowGroupRows(Integer.MAX_VALUE)
                        .build());
        checkAgainstWrittenGroup(
                NOT_NULL_FLAT,
                WriteOptions.builder()
                        .codec(Compression.UNCOMPRESSED)
                        .pageSizeBytes(64 << 10)
                        .rowGroupRows(Integer.MAX_VALUE)
                        .build());
    }

    @Test
    void nestedLeavesAndBloomFiltersAreCoverTheWrittenGroup() throws IOException {
        checkAgainstWrittenGroup(
                TestingRowTypes.NESTED,
                WriteOptions.builder()
                        .pageSizeBytes(16 << 10)
                        .rowGroupRows(Integer.MAX_VALUE)
                        .bloomFilter("id", new BloomFilterSpec(200_000, 0.01))
                        .bloomFilter("tags.list.element", new BloomFilterSpec(1_000, 0.01))
                        .build());
    }

    @Test
    void itGrowsWithTheOpenGroupDropsAfterTheCutAndIsZeroAfterFinish() throws IOException {
        List<RowData> rows = new TestingRandomRows(31).rows(TestingRowTypes.FLAT, 3 * GROUP_ROWS);
        WriteOptions options = WriteOptions.builder().rowGroupRows(Integer.MAX_VALUE).build();
        ParquetWriter writer =
                ParquetWriter.builder(TestingRowTypes.FLAT)
                        .options(options)
                        .open(new ByteArrayOutputStream(), LOCATION);
        long fresh = WriterSizing.of(writer).heldBytes();
        assertThat(fresh)
                .as(
                        "a fresh writer: the arrays of its empty slice only (a recycled slice keeps"
                                + " the capacity of up to 4096 rows or 1 MiB, doubled as it grew)")
                .isBetween(1L, 2L << 20);
        long early = 0;
        for (int i = 0; i < GROUP_ROWS; i++) {
            writer.write(rows.get(i));
            if (i == 2 * 4096) {
                early = WriterSizing.of(writer).heldBytes();
            }
        }
        long full = WriterSizing.of(writer).heldBytes();
        assertThat(early).isPositive();
        assertThat(full).isGreaterThan(3 * early);
        writer.cutRowGroup();
        writer.writtenPrefix();
        assertThat(WriterSizing.of(writer).heldBytes())
                .as("the group's pages are gone; buffers keep their capacity")
                .isLessThan(fresh + full / 20);
        for (int i = GROUP_ROWS; i < GROUP_ROWS + 1_000; i++) {
            writer.write(rows.get(i));
        }
        assertThat(WriterSizing.of(writer).heldBytes()).as("the filling slice's rows").isPositive();
        writer.finish();
        assertThat(WriterSizing.of(writer).heldBytes()).isZero();
    }

    @Test
    void onASharedPoolItIsNeverNegativeNeverThrowsAndIsZeroAfterAbort() throws IOException {
        List<RowData> rows = new TestingRandomRows(32).rows(TestingRowTypes.NESTED, 40_000);
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(9_000)
                        .bloomFilter("id", new BloomFilterSpec(10_000, 0.01))
                        .build();
        try (EncodingPool pool = EncodingPool.threads(2, 8, 2, "t")) {
            ParquetWriter first =
                    ParquetWriter.builder(TestingRowTypes.NESTED)
                            .options(options)
                            .encodingOn(pool)
                            .open(new ByteArrayOutputStream(), "a");
            ParquetWriter second =
                    ParquetWriter.builder(TestingRowTypes.NESTED)
                            .options(options)
                            .encodingOn(pool)
                            .open(new ByteArrayOutputStream(), "b");
            long max = 0;
            for (int i = 0; i < rows.size(); i++) {
                first.write(rows.get(i));
                second.write(rows.get(rows.size() - 1 - i));
                if (i % 97 == 0) {
                    long held = WriterSizing.of(first).heldBytes();
                    assertThat(held).as("row %d", i).isNotNegative();
                    assertThat(WriterSizing.of(second).heldBytes()).as("row %d", i).isNotNegative();
                    max = Math.max(max, held);
                }
            }
            assertThat(max).isPositive();
            first.finish();
            assertThat(WriterSizing.of(first).heldBytes()).isZero();
            second.abort();
            assertThat(WriterSizing.of(second).heldBytes()).isZero();
        }
    }

    /**
     * Fills a second row group of {@link #GROUP_ROWS} rows (the first settles the writer) on the
     * calling thread, then compares the held bytes with the group's bytes once cut and written.
     */
    private static void checkAgainstWrittenGroup(RowType type, WriteOptions options)
            throws IOException {
        List<RowData> rows = new TestingRandomRows(33).rows(type, 2 * GROUP_ROWS);
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .open(new ByteArrayOutputStream(), LOCATION)) {
            for (int i = 0; i < GROUP_ROWS; i++) {
                writer.write(rows.get(i));
            }
            writer.cutRowGroup();
            for (int i = GROUP_ROWS; i < rows.size(); i++) {
                writer.write(rows.get(i));
            }
            long before = writer.bytesWritten();
            long held = WriterSizing.of(writer).heldBytes();
            writer.cutRowGroup();
            long written = writer.bytesWritten() - before;
            assertThat((double) held)
                    .as("held vs the %d bytes written, %s", written, options)
                    .isBetween(0.7 * written, 4.0 * written);
        }
    }
}
