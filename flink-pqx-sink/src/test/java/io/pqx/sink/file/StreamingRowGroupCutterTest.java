package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.schema.FlinkSchemaConverter;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.sink.SinkFiles;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Exact-mode row groups encoded incrementally in slices give the same file bytes as the buffered
 * path (whole groups encoded at the cut), for flat, nested and nullable columns, several slice
 * sizes, byte-bounded cuts and several options; and a rejected row is in no column.
 */
class StreamingRowGroupCutterTest {
    private static final long NO_BYTE_BOUND = 1L << 30;
    private static final int[] SLICE_ROWS = {1, 7, 100, StreamingRowGroupCutter.DEFAULT_SLICE_ROWS};

    /** id INT NOT NULL, tags ARRAY<STRING>, m MAP<STRING, INT>, s ROW<a DOUBLE, b ARRAY<BIGINT NOT NULL>>, d DECIMAL(20,2), flag BOOLEAN. */
    static final RowType NESTED =
            RowType.of(
                    new LogicalType[] {
                        new IntType(false),
                        new ArrayType(new VarCharType(VarCharType.MAX_LENGTH)),
                        new MapType(new VarCharType(false, VarCharType.MAX_LENGTH), new IntType()),
                        RowType.of(
                                new LogicalType[] {
                                    new DoubleType(), new ArrayType(new BigIntType(false))
                                },
                                new String[] {"a", "b"}),
                        new DecimalType(20, 2),
                        new BooleanType()
                    },
                    new String[] {"id", "tags", "m", "s", "d", "flag"});

    @TempDir Path dir;
    private int fileCount;

    @Test
    void flatColumnsGiveTheBufferedPathsBytesForEverySliceSize() throws Exception {
        List<RowData> rows = TestRows.ids(0, 25_000);
        RowGroupCutSettings cut =
                new RowGroupCutSettings(RowGroupMode.EXACT, 6000, NO_BYTE_BOUND, 10);
        assertSameBytesForEverySliceSize(TestRows.TYPE, rows, cut, WriteOptions.defaults(), 16);
    }

    @Test
    void nestedNullableColumnsGiveTheBufferedPathsBytesForEverySliceSize() throws Exception {
        List<RowData> rows = nestedRows(3000, 42);
        RowGroupCutSettings cut =
                new RowGroupCutSettings(RowGroupMode.EXACT, 700, NO_BYTE_BOUND, 10);
        assertSameBytesForEverySliceSize(NESTED, rows, cut, WriteOptions.defaults(), 4);
    }

    @Test
    void byteBoundedCutsAreTheBufferedPathsCuts() throws Exception {
        List<RowData> rows = nestedRows(3000, 7);
        RowGroupCutSettings cut = new RowGroupCutSettings(RowGroupMode.EXACT, 2000, 20_000, 30);
        Path buffered = write(NESTED, rows, cut, WriteOptions.defaults(), 0, 2);
        int groups = SinkFiles.footer(buffered).rowGroups().size();
        assertThat(groups).as("the byte bound cuts before the row target").isGreaterThan(2);
        assertSameBytesForEverySliceSize(NESTED, rows, cut, WriteOptions.defaults(), 2);
    }

    @Test
    void optionsGiveTheBufferedPathsBytes() throws Exception {
        List<RowData> rows = nestedRows(2500, 3);
        RowGroupCutSettings cut =
                new RowGroupCutSettings(RowGroupMode.EXACT, 1000, NO_BYTE_BOUND, 10);
        WriteOptions small =
                WriteOptions.builder()
                        .pageRowLimit(50)
                        .pageSizeBytes(2048)
                        .dictionaryPageSizeBytes(1024)
                        .pageVersion(PageVersion.V2)
                        .bloomFilter("id", new BloomFilterSpec(1000, 0.01))
                        .pageChecksums(true)
                        .build();
        assertSameBytesForEverySliceSize(NESTED, rows, cut, small, 3);
        WriteOptions plain = WriteOptions.builder().dictionaryEnabled(false).build();
        assertSameBytesForEverySliceSize(NESTED, rows, cut, plain, 3);
    }

    @Test
    void aRejectedRowIsInNoColumn() throws Exception {
        List<RowData> good = nestedRows(1500, 11);
        List<RowData> withBad = new ArrayList<>();
        for (int i = 0; i < good.size(); i++) {
            withBad.add(good.get(i));
            if (i % 97 == 5) {
                // Valid up to s.b, whose NOT NULL element is null: rejected mid-row.
                withBad.add(
                        GenericRowData.of(
                                -1,
                                new GenericArrayData(new Object[] {StringData.fromString("x")}),
                                null,
                                GenericRowData.of(1.5, new GenericArrayData(new Object[] {null})),
                                null,
                                true));
            }
        }
        RowGroupCutSettings cut =
                new RowGroupCutSettings(RowGroupMode.EXACT, 400, NO_BYTE_BOUND, 10);
        Path expected = write(NESTED, good, cut, WriteOptions.defaults(), 0, 2);
        Path actual = writeSkippingRejected(NESTED, withBad, cut, 7);
        assertThat(Files.readAllBytes(actual)).isEqualTo(Files.readAllBytes(expected));
    }

    @Test
    void rejectionNamesRowAndColumn() throws Exception {
        RowData bad =
                GenericRowData.of(
                        1, null, null, GenericRowData.of(1.0, new GenericArrayData(new Object[] {null})),
                        null, null);
        RowGroupCutSettings cut =
                new RowGroupCutSettings(RowGroupMode.EXACT, 400, NO_BYTE_BOUND, 10);
        assertThatThrownBy(() -> write(NESTED, List.of(bad), cut, WriteOptions.defaults(), 7, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 0")
                .hasMessageContaining("s.b");
    }

    private void assertSameBytesForEverySliceSize(
            RowType type,
            List<RowData> rows,
            RowGroupCutSettings cut,
            WriteOptions options,
            int threads)
            throws Exception {
        byte[] buffered = Files.readAllBytes(write(type, rows, cut, options, 0, 1));
        for (int slice : SLICE_ROWS) {
            byte[] streamed = Files.readAllBytes(write(type, rows, cut, options, slice, threads));
            assertThat(streamed).as("slice rows %d, %d threads", slice, threads).isEqualTo(buffered);
        }
    }

    private Path write(
            RowType type,
            List<RowData> rows,
            RowGroupCutSettings cut,
            WriteOptions options,
            int sliceRows,
            int threads)
            throws Exception {
        return write(type, rows, cut, options, sliceRows, threads, false);
    }

    private Path writeSkippingRejected(
            RowType type, List<RowData> rows, RowGroupCutSettings cut, int sliceRows)
            throws Exception {
        return write(type, rows, cut, WriteOptions.defaults(), sliceRows, 2, true);
    }

    private Path write(
            RowType type,
            List<RowData> rows,
            RowGroupCutSettings cut,
            WriteOptions options,
            int sliceRows,
            int threads,
            boolean skipRejected)
            throws Exception {
        String name = "f" + (fileCount++) + ".parquet";
        org.apache.flink.core.fs.Path base = new org.apache.flink.core.fs.Path(dir.toUri());
        RecoverableWriter writer = FileSystem.getLocalFileSystem().createRecoverableWriter();
        ParquetSchema schema = FlinkSchemaConverter.toParquetSchema(type);
        try (EncodingResources resources = new EncodingResources(threads, 2, "test")) {
            PartFile file =
                    PartFile.open(
                            writer,
                            new PartFileSpec(base, "", name, 0L),
                            schema,
                            options,
                            cut,
                            null,
                            resources,
                            sliceRows);
            for (RowData row : rows) {
                try {
                    file.write(row, 0L, Long.MIN_VALUE);
                } catch (IllegalArgumentException e) {
                    if (!skipRejected) {
                        file.discard();
                        throw e;
                    }
                }
            }
            PendingFile pending = file.closeForCommit();
            writer.recoverForCommit(pending.recoverable()).commitAfterRecovery();
        }
        return dir.resolve(name);
    }

    static List<RowData> nestedRows(int count, long seed) {
        Random random = new Random(seed);
        List<RowData> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(
                    GenericRowData.of(
                            i,
                            random.nextInt(5) == 0 ? null : tags(random),
                            random.nextInt(4) == 0 ? null : map(random),
                            random.nextInt(6) == 0 ? null : struct(random),
                            random.nextInt(3) == 0
                                    ? null
                                    : DecimalData.fromBigDecimal(
                                            BigDecimal.valueOf(random.nextLong() % 1_000_000_000L, 2),
                                            20,
                                            2),
                            random.nextInt(3) == 0 ? null : random.nextBoolean()));
        }
        return rows;
    }

    private static GenericArrayData tags(Random random) {
        Object[] tags = new Object[random.nextInt(4)];
        for (int j = 0; j < tags.length; j++) {
            tags[j] =
                    random.nextInt(5) == 0
                            ? null
                            : StringData.fromString("tag-" + random.nextInt(30));
        }
        return new GenericArrayData(tags);
    }

    private static GenericMapData map(Random random) {
        Map<Object, Object> map = new HashMap<>();
        int n = random.nextInt(3);
        for (int j = 0; j < n; j++) {
            map.put(
                    StringData.fromString("k" + j),
                    random.nextInt(4) == 0 ? null : random.nextInt(1000));
        }
        return new GenericMapData(map);
    }

    private static GenericRowData struct(Random random) {
        Object[] longs = new Object[random.nextInt(3)];
        for (int j = 0; j < longs.length; j++) {
            longs[j] = random.nextLong();
        }
        return GenericRowData.of(
                random.nextInt(4) == 0 ? null : random.nextDouble(),
                random.nextInt(4) == 0 ? null : new GenericArrayData(longs));
    }
}
