package io.pqx.sink.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.EncodingPool;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ShreddedRows;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import io.pqx.sink.TestingSinkFiles;
import io.pqx.sink.options.RowGroupMode;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.core.fs.FileSystem.WriteMode;
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

/**
 * A part file is the format writer's file: exact-mode row groups passed to the writer as they come
 * (the streaming cutter) or held until the cut (the holding cutter) give the bytes {@link
 * ParquetWriter} gives for the same row groups, for flat, nested and nullable columns, several
 * options and thread counts; byte-bounded cuts do not depend on the threads; a rejected row is in
 * no column.
 */
class PartFileTest {
    private static final long NO_BYTE_BOUND = TestingPartFiles.NO_BYTE_BOUND;

    /**
     * id INT NOT NULL, tags ARRAY<STRING>, m MAP<STRING, INT>, s ROW<a DOUBLE, b ARRAY<BIGINT NOT
     * NULL>>, d DECIMAL(20,2), flag BOOLEAN.
     */
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
    void flatColumnsGiveTheFormatWritersBytes() throws Exception {
        List<RowData> rows = TestingIdNameRows.ids(0, 9_000);
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 2_500, NO_BYTE_BOUND, 10);
        assertFormatWritersBytes(TestingIdNameRows.TYPE, rows, cut, WriteOptions.defaults());
    }

    @Test
    void nestedNullableColumnsGiveTheFormatWritersBytes() throws Exception {
        List<RowData> rows = nestedRows(3000, 5);
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 1000, NO_BYTE_BOUND, 10);
        assertFormatWritersBytes(NESTED, rows, cut, WriteOptions.defaults());
    }

    @Test
    void optionsGiveTheFormatWritersBytes() throws Exception {
        List<RowData> rows = nestedRows(2500, 3);
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 1000, NO_BYTE_BOUND, 10);
        WriteOptions small =
                WriteOptions.builder()
                        .pageRowLimit(50)
                        .pageSizeBytes(2048)
                        .dictionaryPageSizeBytes(1024)
                        .pageVersion(PageVersion.V2)
                        .bloomFilter("id", new BloomFilterSpec(1000, 0.01))
                        .pageChecksums(true)
                        .build();
        assertFormatWritersBytes(NESTED, rows, cut, small);
        WriteOptions plain = WriteOptions.builder().dictionaryEnabled(false).build();
        assertFormatWritersBytes(NESTED, rows, cut, plain);
    }

    @Test
    void byteBoundedCutsDoNotDependOnTheThreads() throws Exception {
        List<RowData> rows = nestedRows(6000, 7);
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 5000, 20_000, 30);
        byte[] one =
                Files.readAllBytes(write(NESTED, rows, cut, WriteOptions.defaults(), 1, false));
        assertThat(
                        TestingSinkFiles.footer(dir.resolve("f" + (fileCount - 1) + ".parquet"))
                                .rowGroups()
                                .size())
                .as("the byte bound cuts before the row target")
                .isGreaterThan(3);
        for (int threads = 2; threads <= 3; threads++) {
            assertThat(
                            Files.readAllBytes(
                                    write(
                                            NESTED,
                                            rows,
                                            cut,
                                            WriteOptions.defaults(),
                                            threads,
                                            false)))
                    .as("%d threads", threads)
                    .isEqualTo(one);
        }
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
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 400, NO_BYTE_BOUND, 10);
        Path expected = write(NESTED, good, cut, WriteOptions.defaults(), 2, false);
        Path actual = write(NESTED, withBad, cut, WriteOptions.defaults(), 2, true);
        assertThat(Files.readAllBytes(actual)).isEqualTo(Files.readAllBytes(expected));
    }

    @Test
    void rejectionNamesRowAndColumn() throws Exception {
        RowData bad =
                GenericRowData.of(
                        1,
                        null,
                        null,
                        GenericRowData.of(1.0, new GenericArrayData(new Object[] {null})),
                        null,
                        null);
        RowGroupLimits cut = new RowGroupLimits(RowGroupMode.EXACT, 400, NO_BYTE_BOUND, 10);
        assertThatThrownBy(
                        () -> write(NESTED, List.of(bad), cut, WriteOptions.defaults(), 2, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 0")
                .hasMessageContaining("s.b")
                .hasMessageContaining("in-progress file");
    }

    /** Streamed and held part files, on 1 to 3 threads, are ParquetWriter's file for the cuts. */
    private void assertFormatWritersBytes(
            RowType type, List<RowData> rows, RowGroupLimits cut, WriteOptions options)
            throws Exception {
        byte[] expected = formatWriter(type, rows, cut, options);
        for (int threads = 1; threads <= 3; threads++) {
            assertThat(Files.readAllBytes(write(type, rows, cut, options, threads, false)))
                    .as("streamed, %d threads", threads)
                    .isEqualTo(expected);
            assertThat(held(type, rows, cut, options, threads))
                    .as("held, %d threads", threads)
                    .isEqualTo(expected);
        }
    }

    /** The reference: the format's writer alone, cutting at the target. */
    private byte[] formatWriter(
            RowType type, List<RowData> rows, RowGroupLimits cut, WriteOptions options)
            throws Exception {
        Path file = dir.resolve("reference" + (fileCount++) + ".parquet");
        WriteOptions byRows = options.toBuilder().rowGroupRows(cut.targetRows()).build();
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(byRows)
                        .mode(WriteMode.NO_OVERWRITE)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return Files.readAllBytes(file);
    }

    /** Exact mode through the holding cutter (as sort-by would, without sorting). */
    private byte[] held(
            RowType type, List<RowData> rows, RowGroupLimits cut, WriteOptions options, int threads)
            throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (EncodingPool pool = EncodingPool.threads(threads, 8, 2, "test");
                ParquetWriter writer =
                        ParquetWriter.builder(type)
                                .options(options)
                                .encodingOn(pool)
                                .open(bytes, "held.parquet")) {
            HoldingCutter cutter =
                    new HoldingCutter(
                            cut,
                            writer,
                            null,
                            ShreddedRows.of(type, "held.parquet"),
                            new CarriedRows(type),
                            null);
            for (RowData row : rows) {
                cutter.add(row);
            }
            cutter.finish();
            writer.finish();
        }
        return bytes.toByteArray();
    }

    private Path write(
            RowType type,
            List<RowData> rows,
            RowGroupLimits cut,
            WriteOptions options,
            int threads,
            boolean skipRejected)
            throws Exception {
        return TestingPartFiles.write(
                dir,
                "f" + (fileCount++) + ".parquet",
                type,
                rows,
                cut,
                options,
                null,
                threads,
                skipRejected);
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
                                            BigDecimal.valueOf(
                                                    random.nextLong() % 1_000_000_000L, 2),
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
