package io.pqx.format.prune;

import static io.pqx.format.predicate.Predicates.equal;
import static io.pqx.format.predicate.Predicates.greaterOrEqual;
import static io.pqx.format.predicate.Predicates.greaterThan;
import static io.pqx.format.predicate.Predicates.isNull;
import static io.pqx.format.predicate.Predicates.lessThan;
import static io.pqx.format.predicate.Predicates.or;
import static io.pqx.format.predicate.Predicates.slot;
import static io.pqx.format.predicate.Predicates.startsWith;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetInspector;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetWriter;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.index.PhysicalType;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.LeafPageIndex;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.metadata.TrustedPageIndex;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.ColumnRef;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The page-index pruner on a file pqx writes with 50-row pages: a sorted {@code i}, a descending
 * {@code j} with a page of nulls, a double {@code d} with NaN and -0.0, a long string {@code s}
 * (bounds truncated) and a short one {@code t}.
 */
class PageIndexPrunerTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("i", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("j", DataTypes.INT()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("s", DataTypes.STRING()),
                                    DataTypes.FIELD("t", DataTypes.STRING()))
                            .getLogicalType();
    private static final int ROWS = 1000;

    private ParquetReader reader;
    private RowGroupView group;
    private final AtomicInteger asked = new AtomicInteger();

    static byte[] file(WriteOptions options) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE).options(options).open(out, "mem://pages")) {
            for (int k = 0; k < ROWS; k++) {
                GenericRowData row = new GenericRowData(5);
                row.setField(0, k);
                row.setField(1, k >= 200 && k < 250 ? null : 999 - k);
                row.setField(2, k == 310 ? Double.NaN : k == 420 ? -0.0 : 1000.0 + k);
                row.setField(3, StringData.fromString(longString(k)));
                row.setField(4, StringData.fromString(String.format("%05d", k)));
                writer.write(row);
            }
            writer.finish();
        }
        return out.toByteArray();
    }

    static String longString(int k) {
        return "x".repeat(70) + String.format("%05d", k);
    }

    @BeforeEach
    void open() throws IOException {
        reader =
                ParquetReader.open(
                        new ByteArrayInputFile(
                                "pages", file(WriteOptions.builder().pageRowLimit(50).build())),
                        ReadOptions.defaults());
        group = reader.metadata().rowGroups().get(0);
    }

    @AfterEach
    void close() throws IOException {
        reader.close();
    }

    private PageIndexSource source() {
        PageIndexSource all = reader.pageIndexSource(List.of(0, 1, 2, 3, 4));
        return rowGroup -> {
            asked.incrementAndGet();
            return all.pageIndexes(rowGroup);
        };
    }

    private RowGroupAccess prune(Predicate p) throws IOException {
        return prune(p, SlotValues.none());
    }

    private RowGroupAccess prune(Predicate p, SlotValues slots) throws IOException {
        PruningCounters counters = new PruningCounters();
        RowGroupAccess access =
                PageIndexPruner.create(p, reader.schema().fields(), source())
                        .prune(group, RowGroupAccess.scan(ROWS), slots, counters);
        assertThat(counters.failures()).as("failures for " + p).isZero();
        return access;
    }

    private static RowGroupAccess select(long... bounds) {
        long[] starts = new long[bounds.length / 2];
        long[] ends = new long[bounds.length / 2];
        for (int k = 0; k < starts.length; k++) {
            starts[k] = bounds[2 * k];
            ends[k] = bounds[2 * k + 1];
        }
        return RowGroupAccess.select(RowSelection.of(starts, ends), ROWS);
    }

    @Test
    void narrowsASortedColumnToThePagesThatMayMatch() throws IOException {
        assertThat(prune(lessThan("i", 120))).isEqualTo(select(0, 150));
        assertThat(prune(equal("i", 500))).isEqualTo(select(500, 550));
        assertThat(prune(greaterThan("i", 5000))).isEqualTo(RowGroupAccess.skip(ROWS));
        assertThat(prune(greaterOrEqual("i", 0))).isEqualTo(RowGroupAccess.allMatch(ROWS));
    }

    @Test
    void combinesColumnsPerSegment() throws IOException {
        // j = 999 - i, and j's page [200, 250) holds only nulls
        assertThat(prune(or(lessThan("i", 100), lessThan("j", 100))))
                .isEqualTo(select(0, 100, 900, 1000));
        assertThat(prune(isNull("j"))).isEqualTo(select(200, 250));
        assertThat(prune(Predicates.and(greaterThan("i", 180), lessThan("j", 760))))
                .isEqualTo(select(250, 1000));
    }

    @Test
    void keepsNaNAndNegativeZeroPages() throws IOException {
        // the NaN at row 310 cannot be < 500; -0.0 at row 420 is
        assertThat(prune(lessThan("d", 500.0))).isEqualTo(select(400, 450));
        // -0.0 equals 0.0: the page's min (widened to -0.0) keeps it
        assertThat(prune(equal("d", 0.0))).isEqualTo(select(400, 450));
        // NaN hides above every max: no page can be left out of d > c
        assertThat(prune(greaterThan("d", 5000.0))).isEqualTo(RowGroupAccess.scan(ROWS));
    }

    @Test
    void truncatedStringBoundsNeverDropTheValue() throws IOException {
        // every page's bounds are the same 64-byte prefix: nothing is proven, nothing lost
        assertThat(prune(equal("s", longString(500)))).isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(prune(lessThan("s", "x".repeat(10)))).isEqualTo(RowGroupAccess.skip(ROWS));
        assertThat(prune(startsWith("t", "005"))).isEqualTo(select(500, 600));
        // a column index's string bounds are inexact: never used for equality, only as ranges
        assertThat(prune(equal("t", "00517"))).isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(
                        prune(
                                Predicates.and(
                                        greaterOrEqual("t", "00517"),
                                        Predicates.lessOrEqual("t", "00517"))))
                .isEqualTo(select(500, 550));
    }

    @Test
    void runtimeFilterRangesPrunePages() throws IOException {
        ColumnRef i = ColumnRef.parse("i");
        Predicate p = slot("rf", "i");
        assertThat(prune(p, SlotValues.none().with("rf", RuntimeFilter.range(i, 100, 180))))
                .isEqualTo(select(100, 200));
        assertThat(prune(p, SlotValues.none().with("rf", RuntimeFilter.empty(i))))
                .isEqualTo(RowGroupAccess.skip(ROWS));
        assertThat(prune(p, SlotValues.none().with("rf", RuntimeFilter.pending(i))))
                .isEqualTo(RowGroupAccess.scan(ROWS));
    }

    @Test
    void countsPagesAndRowsPrunedThroughThePlan() throws IOException {
        PruningCounters counters = new PruningCounters();
        Predicate p = equal("i", 500);
        AccessPlan plan =
                AccessPlan.scanAll(reader.metadata())
                        .apply(
                                StatisticsPruner.create(p, reader.schema().fields()),
                                reader.metadata(),
                                SlotValues.none(),
                                counters)
                        .apply(
                                PageIndexPruner.create(p, reader.schema().fields(), source()),
                                reader.metadata(),
                                SlotValues.none(),
                                counters);
        assertThat(plan.access(0)).isEqualTo(select(500, 550));
        assertThat(counters.selected(PageIndexPruner.EVIDENCE)).isEqualTo(1);
        assertThat(counters.pagesPruned(PageIndexPruner.EVIDENCE)).isEqualTo(19);
        assertThat(counters.rowsPruned(PageIndexPruner.EVIDENCE)).isEqualTo(950);
    }

    @Test
    void doesNotAskForIndexesOfRowGroupsAlreadyDecided() throws IOException {
        PageIndexPruner pruner =
                PageIndexPruner.create(equal("i", 500), reader.schema().fields(), source());
        assertThat(
                        pruner.prune(
                                group,
                                RowGroupAccess.skip(ROWS),
                                SlotValues.none(),
                                PruningListener.NONE))
                .isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(
                        pruner.prune(
                                group,
                                RowGroupAccess.allMatch(ROWS),
                                SlotValues.none(),
                                PruningListener.NONE))
                .isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(asked).hasValue(0);
    }

    @Test
    void aFileWithoutPageIndexesKeepsEverythingWithoutFailures() throws IOException {
        try (ParquetReader plain =
                ParquetReader.open(
                        new ByteArrayInputFile(
                                "plain",
                                file(
                                        WriteOptions.builder()
                                                .pageRowLimit(50)
                                                .pageIndexEnabled(false)
                                                .build())),
                        ReadOptions.defaults())) {
            PruningCounters counters = new PruningCounters();
            RowGroupAccess access =
                    PageIndexPruner.create(
                                    equal("i", 500),
                                    plain.schema().fields(),
                                    plain.pageIndexSource(List.of(0)))
                            .prune(
                                    plain.metadata().rowGroups().get(0),
                                    RowGroupAccess.scan(ROWS),
                                    SlotValues.none(),
                                    counters);
            assertThat(access).isEqualTo(RowGroupAccess.scan(ROWS));
            assertThat(counters.failures()).isZero();
        }
    }

    @Test
    void aBrokenIndexKeepsTheDataAndCountsAFailure() throws IOException {
        IOException broken = new CorruptFileException("Cannot read column index: test");
        PageIndexSource source =
                rowGroup ->
                        Optional.of(
                                RowGroupPageIndexes.of(
                                        rowGroup,
                                        ROWS,
                                        List.of(
                                                new LeafPageIndex(
                                                        0,
                                                        Optional.empty(),
                                                        Optional.empty(),
                                                        Optional.empty(),
                                                        List.of(broken)))));
        PruningCounters counters = new PruningCounters();
        RowGroupAccess access =
                PageIndexPruner.create(equal("i", 500), reader.schema().fields(), source)
                        .prune(group, RowGroupAccess.scan(ROWS), SlotValues.none(), counters);
        assertThat(access).isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(counters.failures(PageIndexPruner.EVIDENCE)).isEqualTo(1);

        // a source that cannot read: the plan keeps the row group and counts the failure
        PruningCounters planCounters = new PruningCounters();
        AccessPlan plan =
                AccessPlan.scanAll(reader.metadata())
                        .apply(
                                PageIndexPruner.create(
                                        equal("i", 500),
                                        reader.schema().fields(),
                                        rowGroup -> {
                                            throw broken;
                                        }),
                                reader.metadata(),
                                SlotValues.none(),
                                planCounters);
        assertThat(plan.access(0)).isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(planCounters.failures(PageIndexPruner.EVIDENCE)).isEqualTo(1);
    }

    @Test
    void columnsWithoutPageIndexesGiveChunkFacts() throws IOException {
        // only i's indexes are known: j is judged by its chunk statistics on every segment
        PageIndexSource onlyI =
                rowGroup -> Optional.of(reader.readPageIndexes(rowGroup, List.of(0)));
        PruningCounters counters = new PruningCounters();
        assertThat(
                        PageIndexPruner.create(
                                        Predicates.and(lessThan("i", 120), lessThan("j", 500)),
                                        reader.schema().fields(),
                                        onlyI)
                                .prune(
                                        group,
                                        RowGroupAccess.scan(ROWS),
                                        SlotValues.none(),
                                        counters))
                .isEqualTo(select(0, 150));
        assertThat(
                        PageIndexPruner.create(
                                        or(lessThan("i", 120), lessThan("j", 100)),
                                        reader.schema().fields(),
                                        onlyI)
                                .prune(
                                        group,
                                        RowGroupAccess.scan(ROWS),
                                        SlotValues.none(),
                                        counters))
                .isEqualTo(RowGroupAccess.scan(ROWS));
        assertThat(counters.failures()).isZero();
    }

    @Test
    void aNullPageWithFewerNullsThanRowsProvesNothing() throws IOException {
        // some writers mark a page of NaN only as a null page with no nulls: it holds values
        OffsetIndexView offsets = ParquetInspector.of(reader).readOffsetIndex(0, 2).orElseThrow();
        int pages = offsets.pageCount();
        boolean[] nullPages = new boolean[pages];
        Arrays.fill(nullPages, true);
        List<ChunkStatisticsView> stats =
                Collections.nCopies(
                        pages,
                        ChunkStatisticsView.unbounded(
                                PhysicalType.DOUBLE,
                                OptionalLong.of(0),
                                "the page holds only nulls"));
        TrustedPageIndex nanPages = TrustedPageIndex.of(offsets, ROWS, nullPages, stats);
        PageIndexSource source =
                rowGroup ->
                        Optional.of(
                                RowGroupPageIndexes.of(
                                        rowGroup,
                                        ROWS,
                                        List.of(
                                                new LeafPageIndex(
                                                        2,
                                                        Optional.empty(),
                                                        Optional.of(offsets),
                                                        Optional.of(nanPages),
                                                        List.of()))));
        PruningCounters counters = new PruningCounters();
        assertThat(
                        PageIndexPruner.create(
                                        Predicates.notEqual("d", 1.0),
                                        reader.schema().fields(),
                                        source)
                                .prune(
                                        group,
                                        RowGroupAccess.scan(ROWS),
                                        SlotValues.none(),
                                        counters))
                .isEqualTo(RowGroupAccess.scan(ROWS));
    }

    @Test
    void leafIndexesAreThePredicatesColumns() {
        assertThat(
                        PageIndexPruner.leafIndexes(
                                or(lessThan("j", 3), slot("rf", "t")), reader.schema().fields()))
                .containsExactly(1, 4);
    }
}
