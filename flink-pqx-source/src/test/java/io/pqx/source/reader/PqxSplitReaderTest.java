package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PqxSplitReaderTest {
    @TempDir Path dir;

    /** One emitted row as text, and the position after it. */
    record Emitted(String row, int rowGroup, long nextRow) {}

    static RowGroupSplit split(Path file, Map<String, String> partitions, int first, int last)
            throws IOException {
        return RowGroupSplit.of(
                file.toUri().toString(),
                Files.size(file),
                Files.getLastModifiedTime(file).toMillis(),
                partitions,
                first,
                last);
    }

    static List<Emitted> readAll(
            ReaderSettings settings, RowGroupSplit split, Function<RowData, String> show)
            throws Exception {
        List<Emitted> out = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            for (int fetches = 0; fetches < 100_000; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                String id;
                while ((id = records.nextSplit()) != null) {
                    assertThat(id).isEqualTo(split.splitId());
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        out.add(new Emitted(show.apply(r.row), r.rowGroup, r.nextRow));
                    }
                }
                records.recycle();
                if (records.finishedSplits().contains(split.splitId())) {
                    return out;
                }
            }
        }
        throw new AssertionError("the split never finished");
    }

    private static ReaderSettings settings(RowType type, String... partitionKeys) {
        return new ReaderSettings(
                ReaderSettings.Rows.all(type, List.of(partitionKeys)),
                new ReaderSettings.Decoding(64, true, 4, true, true),
                Long.MAX_VALUE);
    }

    /** Reads the splits in turn with one split reader; returns the rows and the footers it read. */
    static List<Emitted> readInTurn(PqxSplitReader reader, List<RowGroupSplit> splits)
            throws Exception {
        List<Emitted> out = new ArrayList<>();
        reader.handleSplitsChanges(new SplitsAddition<>(splits));
        int finished = 0;
        for (int fetches = 0; fetches < 100_000 && finished < splits.size(); fetches++) {
            RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
            String id;
            while ((id = records.nextSplit()) != null) {
                assertThat(id).isEqualTo(splits.get(finished).splitId());
                RowAtPosition r;
                while ((r = records.nextRecordFromSplit()) != null) {
                    out.add(new Emitted(TestingSourceFiles.describe(r.row), r.rowGroup, r.nextRow));
                }
            }
            records.recycle();
            finished += records.finishedSplits().size();
        }
        assertThat(finished).as("finished splits").isEqualTo(splits.size());
        return out;
    }

    @Test
    void theNextSplitsOfAFileOpenWithTheFooterTheReaderAlreadyRead() throws Exception {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 400, 100);
        Path b = TestingSourceFiles.writeOrders(dir.resolve("b.parquet"), 400, 500, 100);
        List<RowGroupSplit> splits =
                List.of(
                        split(a, Map.of(), 0, 1),
                        split(b, Map.of(), 0, 0),
                        split(a, Map.of(), 2, 2),
                        split(a, Map.of(), 3, 3).at(3, 40));
        List<String> expected = new ArrayList<>();
        for (long id = 0; id < 200; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
        for (long id = 400; id < 500; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
        for (long id = 200; id < 300; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
        for (long id = 340; id < 400; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }

        try (PqxSplitReader reader = new PqxSplitReader(settings(TestingSourceFiles.ORDERS))) {
            List<Emitted> rows = readInTurn(reader, splits);
            assertThat(rows).extracting(Emitted::row).isEqualTo(expected);
            assertThat(rows.get(rows.size() - 60))
                    .extracting(Emitted::rowGroup, Emitted::nextRow)
                    .containsExactly(3, 41L);
            assertThat(reader.footersRead()).as("one footer read per file").isEqualTo(2);
        }
        ReaderSettings noCache =
                new ReaderSettings(
                        ReaderSettings.Rows.all(TestingSourceFiles.ORDERS, List.of()),
                        new ReaderSettings.Decoding(64, true, 0, false, true),
                        Long.MAX_VALUE);
        try (PqxSplitReader reader = new PqxSplitReader(noCache)) {
            assertThat(readInTurn(reader, splits)).extracting(Emitted::row).isEqualTo(expected);
            assertThat(reader.footersRead()).as("without a cache").isEqualTo(4);
        }
    }

    @Test
    void decodingAheadLeavesTheBatchBeingEmittedIntact() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 300);
        RowGroupSplit whole = split(f, Map.of(), 0, 3);
        List<String> expected = new ArrayList<>();
        for (long id = 0; id < 1000; id++) {
            expected.add(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
        }
        assertThat(
                        readOverlapped(
                                settings(TestingSourceFiles.ORDERS),
                                whole,
                                TestingSourceFiles::describe))
                .isEqualTo(expected);
        // a widened column: each batch in flight has column views of its own
        RowType widened =
                RowType.of(
                        new LogicalType[] {new BigIntType(false), new BigIntType()},
                        new String[] {"id", "qty"});
        List<String> widenedExpected = new ArrayList<>();
        for (long id = 0; id < 1000; id++) {
            widenedExpected.add(id + "|" + (id % 100));
        }
        assertThat(readOverlapped(settings(widened), whole, r -> r.getLong(0) + "|" + r.getLong(1)))
                .isEqualTo(widenedExpected);
    }

    /**
     * Reads a split the way decoding ahead is used: each batch's rows are emitted only after the
     * next batch was fetched (decoded). Checks each row's position; returns the rows.
     */
    private static List<String> readOverlapped(
            ReaderSettings settings, RowGroupSplit split, Function<RowData, String> show)
            throws Exception {
        List<String> emitted = new ArrayList<>();
        List<Long> after = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            RecordsWithSplitIds<RowAtPosition> emitting = reader.fetch();
            boolean finished = false;
            for (int fetches = 0; fetches < 1000 && !finished; fetches++) {
                RecordsWithSplitIds<RowAtPosition> decoded = reader.fetch();
                if (emitting.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = emitting.nextRecordFromSplit()) != null) {
                        emitted.add(show.apply(r.row));
                        after.add(r.rowGroup * 1000L + r.nextRow);
                    }
                }
                emitting.recycle();
                finished = decoded.finishedSplits().contains(split.splitId());
                emitting = decoded;
            }
            assertThat(finished).isTrue();
        }
        for (int i = 0; i < after.size(); i++) {
            assertThat(after.get(i)).isEqualTo((i / 300) * 1000L + i % 300 + 1);
        }
        return emitted;
    }

    @Test
    void aFileRewrittenWithTheSameLengthAfterItsFooterWasCachedIsReadAfresh() throws Exception {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 200, 100);
        RowGroupSplit first = split(a, Map.of(), 0, 0);
        try (PqxSplitReader reader = new PqxSplitReader(settings(TestingSourceFiles.ORDERS))) {
            assertThat(readInTurn(reader, List.of(first))).hasSize(100);
            // the same bytes again, with another modification time: the cached footer is not used
            Files.setLastModifiedTime(
                    a, FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() - 60_000));
            RowGroupSplit second = split(a, Map.of(), 1, 1);
            assertThat(readInTurn(reader, List.of(second))).hasSize(100);
            assertThat(reader.footersRead()).isEqualTo(2);
        }
    }

    @Test
    void readsTheSplitsRowGroupsInOrderWithThePositionAfterEachRow() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 1000, 150);
        List<Emitted> rows =
                readAll(
                        settings(TestingSourceFiles.ORDERS),
                        split(f, Map.of(), 1, 3),
                        TestingSourceFiles::describe);
        assertThat(rows).hasSize(450);
        for (int i = 0; i < rows.size(); i++) {
            long id = 150 + i;
            assertThat(rows.get(i).row())
                    .isEqualTo(TestingSourceFiles.describe(TestingSourceFiles.order(id)));
            assertThat(rows.get(i).rowGroup()).isEqualTo(1 + i / 150);
            assertThat(rows.get(i).nextRow()).isEqualTo(i % 150 + 1);
        }
    }

    @Test
    void aSplitRestoredAtAnyEmittedPositionEmitsExactlyTheRest() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 500, 100);
        RowGroupSplit whole = split(f, Map.of(), 0, 4);
        ReaderSettings settings = settings(TestingSourceFiles.ORDERS);
        List<Emitted> all = readAll(settings, whole, TestingSourceFiles::describe);
        assertThat(all).hasSize(500);
        for (int cut : new int[] {0, 1, 63, 64, 99, 100, 101, 250, 399, 499}) {
            Emitted last = all.get(cut);
            List<Emitted> rest =
                    readAll(
                            settings,
                            whole.at(last.rowGroup(), last.nextRow()),
                            TestingSourceFiles::describe);
            assertThat(rest)
                    .as("restored after row " + cut)
                    .isEqualTo(all.subList(cut + 1, all.size()));
        }
        assertThat(readAll(settings, whole.at(5, 0), TestingSourceFiles::describe)).isEmpty();
    }

    @Test
    void projectsReordersAndWidensAcrossFiles() throws Exception {
        RowType old =
                RowType.of(
                        new LogicalType[] {
                            new IntType(false),
                            new FloatType(),
                            new SmallIntType(),
                            new DecimalType(7, 2)
                        },
                        new String[] {"id", "price", "qty", "amount"});
        List<RowData> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(
                    GenericRowData.of(
                            i,
                            i * 0.5f,
                            (short) (i % 50),
                            DecimalData.fromBigDecimal(BigDecimal.valueOf(i * 101L, 2), 7, 2)));
        }
        Path f = TestingSourceFiles.write(dir.resolve("old.parquet"), old, rows, 100);
        RowType requested =
                RowType.of(
                        new LogicalType[] {
                            new DecimalType(20, 4),
                            new BigIntType(false),
                            new DoubleType(),
                            new BigIntType(),
                            new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"amount", "ID", "price", "qty", "note"});
        List<Emitted> out =
                readAll(
                        settings(requested),
                        split(f, Map.of(), 0, 2),
                        r ->
                                r.getDecimal(0, 20, 4)
                                        + "|"
                                        + r.getLong(1)
                                        + "|"
                                        + r.getDouble(2)
                                        + "|"
                                        + r.getLong(3)
                                        + "|"
                                        + (r.isNullAt(4) ? "null" : r.getString(4)));
        assertThat(out).hasSize(300);
        for (int i = 0; i < 300; i++) {
            String amount = BigDecimal.valueOf(i * 101L, 2).setScale(4).toPlainString();
            assertThat(out.get(i).row())
                    .isEqualTo(
                            amount
                                    + "|"
                                    + i
                                    + "|"
                                    + (double) (i * 0.5f)
                                    + "|"
                                    + (i % 50)
                                    + "|null");
        }
    }

    @Test
    void aMissingNotNullColumnOrANarrowingTypeIsAnErrorNamingFileAndColumn() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 10, 100);
        RowType missing =
                RowType.of(
                        new LogicalType[] {new BigIntType(false), new IntType(false)},
                        new String[] {"id", "extra"});
        assertThatThrownBy(() -> readAll(settings(missing), split(f, Map.of(), 0, 0), r -> ""))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageContaining("Cannot read column")
                .hasMessageContaining("no such column")
                .hasMessageContaining("a.parquet")
                .hasMessageContaining("column extra");
        RowType narrowing = RowType.of(new LogicalType[] {new IntType(false)}, new String[] {"id"});
        assertThatThrownBy(() -> readAll(settings(narrowing), split(f, Map.of(), 0, 0), r -> ""))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageContaining("stores it as BIGINT NOT NULL")
                .hasMessageContaining("column id");
        RowType incompatible =
                RowType.of(new LogicalType[] {new DoubleType()}, new String[] {"name"});
        assertThatThrownBy(() -> readAll(settings(incompatible), split(f, Map.of(), 0, 0), r -> ""))
                .hasMessageContaining("column name")
                .hasMessageContaining("a.parquet");
    }

    @Test
    void partitionColumnsAreTypedFromTheRequestedSchema() throws Exception {
        Path f =
                TestingSourceFiles.writeOrders(
                        dir.resolve("day=2024-03-09/n=7/a.parquet"), 0, 5, 100);
        RowType requested =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(false),
                            new DateType(),
                            new IntType(),
                            new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"id", "day", "n", "region"});
        Map<String, String> partitions = new LinkedHashMap<>();
        partitions.put("day", "2024-03-09");
        partitions.put("n", "7");
        partitions.put("region", "__DEFAULT_PARTITION__");
        List<Emitted> out =
                readAll(
                        settings(requested, "day", "n", "region"),
                        split(f, partitions, 0, 0),
                        r ->
                                r.getLong(0)
                                        + "|"
                                        + r.getInt(1)
                                        + "|"
                                        + r.getInt(2)
                                        + "|"
                                        + r.isNullAt(3));
        int day = (int) LocalDate.parse("2024-03-09").toEpochDay();
        assertThat(out)
                .extracting(Emitted::row)
                .containsExactly(
                        "0|" + day + "|7|true",
                        "1|" + day + "|7|true",
                        "2|" + day + "|7|true",
                        "3|" + day + "|7|true",
                        "4|" + day + "|7|true");

        Map<String, String> bad = Map.of("day", "2024-03-09", "n", "seven");
        assertThatThrownBy(
                        () ->
                                readAll(
                                        settings(requested, "day", "n", "region"),
                                        split(f, bad, 0, 0),
                                        r -> ""))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessageContaining("value 'seven' is not a INT")
                .hasMessageContaining("column n");
    }

    @Test
    void opensTheSplitsFileAtItsPlannedLengthWithoutAskingItsStatus() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("status.parquet"), 0, 200, 100);
        RowGroupSplit split =
                RowGroupSplit.of(
                        StatusCountingFileSystem.uri(f),
                        Files.size(f),
                        Files.getLastModifiedTime(f).toMillis(),
                        Map.of(),
                        0,
                        1);
        List<Emitted> rows = readAll(settings(TestingSourceFiles.ORDERS), split, r -> "");
        assertThat(rows).hasSize(200);
        assertThat(StatusCountingFileSystem.statusCalls(f)).isZero();
    }

    @Test
    void aFileShortenedAfterPlanningIsRefused() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 20, 100);
        RowGroupSplit planned = split(f, Map.of(), 0, 0);
        Files.delete(f);
        TestingSourceFiles.writeOrders(f, 0, 10, 100);
        assertThatThrownBy(() -> readAll(settings(TestingSourceFiles.ORDERS), planned, r -> ""))
                .hasMessageContaining("changed after discovery")
                .hasMessageContaining("a.parquet");
    }

    @Test
    void aFileChangedAfterPlanningIsRefused() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 0, 10, 100);
        RowGroupSplit planned = split(f, Map.of(), 0, 0);
        Files.delete(f);
        TestingSourceFiles.writeOrders(f, 0, 20, 100);
        assertThatThrownBy(() -> readAll(settings(TestingSourceFiles.ORDERS), planned, r -> ""))
                .hasMessageContaining("changed after discovery")
                .hasMessageContaining("a.parquet");
    }

    @Test
    void stringsAreReadAsStored() throws Exception {
        Path f = TestingSourceFiles.writeOrders(dir.resolve("a.parquet"), 1, 3, 100);
        RowType requested =
                RowType.of(new LogicalType[] {new VarCharType(20)}, new String[] {"name"});
        assertThat(
                        readAll(
                                settings(requested),
                                split(f, Map.of(), 0, 0),
                                r -> r.getString(0).toString()))
                .extracting(Emitted::row)
                .containsExactly("n1", "n2");
        assertThat(StringData.fromString("n1").toString()).isEqualTo("n1");
    }

    @Test
    void thePredicateFiltersRowsExceptInAllMatchRowGroupsAndPositionsStayExact() throws Exception {
        Path a = TestingSourceFiles.writeOrders(dir.resolve("f.parquet"), 0, 200, 100);
        Predicate p =
                Predicates.or(Predicates.greaterOrEqual("id", 150L), Predicates.equal("qty", 7));
        RowType produced =
                RowType.of(
                        new LogicalType[] {TestingSourceFiles.ORDERS.getTypeAt(0)},
                        new String[] {"id"});
        RowType read =
                RowType.of(
                        new LogicalType[] {
                            TestingSourceFiles.ORDERS.getTypeAt(0),
                            TestingSourceFiles.ORDERS.getTypeAt(3)
                        },
                        new String[] {"id", "qty"});
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.filtered(produced, List.of(), read, p),
                        new ReaderSettings.Decoding(16, true, 4, true, true),
                        Long.MAX_VALUE);
        RowGroupSplit plain = split(a, Map.of(), 0, 1);
        // row group 0 is declared ALL_MATCH (by planning, normally): its rows skip the filter
        RowGroupSplit marked =
                new RowGroupSplit(
                        plain.path(),
                        plain.fileLength(),
                        plain.modificationTime(),
                        Map.of(),
                        0,
                        1,
                        0,
                        0,
                        List.of(0));
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        List<Emitted> out = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings, metrics, new LiveSlots())) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(marked)));
            boolean done = false;
            for (int fetches = 0; fetches < 10_000 && !done; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        assertThat(r.row.getArity()).isEqualTo(1);
                        out.add(
                                new Emitted(
                                        String.valueOf(r.row.getLong(0)), r.rowGroup, r.nextRow));
                    }
                }
                records.recycle();
                done = !records.finishedSplits().isEmpty();
            }
        }
        List<String> ids = new ArrayList<>();
        out.forEach(e -> ids.add(e.row()));
        List<String> expected = new ArrayList<>();
        for (long id = 0; id < 100; id++) {
            expected.add(String.valueOf(id));
        }
        expected.add("107");
        for (long id = 150; id < 200; id++) {
            expected.add(String.valueOf(id));
        }
        assertThat(ids).containsExactlyElementsOf(expected);
        // the position after an emitted row is that row's own + 1, also past rows filtered out
        assertThat(out.get(100)).isEqualTo(new Emitted("107", 1, 8));
        assertThat(out.get(101)).isEqualTo(new Emitted("150", 1, 51));
        assertThat(metrics.rowsDecoded()).isEqualTo(200);
        assertThat(metrics.rowsFullyMatched()).isEqualTo(100);
        assertThat(metrics.rowsFiltered()).isEqualTo(49);
        // restored after row 107: the filter drops 108..149 again, nothing is emitted twice
        List<Emitted> restored =
                readAll(settings, plain.at(1, 8), r -> String.valueOf(r.getLong(0)));
        assertThat(restored)
                .extracting(Emitted::row)
                .containsExactlyElementsOf(expected.subList(101, 151));
    }
}
