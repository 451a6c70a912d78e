package io.pqx.format;

import static io.pqx.format.TestingSelections.open;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongPredicate;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetReader#scanRowGroup}: exactly the selected rows the filter keeps, with their
 * positions, whether late-materialized or decoded then filtered, alternating or not, for any
 * pattern of kept rows; late materialization reads and decompresses no page of the other columns
 * that holds no surviving row.
 */
class FilteredScanTest {
    private static final long SEED = Long.getLong("pqx.seed", new Random().nextLong());

    @TempDir Path dir;

    /**
     * A filter deciding by row position, reading {@code columns}; records the rows it was asked
     * about.
     */
    static final class PositionFilter implements RowFilter {
        final ReadSchema columns;
        final LongPredicate keep;
        final List<Long> asked = new ArrayList<>();

        PositionFilter(ReadSchema columns, LongPredicate keep) {
            this.columns = columns;
            this.keep = keep;
        }

        @Override
        public ReadSchema columns() {
            return columns;
        }

        @Override
        public int filter(ParquetBatch batch, boolean[] out) {
            int kept = 0;
            for (int i = 0; i < batch.numRows(); i++) {
                long row = batch.rowPosition(i);
                asked.add(row);
                out[i] = keep.test(row);
                kept += out[i] ? 1 : 0;
            }
            return kept;
        }
    }

    /** Rows read by a scan, each as its values followed by its position. */
    static List<List<Object>> scan(
            ParquetReader reader,
            int rowGroup,
            ReadSchema projection,
            RowSelection selection,
            RowFilter filter)
            throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (BatchIterator batches = reader.scanRowGroup(rowGroup, projection, selection, filter)) {
            while (batches.hasNext()) {
                ParquetBatch b = batches.next();
                assertThat(b.numRows()).isPositive();
                for (int i = 0; i < b.numRows(); i++) {
                    List<Object> row =
                            new ArrayList<>(
                                    TestingRowValues.of(
                                            new ColumnarRowData(b.columnBatch(), i),
                                            projection.rowType()));
                    row.add(b.rowPosition(i));
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static List<List<Object>> expected(
            List<List<Object>> all,
            RowSelection selection,
            LongPredicate keep,
            List<Integer> columns) {
        List<List<Object>> out = new ArrayList<>();
        for (int r = 0; r < selection.rangeCount(); r++) {
            for (long i = selection.start(r); i < selection.end(r); i++) {
                if (keep.test(i)) {
                    List<Object> row = new ArrayList<>();
                    for (int c : columns) {
                        row.add(all.get((int) i).get(c));
                    }
                    row.add(i);
                    out.add(row);
                }
            }
        }
        return out;
    }

    /** Kept-row patterns: none, all, sparse, dense, clustered, alternating. */
    private static List<LongPredicate> patterns(Random random, long rows) {
        long from = random.nextInt((int) rows);
        long to = from + 1 + random.nextInt((int) Math.max(1, rows / 10));
        long salt = random.nextLong();
        return List.of(
                row -> false,
                row -> true,
                row -> Long.hashCode(row * 0x9E3779B97F4A7C15L ^ salt) % 100 == 0,
                row -> Math.floorMod(Long.hashCode(row * 0x9E3779B97F4A7C15L ^ salt), 10) < 7,
                row -> row >= from && row < to,
                row -> row % 2 == 0);
    }

    @Test
    void returnsExactlyTheKeptRowsInEveryModeOnCorpusFiles() throws Exception {
        System.out.println("FilteredScanTest seed " + SEED + " (repeat with -Dpqx.seed=)");
        Random random = new Random(SEED);
        for (String name :
                new String[] {
                    "alltypes_tiny_pages.parquet",
                    "nested_maps.snappy.parquet",
                    "nullable.impala.parquet",
                    "alltypes_plain.parquet"
                }) {
            Path file = TestingParquetFiles.data(name);
            List<List<Object>> all = TestingRowValues.readAll(file, ReadOptions.defaults());
            long rows = all.size();
            for (int round = 0; round < 6; round++) {
                int batchSize = new int[] {1, 3, 100, 2048}[random.nextInt(4)];
                boolean late = random.nextBoolean();
                boolean alternating = random.nextBoolean();
                ReadOptions options =
                        ReadOptions.builder()
                                .batchSize(batchSize)
                                .lateMaterialization(late)
                                .alternatingBatches(alternating)
                                .build();
                try (ParquetReader reader = ParquetReader.open(open(file), options)) {
                    List<String> names = reader.schema().rowType().getFieldNames();
                    // output: the last two fields, then the first; filter: the first and a middle
                    // one
                    List<Integer> out = List.of(names.size() - 1, Math.max(0, names.size() - 2), 0);
                    List<String> outNames = new ArrayList<>();
                    for (int c : out) {
                        if (!outNames.contains(names.get(c))) {
                            outNames.add(names.get(c));
                        }
                    }
                    List<Integer> outColumns = new ArrayList<>();
                    for (String n : outNames) {
                        outColumns.add(names.indexOf(n));
                    }
                    ReadSchema projection = reader.project(outNames);
                    ReadSchema filterColumns =
                            reader.project(List.of(names.get(0), names.get(names.size() / 2)));
                    long start = random.nextInt((int) rows);
                    RowSelection selection =
                            random.nextBoolean()
                                    ? RowSelection.all(rows)
                                    : RowSelection.of(new long[] {start}, new long[] {rows})
                                            .union(RowSelection.all(1));
                    for (LongPredicate keep : patterns(random, rows)) {
                        PositionFilter filter = new PositionFilter(filterColumns, keep);
                        String what =
                                name
                                        + " batch "
                                        + batchSize
                                        + " late "
                                        + late
                                        + " alternating "
                                        + alternating
                                        + " selection "
                                        + selection;
                        assertThat(scan(reader, 0, projection, selection, filter))
                                .as(what)
                                .isEqualTo(expected(all, selection, keep, outColumns));
                        assertThat(filter.asked)
                                .as(what + ": each selected row asked once")
                                .hasSize((int) selection.rowCount())
                                .doesNotHaveDuplicates();
                    }
                }
            }
        }
    }

    @Test
    void conjunctsAreDecidedCheapestFirstEachOnlyOnTheRowsStillKept() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        LongPredicate everyThird = row -> row % 3 == 0;
        LongPredicate firstHalf = row -> row < 3650;
        for (boolean late : new boolean[] {true, false}) {
            try (ParquetReader reader =
                    ParquetReader.open(
                            open(file), ReadOptions.builder().lateMaterialization(late).build())) {
                // bool_col's chunk is far smaller than string_col's: it goes first
                PositionFilter cheap =
                        new PositionFilter(reader.project(List.of("bool_col")), everyThird);
                PositionFilter dear =
                        new PositionFilter(reader.project(List.of("date_string_col")), firstHalf);
                PositionFilter whole =
                        new PositionFilter(
                                reader.project(List.of("bool_col", "date_string_col")),
                                row -> everyThird.test(row) && firstHalf.test(row));
                RowFilter filter =
                        new RowFilter() {
                            @Override
                            public ReadSchema columns() {
                                return whole.columns();
                            }

                            @Override
                            public int filter(ParquetBatch batch, boolean[] keep) {
                                return whole.filter(batch, keep);
                            }

                            @Override
                            public List<RowFilter> conjuncts() {
                                return List.of(dear, cheap);
                            }
                        };
                List<List<Object>> rows =
                        scan(
                                reader,
                                0,
                                reader.project(List.of("id")),
                                RowSelection.all(7300),
                                filter);
                assertThat(rows)
                        .hasSize(1217)
                        .allSatisfy(
                                r -> {
                                    long at = (Long) r.get(1);
                                    assertThat(at % 3 == 0 && at < 3650).isTrue();
                                });
                if (late) {
                    assertThat(whole.asked).isEmpty();
                    assertThat(cheap.asked).hasSize(7300);
                    assertThat(dear.asked)
                            .hasSize(2434)
                            .allSatisfy(row -> assertThat(row % 3).isZero());
                } else {
                    assertThat(whole.asked).hasSize(7300);
                }
            }
        }
    }

    @Test
    void theFilterSeesItsColumnsValuesAndDecidesOnThem() throws Exception {
        Path file = TestingNumberedFile.write(dir.resolve("numbered.parquet"), 3500);
        for (boolean late : new boolean[] {true, false}) {
            try (ParquetReader reader =
                    ParquetReader.open(
                            TestingNumberedFile.open(file),
                            ReadOptions.builder()
                                    .batchSize(64)
                                    .lateMaterialization(late)
                                    .build())) {
                ReadSchema ids = reader.project(List.of("id"));
                RowFilter idsDivisibleBy7 =
                        new RowFilter() {
                            @Override
                            public ReadSchema columns() {
                                return ids;
                            }

                            @Override
                            public int filter(ParquetBatch batch, boolean[] keep) {
                                LongColumnVector id = (LongColumnVector) batch.column(0);
                                for (int i = 0; i < batch.numRows(); i++) {
                                    assertThat(id.getLong(i))
                                            .isEqualTo(
                                                    1000L * batch.rowGroup()
                                                            + batch.rowPosition(i));
                                    keep[i] = id.getLong(i) % 7 == 0;
                                }
                                return 0; // the count is not trusted
                            }
                        };
                for (int g = 0; g < 4; g++) {
                    List<List<Object>> rows =
                            scan(
                                    reader,
                                    g,
                                    reader.project(List.of("name", "id")),
                                    RowSelection.all(reader.metadata().rowGroup(g).numRows()),
                                    idsDivisibleBy7);
                    assertThat(rows)
                            .isNotEmpty()
                            .allSatisfy(
                                    row -> {
                                        assertThat((Long) row.get(1) % 7).isZero();
                                        assertThat(row.get(0)).isNull(); // every 7th name is null
                                    });
                    long multiples = 0;
                    for (long id = 1000L * g; id < Math.min(3500, 1000L * (g + 1)); id++) {
                        multiples += id % 7 == 0 ? 1 : 0;
                    }
                    assertThat(rows).hasSize((int) multiples);
                }
            }
        }
    }

    @Test
    void lateMaterializationReadsNoPageOfTheOtherColumnsWithoutSurvivors() throws Exception {
        Path file = TestingParquetFiles.data("alltypes_tiny_pages.parquet");
        LongPredicate keep = row -> row >= 3000 && row < 3040;
        long[] bytes = new long[2];
        for (boolean late : new boolean[] {true, false}) {
            try (TestingRecordingInputFile recording = new TestingRecordingInputFile(open(file));
                    ParquetReader reader =
                            ParquetReader.open(
                                    recording,
                                    ReadOptions.builder().lateMaterialization(late).build())) {
                ReadSchema filterColumns = reader.project(List.of("id"));
                ReadSchema projection = reader.project(List.of("string_col", "bigint_col", "id"));
                recording.forget();
                List<List<Object>> rows =
                        scan(
                                reader,
                                0,
                                projection,
                                RowSelection.all(7300),
                                new PositionFilter(filterColumns, keep));
                assertThat(rows).hasSize(40);
                bytes[late ? 0 : 1] = recording.bytesRead();
                if (late) {
                    int stringLeaf =
                            reader.schema().leaves().stream()
                                    .filter(l -> l.dottedPath().equals("string_col"))
                                    .findFirst()
                                    .orElseThrow()
                                    .leafIndex();
                    OffsetIndexView index =
                            ParquetInspector.of(reader)
                                    .readOffsetIndex(0, stringLeaf)
                                    .orElseThrow();
                    for (int p = 0; p < index.pageCount(); p++) {
                        long first = index.firstRowIndex(p);
                        long end = first + index.rowCount(p, 7300);
                        if (end <= 3000 || first >= 3040) {
                            long[] page = {
                                index.offset(p), index.offset(p) + index.compressedPageSize(p)
                            };
                            for (long[] read : recording.reads()) {
                                assertThat(read[1] <= page[0] || read[0] >= page[1])
                                        .as(
                                                "read [%d, %d) overlaps page %d of string_col",
                                                read[0], read[1], p)
                                        .isTrue();
                            }
                        }
                    }
                }
            }
        }
        // the filter column whole, the other columns' offset indexes and the pages of 40 rows
        assertThat(bytes[0])
                .as("bytes read late-materializing vs decoding all")
                .isLessThan(bytes[1]);
    }

    @Test
    void pagesWithoutSurvivorsAreNotDecompressedWhenTheChunkHasNoOffsetIndex() throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                        DataTypes.FIELD("payload", DataTypes.STRING().notNull()))
                                .getLogicalType();
        List<RowData> values = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            values.add(
                    GenericRowData.of(
                            (long) i, StringData.fromString("payload-" + (i * 7919L % 100_003))));
        }
        WriteOptions.Builder options =
                WriteOptions.builder().pageRowLimit(100).dictionaryEnabled(false);
        Path indexed = dir.resolve("indexed.parquet");
        Path plain = dir.resolve("plain.parquet");
        TestingWriters.write(indexed, type, options.build(), values);
        TestingWriters.write(plain, type, options.pageIndexEnabled(false).build(), values);
        // the data pages lie where they lie in the twin written with an offset index
        long[] damaged;
        try (ParquetReader twin =
                ParquetReader.open(TestingNumberedFile.open(indexed), ReadOptions.defaults())) {
            OffsetIndexView index = ParquetInspector.of(twin).readOffsetIndex(0, 1).orElseThrow();
            int page = 20; // rows 2000..2099
            assertThat(index.firstRowIndex(page)).isEqualTo(2000);
            damaged = new long[] {index.offset(page), index.compressedPageSize(page)};
        }
        byte[] bytes = Files.readAllBytes(plain);
        int at =
                (int)
                        (damaged[0]
                                + damaged[1]
                                - 5); // inside the page body: its CRC no longer holds
        bytes[at] ^= 0x5A;
        Files.write(plain, bytes);

        try (ParquetReader reader =
                ParquetReader.open(TestingNumberedFile.open(plain), ReadOptions.defaults())) {
            assertThat(reader.metadata().rowGroups().get(0).columns().get(1).offsetIndex())
                    .isEmpty();
            assertThatThrownBy(
                            () ->
                                    TestingSelections.readSelected(
                                            reader, 0, reader.schema(), RowSelection.all(5000)))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasCauseInstanceOf(CorruptFileException.class);
            LongPredicate outsideTheDamage = row -> row < 1500 || row >= 2600;
            List<List<Object>> rows =
                    scan(
                            reader,
                            0,
                            reader.project(List.of("payload")),
                            RowSelection.all(5000),
                            new PositionFilter(reader.project(List.of("id")), outsideTheDamage));
            assertThat(rows).hasSize(3900);
            assertThat(rows.get(1500))
                    .containsExactly("payload-" + (2600 * 7919L % 100_003), 2600L);
        }
    }
}
