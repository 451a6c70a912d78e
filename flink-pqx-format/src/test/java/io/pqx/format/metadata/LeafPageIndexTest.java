package io.pqx.format.metadata;

import static io.pqx.format.predicate.Predicates.and;
import static io.pqx.format.predicate.Predicates.greaterOrEqual;
import static io.pqx.format.predicate.Predicates.lessThan;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ReadSchema;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.prune.PruningCounters;
import io.pqx.format.prune.RowGroupAccess;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * {@link LeafPageIndex} as {@code ParquetReader.readPageIndexes} builds it: a column index is
 * parsed only when a pruner asks for it, so a returned-only column's index is never parsed (and a
 * damaged one goes unnoticed), while a damaged index of the pruned column is a counted failure that
 * keeps the data, as before.
 */
class LeafPageIndexTest {
    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("i", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("s", DataTypes.STRING()))
                            .getLogicalType();
    private static final int ROWS = 1000;
    private static final Predicate ONE_PAGE = and(greaterOrEqual("i", 120), lessThan("i", 130));

    private static byte[] file() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(WriteOptions.builder().rowGroupRows(500).pageRowLimit(50).build())
                        .open(out, "mem://lazy")) {
            for (int k = 0; k < ROWS; k++) {
                writer.write(GenericRowData.of(k, StringData.fromString("s" + k)));
            }
            writer.finish();
        }
        return out.toByteArray();
    }

    /** {@code bytes} with leaf {@code leaf}'s column index in every row group overwritten. */
    private static byte[] garbageColumnIndex(byte[] bytes, int leaf) throws Exception {
        byte[] damaged = bytes.clone();
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile("f", bytes), ReadOptions.defaults())) {
            for (RowGroupView group : reader.metadata().rowGroups()) {
                ByteRange index = group.columns().get(leaf).columnIndex().orElseThrow();
                Arrays.fill(
                        damaged,
                        (int) index.offset(),
                        (int) (index.offset() + index.length()),
                        (byte) 0xFF);
            }
        }
        return damaged;
    }

    /** What a pruned read of {@code i in [120, 130)} sees. */
    private record Pruned(
            AccessPlan plan, PruningCounters counters, List<String> rows, PageIndexSource source) {}

    private static Pruned prunedRead(ParquetReader reader) throws Exception {
        PageIndexSource source = reader.pageIndexSource(List.of(0, 1));
        PruningCounters counters = new PruningCounters();
        AccessPlan plan =
                AccessPlan.scanAll(reader.metadata())
                        .apply(
                                PageIndexPruner.create(ONE_PAGE, reader.schema().fields(), source),
                                reader.metadata(),
                                SlotValues.none(),
                                counters);
        ReadSchema projection = reader.schema();
        List<String> rows = new ArrayList<>();
        try (BatchIterator batches =
                ParquetScan.builder(reader, projection)
                        .accessPlan(plan)
                        .knownPageIndexes(source::pageIndexes)
                        .build()) {
            while (batches.hasNext()) {
                VectorizedColumnBatch b = batches.next().columnBatch();
                for (int r = 0; r < b.getNumRows(); r++) {
                    rows.add(b.getInt(r, 0) + "=" + b.getString(r, 1));
                }
            }
        }
        return new Pruned(plan, counters, rows, source);
    }

    @Test
    void aReturnedOnlyColumnsIndexIsNeverParsedAndItsGarbageGoesUnnoticed() throws Exception {
        byte[] bytes = garbageColumnIndex(file(), 1);
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile("f", bytes), ReadOptions.defaults())) {
            Pruned read = prunedRead(reader);
            // i's index pruned to one page of 50 rows; s's garbage cost nothing
            assertThat(read.plan().access(0).selection().rowCount()).isEqualTo(50);
            assertThat(read.plan().access(1).isSkip()).isTrue();
            assertThat(read.counters().failures()).isZero();
            assertThat(read.rows()).hasSize(50).contains("120=s120", "149=s149");
            RowGroupPageIndexes indexes = read.source().pageIndexes(0).orElseThrow();
            assertThat(indexes.leaf(0).orElseThrow().columnIndexParsed()).isTrue();
            LeafPageIndex returned = indexes.leaf(1).orElseThrow();
            assertThat(returned.columnIndexParsed()).isFalse();
            assertThat(returned.offsetIndex()).isPresent();
            // asked, the damaged index is still reported as it always was
            assertThat(returned.columnIndex()).isEmpty();
            assertThat(returned.trusted()).isEmpty();
            assertThat(returned.failures())
                    .singleElement()
                    .satisfies(
                            e -> assertThat(e).hasMessageStartingWith("Cannot read column index"));
        }
    }

    @Test
    void garbageInThePrunedColumnsIndexIsACountedFailureThatKeepsTheData() throws Exception {
        byte[] bytes = garbageColumnIndex(file(), 0);
        try (ParquetReader reader =
                ParquetReader.open(new ByteArrayInputFile("f", bytes), ReadOptions.defaults())) {
            Pruned read = prunedRead(reader);
            assertThat(read.plan().access(0)).isEqualTo(RowGroupAccess.scan(500));
            assertThat(read.plan().access(1)).isEqualTo(RowGroupAccess.scan(500));
            assertThat(read.counters().failures(PageIndexPruner.EVIDENCE)).isEqualTo(2);
            assertThat(read.rows()).hasSize(ROWS).contains("120=s120", "999=s999");
            LeafPageIndex pruned = read.source().pageIndexes(0).orElseThrow().leaf(0).orElseThrow();
            assertThat(pruned.columnIndexParsed()).isTrue();
            assertThat(pruned.trusted()).isEmpty();
            assertThat(pruned.failures())
                    .singleElement()
                    .satisfies(
                            e -> assertThat(e).hasMessageStartingWith("Cannot read column index"));
        }
    }
}
