package io.pqx.source.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.RuntimeFilter;
import io.pqx.format.predicate.SlotValues;
import io.pqx.source.TestingSourceFiles;
import io.pqx.source.split.RowGroupSplit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The split reader's own pruning, row group by row group: the page index narrows a row group to the
 * pages that may match, bloom filters skip row groups without an {@code =} value, a runtime filter
 * that arrived after planning skips row groups at their boundary; the rows emitted are exactly
 * those the predicate is TRUE on, and the counters say what was pruned.
 */
class ReaderPruningTest {
    @TempDir Path dir;

    /** 4 row groups of 1,000 orders, pages of 100 rows, a bloom filter on name. */
    private Path file() throws Exception {
        Path file = dir.resolve("orders.parquet");
        WriteOptions options =
                WriteOptions.builder()
                        .rowGroupRows(1000)
                        .pageRowLimit(100)
                        .bloomFilter("name", new BloomFilterSpec(1000, 0.01))
                        .build();
        try (ParquetWriter w =
                ParquetWriter.builder(TestingSourceFiles.ORDERS)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : TestingSourceFiles.orders(0, 4000)) {
                w.write(row);
            }
        }
        return file;
    }

    private static List<Long> read(
            Path file, Predicate predicate, LiveSlots slots, ReaderMetrics metrics)
            throws Exception {
        ReaderSettings settings =
                new ReaderSettings(
                        ReaderSettings.Rows.filtered(
                                TestingSourceFiles.ORDERS,
                                List.of(),
                                TestingSourceFiles.ORDERS,
                                predicate),
                        new ReaderSettings.Decoding(64, true, 0, true, true),
                        Long.MAX_VALUE);
        RowGroupSplit split = PqxSplitReaderTest.split(file, Map.of(), 0, 3);
        List<Long> ids = new ArrayList<>();
        try (PqxSplitReader reader = new PqxSplitReader(settings, metrics, slots)) {
            reader.handleSplitsChanges(new SplitsAddition<>(List.of(split)));
            for (int fetches = 0; fetches < 10_000; fetches++) {
                RecordsWithSplitIds<RowAtPosition> records = reader.fetch();
                while (records.nextSplit() != null) {
                    RowAtPosition r;
                    while ((r = records.nextRecordFromSplit()) != null) {
                        ids.add(r.row.getLong(0));
                    }
                }
                records.recycle();
                if (records.finishedSplits().contains(split.splitId())) {
                    return ids;
                }
            }
        }
        throw new AssertionError("the split never finished");
    }

    private static List<Long> ids(LongPredicate keep) {
        List<Long> out = new ArrayList<>();
        for (long id = 0; id < 4000; id++) {
            if (keep.test(id)) {
                out.add(id);
            }
        }
        return out;
    }

    @Test
    void thePageIndexNarrowsRowGroupsToTheMatchingPages() throws Exception {
        Path file = file();
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        // qty = id % 100 defeats the statistics; id in [1250, 1420) lies in 3 pages of row group 1
        // (the split was not planned: the other row groups reach the reader, their pages prove them
        // empty)
        Predicate p =
                Predicates.and(
                        Predicates.greaterOrEqual("id", 1250L),
                        Predicates.lessThan("id", 1420L),
                        Predicates.lessThan("qty", 50));
        assertThat(read(file, p, new LiveSlots(), metrics))
                .isEqualTo(ids(id -> id >= 1250 && id < 1420 && id % 100 < 50));
        assertThat(metrics.pagesPrunedByPageIndex()).isGreaterThanOrEqualTo(7);
        assertThat(metrics.rowGroupsPrunedByPageIndex()).isEqualTo(3);
        assertThat(metrics.rowsDecoded()).as("rows decoded: the three pages only").isEqualTo(300);
    }

    @Test
    void bloomFiltersSkipRowGroupsWithoutTheValue() throws Exception {
        Path file = file();
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        // names n0..n3999 lie within every row group's [min, max] in string order, but only one
        // holds n2500
        Predicate p = Predicates.equal("name", "n2500");
        assertThat(read(file, p, new LiveSlots(), metrics)).containsExactly(2500L);
        assertThat(metrics.rowGroupsPrunedByBloomFilter()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aRuntimeFilterThatArrivedSkipsRowGroupsAtTheirBoundary() throws Exception {
        Path file = file();
        ReaderMetrics metrics = ReaderMetrics.unregistered();
        LiveSlots slots = new LiveSlots();
        slots.set(
                SlotValues.none()
                        .with("keys", RuntimeFilter.range(Predicates.column("id"), 2100L, 2200L)));
        Predicate p = Predicates.slot("keys", "id");
        assertThat(read(file, p, slots, metrics)).isEqualTo(ids(id -> id >= 2100 && id <= 2200));
        assertThat(metrics.rowGroupsPrunedByRuntimeFilter()).isEqualTo(3);
        assertThat(metrics.rowsDecoded()).isLessThanOrEqualTo(200);
    }
}
