package io.pqx.table.lookup;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetFooter;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.BloomFilterView;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.BloomFilterPruner;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.ListedFile;
import io.pqx.table.lookup.KeyBatch.Key;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.ThreadSafeSimpleCounter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers batches of lookup keys from a pqx table's files, for one lookup task: every row of the
 * table whose key equals a key of the batch, grouped by key, as the table's row or the fields the
 * planner asked for, rows the pushed filter rejects left out.
 *
 * <p>Per batch and file: files whose partition directories match no key are not opened; row groups
 * are pruned by footer statistics, bloom filters and page indexes against the batch's keys (one
 * predicate for the batch, each key tested); the rest are scanned with the keys as row filter, the
 * key columns decoded first and the other columns only for matching rows. Footers, bloom filters
 * and page indexes are kept in a {@link MetadataCache} bounded by bytes. Files are listed again
 * after the refresh interval; a file no longer listed, or found gone when opened, is never answered
 * from (its rows read in that batch are dropped too). Thread-safe: the async function's threads
 * share one.
 */
final class LookupReader {
    private static final Logger LOG = LoggerFactory.getLogger(LookupReader.class);

    /** Tables whose slow lookup keys were logged in this JVM: said once, not once per task. */
    private static final Set<String> LOGGED_SLOW = ConcurrentHashMap.newKeySet();

    private final LookupTable table;
    private final MetadataCache metadata;
    private final RowDataSerializer copier;
    private final RowData.FieldGetter[] keyGetters;
    private final UnaryOperator<RowData> output;
    private final BoundPredicate boundFilter;
    private final ReadOptions readOptions;
    private final boolean prunable;
    final Counter lookups;
    final Counter rowGroupsRead;
    final Counter rowGroupsSkipped;
    final Counter pagesSkipped;
    final Counter filesOpened;

    private volatile List<ListedFile> files;
    private volatile long listedAt;

    LookupReader(LookupTable table, MetricGroup metrics) {
        this.table = table;
        this.metadata = new MetadataCache(table.metadataCacheBytes);
        this.copier = new RowDataSerializer(table.tableType);
        this.keyGetters = KeyBatch.tableKeyGetters(table);
        this.output = table.outputProjection();
        this.boundFilter = table.boundFilter();
        this.readOptions = table.listing.readOptions();
        this.prunable = checkPrunable(table);
        this.lookups = metrics.counter("pqxLookups", new ThreadSafeSimpleCounter());
        this.rowGroupsRead =
                metrics.counter("pqxLookupRowGroupsRead", new ThreadSafeSimpleCounter());
        this.rowGroupsSkipped =
                metrics.counter("pqxLookupRowGroupsSkipped", new ThreadSafeSimpleCounter());
        this.pagesSkipped = metrics.counter("pqxLookupPagesSkipped", new ThreadSafeSimpleCounter());
        this.filesOpened = metrics.counter("pqxLookupFilesOpened", new ThreadSafeSimpleCounter());
        metrics.gauge("pqxLookupMetadataCacheBytes", metadata::bytes);
    }

    /**
     * Whether pqx's pruners can use the key's data columns. A FLOAT/DOUBLE key (statistics leave
     * NaN out of the bounds and compare -0.0 apart), or a type the predicates do not know, still
     * works, by reading every row group: said once in the log.
     */
    private static boolean checkPrunable(LookupTable table) {
        List<String> slow = new ArrayList<>();
        for (int i = 0; i < table.keyFields.length; i++) {
            if (table.isPartitionKey(i)) {
                continue;
            }
            LogicalType type = table.keyType(i);
            if (!prunableType(type.getTypeRoot())) {
                slow.add(table.keyName(i) + " " + type.asSummaryString());
            }
        }
        if (slow.isEmpty()) {
            return true;
        }
        if (LOGGED_SLOW.add(table.tableName + " " + slow)) {
            LOG.warn(
                    "Lookups into {} with key column(s) {} read every row group of every file:"
                            + " pqx cannot prune row groups on this type (the keys still filter rows)",
                    table.tableName,
                    slow);
        }
        return false;
    }

    private static boolean prunableType(LogicalTypeRoot root) {
        return switch (root) {
            case BOOLEAN,
                    TINYINT,
                    SMALLINT,
                    INTEGER,
                    BIGINT,
                    DECIMAL,
                    CHAR,
                    VARCHAR,
                    BINARY,
                    VARBINARY,
                    DATE,
                    TIME_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITHOUT_TIME_ZONE,
                    TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    true;
            default -> false;
        };
    }

    /** Whether lookups prune row groups (false: a key type pqx cannot prune on; logged once). */
    boolean prunes() {
        return prunable;
    }

    MetadataCache metadataCache() {
        return metadata;
    }

    /**
     * The rows of every key of {@code batch} (copies), each key present (an empty list: no row).
     */
    Map<Key, List<RowData>> read(KeyBatch batch, int probes) throws IOException {
        lookups.inc(probes);
        Map<Key, List<RowData>> answers = batch.emptyAnswers();
        if (batch.isEmpty()) {
            return answers;
        }
        for (ListedFile file : currentFiles()) {
            KeyBatch keys = batch.forFile(file);
            if (keys.isEmpty()) {
                continue;
            }
            List<Map.Entry<Key, RowData>> found = new ArrayList<>();
            try {
                read(file, keys, found);
            } catch (FileNotFoundException gone) {
                dropGone(file);
                continue;
            } catch (UncheckedIOException e) {
                if (e.getCause() instanceof FileNotFoundException) {
                    dropGone(file);
                    continue;
                }
                throw e;
            }
            for (Map.Entry<Key, RowData> row : found) {
                answers.get(row.getKey()).add(row.getValue());
            }
        }
        return answers;
    }

    /**
     * A file removed since the listing is no longer part of the table: none of its rows is answered
     * (not even those read before it went), and the files are listed again next time.
     */
    private void dropGone(ListedFile file) {
        metadata.removeFile(file);
        files = null;
    }

    private synchronized List<ListedFile> currentFiles() throws IOException {
        long now = System.currentTimeMillis();
        List<ListedFile> listed = files;
        if (listed == null || now - listedAt >= table.refreshMillis) {
            listed = List.copyOf(table.listing.listFiles());
            files = listed;
            listedAt = now;
            metadata.retainOnly(new HashSet<>(listed));
        }
        return listed;
    }

    private ParquetReader open(ListedFile file) throws IOException {
        FlinkInputFile input = FlinkInputFile.open(new Path(file.path()), file.length());
        MetadataCache.Key key = new MetadataCache.Key(file, "footer");
        ParquetFooter footer = metadata.get(key, ParquetFooter.class);
        ParquetReader reader;
        if (footer == null) {
            reader = ParquetReader.open(input, readOptions);
            ParquetFooter read = reader.footer();
            metadata.put(key, read, f -> 4 * f.metadata().footerLength() + 1024);
        } else {
            reader = ParquetReader.open(input, footer, readOptions);
        }
        filesOpened.inc();
        return reader;
    }

    /** Adds the matching rows of {@code file} to {@code out}, each as returned, with its key. */
    private void read(ListedFile file, KeyBatch keys, List<Map.Entry<Key, RowData>> out)
            throws IOException {
        try (ParquetReader reader = open(file)) {
            FileRows rows = FileRows.of(reader, table.tableType, table.partitionKeys, file);
            Predicate key = keys.dataPredicate();
            AccessPlan plan = AccessPlan.scanAll(reader.metadata());
            KeyRowFilter rowFilter = null;
            Set<Integer> leaves = new TreeSet<>();
            if (key != null) {
                rowFilter = KeyRowFilter.of(key, reader);
                if (prunable) {
                    PruningListener pages =
                            new PruningListener() {
                                @Override
                                public void pagesPruned(
                                        String evidence, int rowGroup, int pruned, int all) {
                                    pagesSkipped.inc(pruned);
                                }
                            };
                    int cap = Math.max(StatisticsPruner.DEFAULT_IN_LIST_CAP, keys.size());
                    StatisticsPruner statistics =
                            StatisticsPruner.create(key, reader.schema().fields(), cap);
                    plan =
                            plan.apply(
                                    statistics,
                                    reader.metadata(),
                                    SlotValues.none(),
                                    PruningListener.NONE);
                    plan =
                            plan.apply(
                                    BloomFilterPruner.create(
                                            statistics,
                                            (rowGroup, leaf) ->
                                                    bloomFilter(file, reader, rowGroup, leaf)),
                                    reader.metadata(),
                                    SlotValues.none(),
                                    PruningListener.NONE);
                    leaves.addAll(PageIndexPruner.leafIndexes(key, reader.schema().fields()));
                    rows.projection().leaves().forEach(l -> leaves.add(l.leafIndex()));
                    plan =
                            plan.apply(
                                    PageIndexPruner.create(
                                            statistics,
                                            rowGroup ->
                                                    Optional.of(
                                                            pageIndexes(
                                                                    file, reader, rowGroup,
                                                                    leaves))),
                                    reader.metadata(),
                                    SlotValues.none(),
                                    pages);
                }
            }
            ParquetScan.Builder scan =
                    ParquetScan.builder(reader, rows.projection())
                            .accessPlan(plan)
                            .rowFilter(rowFilter)
                            .listener(
                                    new ParquetScan.Listener() {
                                        @Override
                                        public void skipped(int rowGroup) {
                                            rowGroupsSkipped.inc();
                                        }

                                        @Override
                                        public void reading(
                                                int rowGroup,
                                                RowSelection selection,
                                                boolean filtered) {
                                            rowGroupsRead.inc();
                                        }
                                    });
            if (!leaves.isEmpty()) {
                // the page indexes the pruner read and cached plan a partial selection's pages
                scan.knownPageIndexes(
                        rowGroup ->
                                Optional.ofNullable(
                                        metadata.get(
                                                new MetadataCache.Key(
                                                        file, new PageIndexKey(rowGroup)),
                                                RowGroupPageIndexes.class)));
            }
            try (BatchIterator batches = scan.build()) {
                while (batches.hasNext()) {
                    collect(batches.next().columnBatch(), rows, keys, out);
                }
            }
        }
    }

    private record BloomKey(int rowGroup, int leaf) {}

    private record PageIndexKey(int rowGroup) {}

    @SuppressWarnings("unchecked")
    private Optional<BloomFilterView> bloomFilter(
            ListedFile file, ParquetReader reader, int rowGroup, int leaf) throws IOException {
        MetadataCache.Key key = new MetadataCache.Key(file, new BloomKey(rowGroup, leaf));
        Optional<BloomFilterView> kept = metadata.get(key, Optional.class);
        if (kept == null) {
            kept = reader.bloomFilterSource().bloomFilter(rowGroup, leaf);
            metadata.put(key, kept, b -> 64 + b.map(BloomFilterView::bitsetBytes).orElse(0));
        }
        return kept;
    }

    private RowGroupPageIndexes pageIndexes(
            ListedFile file, ParquetReader reader, int rowGroup, Set<Integer> leaves)
            throws IOException {
        MetadataCache.Key key = new MetadataCache.Key(file, new PageIndexKey(rowGroup));
        RowGroupPageIndexes kept = metadata.get(key, RowGroupPageIndexes.class);
        if (kept == null) {
            kept = reader.readPageIndexes(rowGroup, leaves);
            metadata.put(key, kept, LookupReader::estimatedBytes);
        }
        return kept;
    }

    /** A rough heap size of page indexes: per page of each leaf, its location and its bounds. */
    private static long estimatedBytes(RowGroupPageIndexes indexes) {
        long bytes = 256;
        for (int leaf : indexes.leafIndexes()) {
            int pages = indexes.offsetIndex(leaf).map(o -> o.pageCount()).orElse(0);
            bytes += 128 + 96L * pages;
        }
        return bytes;
    }

    private void collect(
            VectorizedColumnBatch batch,
            FileRows rows,
            KeyBatch keys,
            List<Map.Entry<Key, RowData>> out) {
        int n = batch.getNumRows();
        for (int i = 0; i < n; i++) {
            RowData row = rows.tableRow(new ColumnarRowData(batch, i));
            Key key = Key.of(row, keyGetters);
            if (!keys.contains(key)) {
                continue; // a key-less batch (partition parts only) or a row the pruning kept
            }
            if (boundFilter != null && !boundFilter.test(row, SlotValues.none())) {
                continue;
            }
            out.add(Map.entry(key, output.apply(copier.copy(row))));
        }
    }
}
