package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.SortingColumnSpec;
import io.pqx.format.options.WriteOptions;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * A file written with checkpoints ({@link ParquetWriter#writtenPrefix()}), crashes after them (the
 * bytes past the persisted length lost, as {@code RecoverableWriter.recover} truncates) and {@link
 * ParquetWriter#resume}s that re-feed the rows after the persisted ones is byte for byte the file
 * one writer writes with the same cuts in one go, and reads back whole.
 */
class ResumableWriteTest {
    private static final String LOCATION = "resumed.parquet";
    private static final RowType SMALL =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("score", DataTypes.DOUBLE().notNull()))
                            .getLogicalType();

    @Test
    void randomCheckpointsAndCrashesGiveTheOneGoFile() throws IOException {
        RowType type = TestingRowTypes.FLAT;
        List<RowData> rows = new TestingRandomRows(21).rows(type, 30_000);
        WriteOptions options = WriteOptions.builder().rowGroupRows(1_000_000).build();
        for (long seed = 1; seed <= 4; seed++) {
            Random random = new Random(seed);
            Set<Integer> cuts = randomCuts(random, rows.size(), 6);
            List<int[]> crashes = randomCrashes(random, rows.size(), 3);
            check(
                    type,
                    options,
                    rows,
                    cuts,
                    crashes,
                    EncodingPool::callerRuns,
                    "seed " + seed + ", cuts " + cuts);
        }
    }

    @Test
    void cutsByEstimatedBytesFallAsInTheOneGoFile() throws IOException {
        // The writer cuts where its size estimate reaches the bound: the resumed writer must
        // estimate exactly as the first would have gone on (settled ratio, per-column ratios,
        // groups and slices not yet settled), or its cuts and bytes differ.
        RowType type = TestingRowTypes.FLAT;
        List<RowData> rows = new TestingRandomRows(24).rows(type, 40_000);
        WriteOptions options = WriteOptions.builder().rowGroupBytes(60_000).build();
        for (long seed = 1; seed <= 3; seed++) {
            Random random = new Random(seed);
            List<int[]> crashes = randomCrashes(random, rows.size(), 4);
            byte[] file =
                    check(
                            type,
                            options,
                            rows,
                            Set.of(),
                            crashes,
                            EncodingPool::callerRuns,
                            "byte cuts, seed " + seed);
            assertThat(groupRows(file)).as("seed %d", seed).hasSizeGreaterThan(5);
        }
        try (EncodingPool pool = EncodingPool.threads(2, 8, 2, "t")) {
            check(
                    type,
                    options,
                    rows,
                    Set.of(),
                    List.of(new int[] {10_000, 11_000}, new int[] {11_500, 20_000}),
                    () -> pool,
                    "byte cuts, 2 threads");
        }
    }

    @Test
    void aSharedMultiThreadPoolGivesTheSameFile() throws IOException {
        RowType type = TestingRowTypes.FLAT;
        List<RowData> rows = new TestingRandomRows(22).rows(type, 25_000);
        WriteOptions options = WriteOptions.defaults();
        Set<Integer> cuts = Set.of(3_000, 9_001, 9_002, 17_000);
        List<int[]> crashes = List.of(new int[] {9_500, 12_000}, new int[] {18_000, 24_000});
        try (EncodingPool pool = EncodingPool.threads(2, 8, 2, "t")) {
            check(type, options, rows, cuts, crashes, () -> pool, "2 threads");
        }
    }

    @Test
    void nestedTypesBloomFiltersAndSortingColumnsSurviveResumingTwiceInARow() throws IOException {
        RowType type = TestingRowTypes.NESTED;
        List<RowData> rows = new TestingRandomRows(23).rows(type, 12_000);
        WriteOptions options =
                WriteOptions.builder()
                        .bloomFilter("id", new BloomFilterSpec(5_000, 0.01))
                        .bloomFilter("tags.list.element", new BloomFilterSpec(100, 0.05))
                        .sortingColumn(new SortingColumnSpec("id", false, true))
                        .build();
        Set<Integer> cuts = Set.of(2_000, 5_000, 8_000);
        // The second crash follows the first resume straight away: a point from a resumed writer.
        List<int[]> crashes =
                List.of(
                        new int[] {5_500, 6_000},
                        new int[] {6_100, 7_000},
                        new int[] {9_000, 9_100});
        try (EncodingPool pool = EncodingPool.threads(2, 8, 2, "t")) {
            byte[] file = check(type, options, rows, cuts, crashes, () -> pool, "nested");
            try (ParquetReader reader =
                    ParquetReader.open(
                            new ByteArrayInputFile(LOCATION, file), ReadOptions.defaults())) {
                assertThat(reader.metadata().rowGroups()).hasSize(4);
                for (int g = 0; g < 4; g++) {
                    assertThat(ParquetInspector.of(reader).readBloomFilter(g, 0))
                            .as("row group %d", g)
                            .isPresent();
                    assertThat(reader.metadata().rowGroups().get(g).ordinal()).isEqualTo(g);
                    assertThat(reader.metadata().rowGroups().get(g).sortingColumns()).hasSize(1);
                }
            }
        }
    }

    @Test
    void aPointWithoutRowGroupsHoldsTheMagicOnly() throws IOException {
        List<RowData> rows = smallRows(5_000);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ResumePoint point;
        try (ParquetWriter writer =
                ParquetWriter.builder(SMALL)
                        .options(WriteOptions.defaults())
                        .open(stream, LOCATION)) {
            for (int i = 0; i < 100; i++) {
                writer.write(rows.get(i));
            }
            point = writer.writtenPrefix();
            writer.abort();
        }
        assertThat(point.length()).isEqualTo(4);
        assertThat(point.rowCount()).isZero();
        assertThat(point.rowGroupCount()).isZero();
        assertThat(stream.toByteArray()).containsExactly('P', 'A', 'R', '1');
        check(
                SMALL,
                WriteOptions.defaults(),
                rows,
                Set.of(2_500),
                List.of(new int[] {100, 900}),
                EncodingPool::callerRuns,
                "magic only");
    }

    @Test
    void theOpenGroupsRowsAreNotInThePointAndAreFedAgain() throws IOException {
        List<RowData> rows = smallRows(10_000);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ParquetWriter writer =
                ParquetWriter.builder(SMALL)
                        .options(WriteOptions.defaults())
                        .open(stream, LOCATION);
        for (int i = 0; i < 7_000; i++) {
            if (i == 4_000) {
                writer.cutRowGroup();
            }
            writer.write(rows.get(i));
        }
        ResumePoint point = writer.writtenPrefix();
        assertThat(point.rowCount()).isEqualTo(4_000);
        assertThat(point.rowGroupCount()).isEqualTo(1);
        assertThat(writer.openRowGroupRows()).isEqualTo(3_000);
        // The writer goes on after the call: its file has every row.
        for (int i = 7_000; i < rows.size(); i++) {
            writer.write(rows.get(i));
        }
        writer.finish();
        assertThat(readAll(stream.toByteArray(), SMALL)).isEqualTo(values(rows, SMALL));
        assertThat(groupRows(stream.toByteArray())).containsExactly(4_000L, 6_000L);
        check(
                SMALL,
                WriteOptions.defaults(),
                rows,
                Set.of(4_000),
                List.of(new int[] {7_000, 8_000}),
                EncodingPool::callerRuns,
                "open group");
    }

    @Test
    void aBufferedStreamIsFlushedIntoTheCallersStream() throws IOException {
        List<RowData> rows = smallRows(6_000);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ParquetWriter writer =
                ParquetWriter.builder(SMALL)
                        .options(WriteOptions.defaults())
                        .open(
                                new PositionOutputStream(new BufferedOutputStream(stream, 1 << 16)),
                                LOCATION);
        for (int i = 0; i < 3_000; i++) {
            writer.write(rows.get(i));
        }
        writer.cutRowGroup();
        ResumePoint point = writer.writtenPrefix();
        assertThat(point.length()).isGreaterThan(4);
        assertThat((long) stream.size()).isEqualTo(point.length());
        writer.abort();

        ByteArrayOutputStream recovered = new ByteArrayOutputStream();
        recovered.write(stream.toByteArray(), 0, (int) point.length());
        try (ParquetWriter resumed =
                ParquetWriter.builder(SMALL)
                        .options(WriteOptions.defaults())
                        .encodingOn(EncodingPool.callerRuns())
                        .resume(
                                new PositionOutputStream(
                                        new BufferedOutputStream(recovered), point.length()),
                                LOCATION,
                                ResumePoint.fromBytes(point.toBytes(), LOCATION))) {
            assertThat(resumed.rowsWritten()).isEqualTo(3_000);
            assertThat(resumed.bytesWritten()).isEqualTo(point.length());
            for (int i = 3_000; i < rows.size(); i++) {
                resumed.write(rows.get(i));
            }
        }
        assertThat(readAll(recovered.toByteArray(), SMALL)).isEqualTo(values(rows, SMALL));
        assertThat(recovered.toByteArray())
                .isEqualTo(
                        oneGo(
                                SMALL,
                                WriteOptions.defaults(),
                                rows,
                                Set.of(3_000),
                                EncodingPool::callerRuns));
    }

    @Test
    void aWrongRowTypeOrStreamPositionIsRefusedNamingTheFile() throws IOException {
        ResumePoint point = pointAfter(smallRows(3_000), 2_000);
        RowType other =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
                                        DataTypes.FIELD("name", DataTypes.STRING()))
                                .getLogicalType();
        assertThatThrownBy(
                        () ->
                                ParquetWriter.builder(other)
                                        .options(WriteOptions.defaults())
                                        .encodingOn(EncodingPool.callerRuns())
                                        .resume(
                                                new PositionOutputStream(
                                                        new ByteArrayOutputStream(),
                                                        point.length()),
                                                LOCATION,
                                                point))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(LOCATION)
                .hasMessageContaining(other.asSerializableString())
                .hasMessageContaining(SMALL.asSerializableString());
        assertThatThrownBy(
                        () ->
                                ParquetWriter.builder(SMALL)
                                        .options(WriteOptions.defaults())
                                        .encodingOn(EncodingPool.callerRuns())
                                        .resume(
                                                new PositionOutputStream(
                                                        new ByteArrayOutputStream(),
                                                        point.length() - 1),
                                                LOCATION,
                                                point))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(LOCATION)
                .hasMessageContaining("at byte " + (point.length() - 1));
    }

    @Test
    void writtenPrefixMayBeCalledManyTimesAndCoversEveryCutGroup() throws IOException {
        List<RowData> rows = smallRows(20_000);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (EncodingPool pool = EncodingPool.threads(2, 8, 2, "t");
                ParquetWriter writer =
                        ParquetWriter.builder(SMALL)
                                .options(WriteOptions.defaults())
                                .encodingOn(pool)
                                .open(stream, LOCATION)) {
            long lastLength = 0;
            for (int i = 0; i < rows.size(); i++) {
                if (i > 0 && i % 2_500 == 0) {
                    writer.cutRowGroup();
                }
                writer.write(rows.get(i));
                if (i % 1_000 == 999) {
                    ResumePoint point = writer.writtenPrefix();
                    assertThat(point.rowGroupCount()).isEqualTo(i / 2_500);
                    assertThat(point.rowCount()).isEqualTo(2_500L * (i / 2_500));
                    assertThat((long) stream.size()).isEqualTo(point.length());
                    assertThat(point.length()).isGreaterThanOrEqualTo(lastLength);
                    lastLength = point.length();
                }
            }
        }
        assertThat(readAll(stream.toByteArray(), SMALL)).isEqualTo(values(rows, SMALL));
    }

    // ---- the scenario ----

    /**
     * Writes {@code rows} cutting before every row in {@code cuts}; at each {@code {checkpoint,
     * crash}} takes the written prefix at row {@code checkpoint}, writes on to row {@code crash},
     * loses everything past the prefix and resumes, re-feeding from the point's row count. Asserts
     * the result equals the one-go file and reads back whole; returns it.
     */
    private static byte[] check(
            RowType type,
            WriteOptions options,
            List<RowData> rows,
            Set<Integer> cuts,
            List<int[]> crashes,
            Supplier<EncodingPool> pools,
            String what)
            throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .encodingOn(pools.get())
                        .open(stream, LOCATION);
        int next = 0;
        for (int[] crash : crashes) {
            feed(writer, rows, cuts, next, crash[0]);
            ResumePoint point = writer.writtenPrefix();
            assertThat((long) stream.size()).as(what).isEqualTo(point.length());
            byte[] durable = stream.toByteArray();
            feed(writer, rows, cuts, crash[0], crash[1]);
            writer.abort();

            // What recover() gives: the persisted bytes only.
            stream = new ByteArrayOutputStream();
            stream.write(durable, 0, (int) point.length());
            ResumePoint restored = ResumePoint.fromBytes(point.toBytes(), LOCATION);
            assertThat(restored.toBytes()).isEqualTo(point.toBytes());
            writer =
                    ParquetWriter.builder(type)
                            .options(options)
                            .encodingOn(pools.get())
                            .resume(stream, LOCATION, restored);
            assertThat(writer.rowsWritten()).as(what).isEqualTo(point.rowCount());
            assertThat(writer.writtenPrefix().toBytes())
                    .as("%s: the resumed writer's own point", what)
                    .isEqualTo(point.toBytes());
            assertThat(writer.estimatedFileBytes()).as(what).isGreaterThanOrEqualTo(point.length());
            next = Math.toIntExact(point.rowCount());
        }
        feed(writer, rows, cuts, next, rows.size());
        FileMetadataView metadata = writer.finish();
        assertThat(metadata.numRows()).as(what).isEqualTo(rows.size());
        byte[] file = stream.toByteArray();

        assertThat(readAll(file, type)).as(what).isEqualTo(values(rows, type));
        if (options.rowGroupBytes() == WriteOptions.defaults().rowGroupBytes()) {
            assertThat(groupRows(file)).as(what).isEqualTo(expectedGroups(cuts, rows.size()));
        }
        assertThat(file).as(what).isEqualTo(oneGo(type, options, rows, cuts, pools));
        return file;
    }

    private static void feed(
            ParquetWriter writer, List<RowData> rows, Set<Integer> cuts, int from, int to)
            throws IOException {
        for (int i = from; i < to; i++) {
            if (cuts.contains(i)) {
                writer.cutRowGroup();
            }
            writer.write(rows.get(i));
        }
    }

    private static byte[] oneGo(
            RowType type,
            WriteOptions options,
            List<RowData> rows,
            Set<Integer> cuts,
            Supplier<EncodingPool> pools)
            throws IOException {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .encodingOn(pools.get())
                        .open(stream, LOCATION)) {
            feed(writer, rows, cuts, 0, rows.size());
        }
        return stream.toByteArray();
    }

    private static ResumePoint pointAfter(List<RowData> rows, int cut) throws IOException {
        ParquetWriter writer =
                ParquetWriter.builder(SMALL)
                        .options(WriteOptions.defaults())
                        .open(new ByteArrayOutputStream(), LOCATION);
        feed(writer, rows, Set.of(cut), 0, rows.size());
        ResumePoint point = writer.writtenPrefix();
        writer.abort();
        return point;
    }

    private static List<Long> expectedGroups(Set<Integer> cuts, int rows) {
        List<Long> groups = new ArrayList<>();
        int start = 0;
        for (int cut : new TreeSet<>(cuts)) {
            if (cut > start && cut < rows) {
                groups.add((long) (cut - start));
                start = cut;
            }
        }
        groups.add((long) (rows - start));
        return groups;
    }

    private static Set<Integer> randomCuts(Random random, int rows, int count) {
        Set<Integer> cuts = new TreeSet<>();
        while (cuts.size() < count) {
            cuts.add(1 + random.nextInt(rows - 1));
        }
        return cuts;
    }

    /** Increasing {checkpoint, crash} pairs, each crash before the next checkpoint. */
    private static List<int[]> randomCrashes(Random random, int rows, int count) {
        List<int[]> crashes = new ArrayList<>();
        int at = 0;
        int span = rows / count;
        for (int i = 0; i < count; i++) {
            int checkpoint = at + random.nextInt(span / 2);
            int crash = checkpoint + random.nextInt(span / 2);
            crashes.add(new int[] {checkpoint, crash});
            at = crash;
        }
        return crashes;
    }

    static List<RowData> smallRows(int count) {
        Random random = new Random(count);
        List<RowData> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(
                    GenericRowData.of(
                            (long) i,
                            random.nextInt(5) == 0
                                    ? null
                                    : StringData.fromString("name-" + random.nextInt(300)),
                            random.nextGaussian()));
        }
        return rows;
    }

    private static List<Long> groupRows(byte[] file) throws IOException {
        try (ParquetReader reader =
                ParquetReader.open(
                        new ByteArrayInputFile(LOCATION, file), ReadOptions.defaults())) {
            List<Long> rows = new ArrayList<>();
            reader.metadata().rowGroups().forEach(g -> rows.add(g.numRows()));
            return rows;
        }
    }

    static List<List<Object>> readAll(byte[] file, RowType type) throws IOException {
        List<List<Object>> read = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                new ByteArrayInputFile(LOCATION, file), ReadOptions.defaults());
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            while (it.hasNext()) {
                read.add(TestingRowValues.of(it.next(), type));
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
        return read;
    }

    static List<List<Object>> values(List<RowData> rows, RowType type) {
        List<List<Object>> values = new ArrayList<>(rows.size());
        for (RowData row : rows) {
            values.add(TestingRowValues.of(row, type));
        }
        return values;
    }
}
