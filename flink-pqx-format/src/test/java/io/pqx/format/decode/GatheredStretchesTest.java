package io.pqx.format.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stretches of a batch that lie on one page, gathered in one pass ({@link
 * FlatLeafColumn#readStretches}, {@link PageValueCursor#gather}): dictionary ids of narrow and wide
 * widths, PLAIN numbers, strings and booleans, pages with and without nulls (only pages without are
 * gathered), dictionary and plain pages in one chunk, and selections of scattered rows, of rows at
 * the edges of bit-packed groups of 8 and of pages, and of short runs, must read the values
 * written, the same as stretch by stretch and as through parquet-column.
 */
class GatheredStretchesTest {
    private static final int ROWS = 4000;
    private static final int PAGE_ROWS = 700;

    @TempDir Path dir;

    @AfterEach
    void restore() {
        FlatLeafColumn.gatherEnabled = true;
        FlatChunkReader.enabled = true;
    }

    private static RowType type() {
        LogicalType[] types = {
            new BigIntType(false), // unique: dictionary pages, then plain once it is full
            new IntType(false), // 5 values: ids of 3 bits
            new BigIntType(false), // 300 values: ids of 9 bits
            new DoubleType(false), // random: plain
            new VarCharType(false, VarCharType.MAX_LENGTH), // 11 strings: dictionary
            new VarCharType(false, VarCharType.MAX_LENGTH), // unique strings: plain
            new BooleanType(false),
            new FloatType(), // nulls on the second page only
            new DecimalType(false, 18, 2), // INT64, dictionary
            new DecimalType(false, 30, 2), // FIXED_LEN_BYTE_ARRAY (decoded whole: not gathered)
            new DateType(false),
            new VarCharType(VarCharType.MAX_LENGTH) // optional, never null (as Arrow writes)
        };
        String[] names = new String[types.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = "c" + i;
        }
        return RowType.of(types, names);
    }

    private static RowData row(int row) {
        Random r = new Random(row * 31L + 7);
        boolean nullFloat = row >= PAGE_ROWS && row < 2 * PAGE_ROWS && r.nextInt(4) == 0;
        return GenericRowData.of(
                (long) row * 1_000_003L,
                row * 7 % 5,
                (long) (row * 7919 % 300) - 150,
                r.nextDouble() * 1e6,
                StringData.fromString("low-" + row % 11),
                StringData.fromString("unique value " + row + " " + r.nextInt(1000)),
                r.nextBoolean(),
                nullFloat ? null : (float) r.nextInt(100_000) / 7,
                DecimalData.fromBigDecimal(BigDecimal.valueOf(row % 97 * 1013L, 2), 18, 2),
                DecimalData.fromBigDecimal(BigDecimal.valueOf(r.nextInt(5000), 2), 30, 2),
                row % 400,
                StringData.fromString("mid-" + row % 170));
    }

    private Path write(PageVersion version) throws Exception {
        Path file = dir.resolve("gathered-" + version + ".parquet");
        WriteOptions options =
                WriteOptions.builder()
                        .pageVersion(version)
                        .codec(Compression.UNCOMPRESSED)
                        .pageRowLimit(PAGE_ROWS)
                        .dictionaryPageSizeBytes(16384)
                        .build();
        try (ParquetWriter writer =
                ParquetWriter.builder(type())
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (int row = 0; row < ROWS; row++) {
                writer.write(row(row));
            }
        }
        return file;
    }

    private static List<String> read(Path file, RowSelection selection, int batchSize)
            throws Exception {
        List<String> rows = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                ReadOptions.builder().batchSize(batchSize).build());
                BatchIterator batches = reader.readRowGroup(0, reader.schema(), selection)) {
            assertThat(reader.metadata().rowGroups()).hasSize(1);
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                for (int i = 0; i < b.getNumRows(); i++) {
                    rows.add(TestingFlatReads.render(new ColumnarRowData(b, i), type()));
                }
            }
        }
        return rows;
    }

    @ParameterizedTest
    @EnumSource(PageVersion.class)
    void gatheredStretchesReadAsStretchByStretchAndAsParquetColumn(PageVersion version)
            throws Exception {
        Path file = write(version);
        Random random = new Random(version.ordinal() + 5);
        List<RowSelection> selections =
                List.of(
                        scattered(random, 50),
                        scattered(random, 9),
                        groupAndPageEdges(),
                        shortRuns(random),
                        scattered(random, 3),
                        // one row per group of 8, in its middle and at its end: every skip ends
                        // inside a group, whose values are then taken from its packed bytes
                        everyEighth(3),
                        everyEighth(7),
                        RowSelection.all(ROWS));
        assertThat(read(file, RowSelection.none(), 64)).isEmpty();
        int[] batchSizes = {7, 64, 1000};
        for (RowSelection selection : selections) {
            List<String> expected = new ArrayList<>();
            for (int r = 0; r < selection.rangeCount(); r++) {
                for (long i = selection.start(r); i < selection.end(r); i++) {
                    expected.add(TestingFlatReads.render(row((int) i), type()));
                }
            }
            for (int batch : batchSizes) {
                long before = FlatLeafColumn.GATHERED.sum();
                List<String> gathered = read(file, selection, batch);
                long took = FlatLeafColumn.GATHERED.sum() - before;
                assertThat(gathered)
                        .as("%s batch %d %s", version, batch, selection)
                        .isEqualTo(expected);
                if (batch > 7 && selection.rowCount() < ROWS) {
                    assertThat(took).as("stretches gathered").isPositive();
                }

                FlatLeafColumn.gatherEnabled = false;
                assertThat(read(file, selection, batch)).isEqualTo(expected);
                FlatLeafColumn.gatherEnabled = true;

                FlatChunkReader.enabled = false;
                assertThat(read(file, selection, batch)).isEqualTo(expected);
                FlatChunkReader.enabled = true;
            }
        }
    }

    private static RowSelection scattered(Random random, int every) {
        TreeSet<Long> rows = new TreeSet<>();
        for (int row = 0; row < ROWS; row++) {
            if (random.nextInt(every) == 0) {
                rows.add((long) row);
            }
        }
        return singleRows(rows);
    }

    /** Every 8th row from {@code first}. */
    private static RowSelection everyEighth(int first) {
        TreeSet<Long> rows = new TreeSet<>();
        for (long row = first; row < ROWS; row += 8) {
            rows.add(row);
        }
        return singleRows(rows);
    }

    /**
     * Rows around the edges of bit-packed groups of 8 (counted from each page's first row) and of
     * pages: the last row of a group, the first of the next, and both ends of pages.
     */
    private static RowSelection groupAndPageEdges() {
        TreeSet<Long> rows = new TreeSet<>();
        for (int page = 0; page * PAGE_ROWS < ROWS; page++) {
            long first = (long) page * PAGE_ROWS;
            for (int g = 1; g < 40; g += 3) {
                rows.add(first + 8L * g - 1);
                rows.add(first + 8L * g + 7);
                rows.add(first + 8L * g + 9);
            }
            rows.add(first);
            rows.add(first + PAGE_ROWS - 1);
            rows.add(first + PAGE_ROWS - 3);
        }
        rows.removeIf(r -> r >= ROWS);
        return singleRows(rows);
    }

    /** Runs of 1 to 20 rows, 1 to 30 rows apart, some crossing page edges. */
    private static RowSelection shortRuns(Random random) {
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        long at = random.nextInt(10);
        while (at < ROWS) {
            long end = Math.min(ROWS, at + 1 + random.nextInt(20));
            starts.add(at);
            ends.add(end);
            at = end + 1 + random.nextInt(30);
        }
        return RowSelection.of(
                starts.stream().mapToLong(Long::longValue).toArray(),
                ends.stream().mapToLong(Long::longValue).toArray());
    }

    /** One range per row; rows next to each other are merged into one range. */
    private static RowSelection singleRows(TreeSet<Long> rows) {
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        for (long row : rows) {
            if (!ends.isEmpty() && ends.get(ends.size() - 1) == row) {
                ends.set(ends.size() - 1, row + 1);
            } else {
                starts.add(row);
                ends.add(row + 1);
            }
        }
        return RowSelection.of(
                starts.stream().mapToLong(Long::longValue).toArray(),
                ends.stream().mapToLong(Long::longValue).toArray());
    }
}
