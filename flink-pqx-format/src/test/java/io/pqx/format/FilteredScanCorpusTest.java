package io.pqx.format;

import static io.pqx.format.TestingSelections.open;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.options.PageVersion;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.prune.RowSelection;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ParquetReader#scanRowGroup} over every file of the parquet-testing corpus that a full read
 * accepts: late-materialized or decoded then filtered, for random projections, selections of one to
 * four ranges and filters keeping every row, most rows or one row in a thousand, it returns exactly
 * the rows the full read gives, with their positions. The corpus holds the other writers' layouts a
 * selective read has fast paths for (v2 pages, DELTA and BYTE_STREAM_SPLIT encodings, pages without
 * an offset index, nulls, nested columns); the files a full read refuses are named, so a file newly
 * refused fails the test instead of dropping out of it.
 */
class FilteredScanCorpusTest {
    private static final long SEED = Long.getLong("pqx.seed", new Random().nextLong());

    /** Scans per file, each with its own options, projection, filter column and kept rows. */
    private static final int SCANS_PER_FILE = 12;

    /** What a full read refuses: damaged files, an oversized page, malformed shredded variants. */
    private static final Set<String> REFUSED =
            Set.of(
                    "datapage_v1-corrupt-checksum.parquet",
                    "large_string_map.brotli.parquet",
                    "nation.dict-malformed.parquet",
                    "rle-dict-uncompressed-corrupt-checksum.parquet",
                    "case-040.parquet",
                    "case-042.parquet",
                    "case-043-INVALID.parquet",
                    "case-084-INVALID.parquet",
                    "case-085.parquet",
                    "case-087.parquet",
                    "case-125-INVALID.parquet",
                    "case-127.parquet",
                    "case-128.parquet",
                    "case-137.parquet");

    private static final int OWN_ROWS = 60_000;

    private static final RowType OWN_TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("flag", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("small", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("wide", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("price", DataTypes.DOUBLE().notNull()),
                                    DataTypes.FIELD("mode", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("comment", DataTypes.STRING().notNull()),
                                    DataTypes.FIELD("maybe", DataTypes.INT()))
                            .getLogicalType();

    @Test
    void everyReadableFileScansToExactlyTheKeptRows() throws Exception {
        System.out.println("FilteredScanCorpusTest seed " + SEED + " (repeat with -Dpqx.seed=)");
        Random random = new Random(SEED);
        Set<String> refused = new TreeSet<>();
        int rowGroupsScanned = 0;
        for (Path file : TestingParquetFiles.allPlainFiles()) {
            List<List<Object>> all;
            try {
                all = TestingRowValues.readAll(file, ReadOptions.defaults());
            } catch (UncheckedIOException e) {
                refused.add(file.getFileName().toString());
                continue;
            }
            for (int scan = 0; scan < SCANS_PER_FILE; scan++) {
                rowGroupsScanned += checkScans(file, all, random, scan % 3 != 2);
            }
        }
        assertThat(refused).as("files a full read refuses").isEqualTo(new TreeSet<>(REFUSED));
        assertThat(rowGroupsScanned).as("row groups scanned").isGreaterThan(1000);
    }

    /**
     * pqx's own layouts, which the corpus's small files lack: long bit-packed runs of dictionary
     * ids 1 to 17 bits wide (a scattered filter passes over tens to thousands of ids between kept
     * rows), PLAIN numbers and strings, a nullable column, pages of either version, with and
     * without the page index.
     */
    @Test
    void pqxFilesOfEveryPageLayoutScanToExactlyTheKeptRows(@TempDir Path dir) throws Exception {
        Random random = new Random(SEED);
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < OWN_ROWS; i++) {
            rows.add(
                    GenericRowData.of(
                            random.nextInt(2),
                            (long) random.nextInt(300),
                            random.nextInt(100_000),
                            (double) random.nextInt(20),
                            StringData.fromString("s" + random.nextInt(40)),
                            (long) i,
                            StringData.fromString("comment " + random.nextInt()),
                            random.nextInt(5) == 0 ? null : random.nextInt(1_000)));
        }
        List<List<Object>> written = new ArrayList<>();
        for (RowData row : rows) {
            written.add(TestingRowValues.of(row, OWN_TYPE));
        }
        int scanned = 0;
        for (PageVersion version : PageVersion.values()) {
            for (boolean pageIndex : new boolean[] {true, false}) {
                Path file = dir.resolve(version + "-" + pageIndex + ".parquet");
                TestingWriters.write(
                        file,
                        OWN_TYPE,
                        WriteOptions.builder()
                                .pageVersion(version)
                                .pageIndexEnabled(pageIndex)
                                .rowGroupRows(OWN_ROWS / 2)
                                .build(),
                        rows);
                List<List<Object>> all = TestingRowValues.readAll(file, ReadOptions.defaults());
                // the full read, what the scans are held to, holds what was written
                assertThat(all).isEqualTo(written);
                for (int scan = 0; scan < SCANS_PER_FILE; scan++) {
                    scanned += checkScans(file, all, random, scan % 3 != 2);
                }
            }
        }
        assertThat(scanned).isEqualTo(4 * SCANS_PER_FILE * 2);
    }

    /**
     * Scans every row group of {@code file} once with one random setting and checks each against
     * {@code all}; returns the row groups scanned.
     */
    private static int checkScans(Path file, List<List<Object>> all, Random random, boolean late)
            throws Exception {
        ReadOptions options =
                ReadOptions.builder()
                        .batchSize(new int[] {1, 7, 100, 2048}[random.nextInt(4)])
                        .lateMaterialization(late)
                        .alternatingBatches(random.nextBoolean())
                        .build();
        int scanned = 0;
        try (ParquetReader reader = ParquetReader.open(open(file), options)) {
            List<String> names = reader.schema().rowType().getFieldNames();
            List<String> out = new ArrayList<>();
            for (String name : names) {
                if (random.nextInt(3) > 0) {
                    out.add(name);
                }
            }
            if (out.isEmpty()) {
                out.add(names.get(random.nextInt(names.size())));
            }
            ReadSchema projection = reader.project(out);
            ReadSchema filterColumns =
                    reader.project(List.of(names.get(random.nextInt(names.size()))));
            LongPredicate keep = scattered(random);
            long first = 0;
            for (int g = 0; g < reader.metadata().rowGroups().size(); g++) {
                long rows = reader.metadata().rowGroups().get(g).numRows();
                if (rows > 0) {
                    RowSelection selection = ranges(random, rows);
                    String what =
                            file.getFileName()
                                    + " row group "
                                    + g
                                    + ", "
                                    + options
                                    + ", output "
                                    + out
                                    + ", filter on "
                                    + filterColumns.rowType().getFieldNames()
                                    + ", selection "
                                    + selection;
                    assertThat(
                                    FilteredScanTest.scan(
                                            reader,
                                            g,
                                            projection,
                                            selection,
                                            new FilteredScanTest.PositionFilter(
                                                    filterColumns, keep)))
                            .as(what)
                            .isEqualTo(expected(all, first, rows, selection, keep, names, out));
                    scanned++;
                }
                first += rows;
            }
        }
        return scanned;
    }

    /** Keeps every row, one in 2, 3, 10, 100 or 1,000 (by a hash of the position), or none. */
    private static LongPredicate scattered(Random random) {
        long salt = random.nextLong();
        int every = new int[] {1, 2, 3, 10, 100, 1000, 0}[random.nextInt(7)];
        return row ->
                every != 0
                        && Math.floorMod(Long.hashCode(row * 0x9E3779B97F4A7C15L ^ salt), every)
                                == 0;
    }

    /** One to four ranges of {@code [0, rows)}, apart, in order, the last often to the end. */
    private static RowSelection ranges(Random random, long rows) {
        int wanted = 1 + random.nextInt(4);
        long[] starts = new long[wanted];
        long[] ends = new long[wanted];
        int count = 0;
        long at = 0;
        while (count < wanted && at < rows) {
            long start =
                    at + (random.nextBoolean() ? 0 : random.nextLong(Math.max(1, (rows - at) / 2)));
            if (start >= rows) {
                break;
            }
            long end = random.nextInt(4) == 0 ? rows : start + 1 + random.nextLong(rows - start);
            starts[count] = start;
            ends[count] = end;
            count++;
            at = end + 1 + random.nextInt(1000);
        }
        return RowSelection.of(Arrays.copyOf(starts, count), Arrays.copyOf(ends, count));
    }

    /** The selected and kept rows of the row group whose rows start at {@code all[first]}. */
    private static List<List<Object>> expected(
            List<List<Object>> all,
            long first,
            long rows,
            RowSelection selection,
            LongPredicate keep,
            List<String> names,
            List<String> out) {
        List<List<Object>> expected = new ArrayList<>();
        for (long r = 0; r < rows; r++) {
            if (keep.test(r) && selection.overlaps(r, r + 1)) {
                List<Object> row = new ArrayList<>();
                for (String name : out) {
                    row.add(all.get((int) (first + r)).get(names.indexOf(name)));
                }
                row.add(r);
                expected.add(row);
            }
        }
        return expected;
    }
}
