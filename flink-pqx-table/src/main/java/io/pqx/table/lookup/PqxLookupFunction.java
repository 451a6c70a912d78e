package io.pqx.table.lookup;

import io.pqx.format.ParquetFooter;
import io.pqx.format.ParquetReader;
import io.pqx.format.ReadSchema;
import io.pqx.format.error.FileContext;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.ColumnResolver;
import io.pqx.format.predicate.Predicate;
import io.pqx.format.predicate.Predicates;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.AccessPlan;
import io.pqx.format.prune.BloomFilterPruner;
import io.pqx.format.prune.PageIndexPruner;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.RowGroupAccess;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.format.BatchIterator;
import io.pqx.source.ListedFile;
import io.pqx.source.PqxSource;

import org.apache.flink.core.fs.Path;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Answers a lookup join's keys from a pqx table's Parquet files: {@link #lookup} returns every row
 * of the table whose key columns equal the key (SQL equality: a key with a NULL part, or a NaN,
 * matches no row), as the table's physical row (partition columns included, in the table's
 * order), or the projection the planner pushed. Rows a pushed filter rejects are not returned.
 *
 * <p>Per lookup and file: files whose partition directories differ from the key's partition parts
 * are not opened; row groups are pruned by footer statistics, bloom filters and page indexes for
 * the key's data parts; the rest are scanned with the key as row filter (the key columns decoded
 * first, the others only for the matching rows). Footers are kept per task (LRU, {@link
 * PqxLookupOptions#FOOTER_CACHE_SIZE}). Files are listed again after {@link
 * PqxLookupOptions#REFRESH_INTERVAL}; a file that is no longer listed, or is found gone when
 * opened, is never answered from. A file whose column types differ from the declared ones fails
 * the lookup, naming file and column (this slice reads no widened types).
 */
public final class PqxLookupFunction extends LookupFunction {
    private static final long serialVersionUID = 1L;

    private final PqxSource<RowData> listing;
    private final RowType tableType;
    private final List<String> partitionKeys;
    private final int[] keyFields;
    /** Top-level fields of the table row emitted, in order; null: all. */
    private final int[] outputFields;
    /** The pushed filter over the table's columns, or null. */
    private final Predicate filter;
    private final long refreshMillis;
    private final int footerCacheSize;

    private transient List<ListedFile> files;
    private transient long listedAt;
    private transient FooterCache footers;
    private transient RowDataSerializer copier;
    private transient RowData.FieldGetter[] keyGetters;
    private transient BoundPredicate boundFilter;
    private transient ReadOptions readOptions;
    private transient Counter lookups;
    private transient Counter rowGroupsRead;
    private transient Counter rowGroupsSkipped;
    private transient Counter filesOpened;

    PqxLookupFunction(PqxSource<RowData> listing, RowType tableType, List<String> partitionKeys,
            int[] keyFields, int[] outputFields, Predicate filter, long refreshMillis,
            int footerCacheSize) {
        this.listing = listing;
        this.tableType = tableType;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.keyFields = keyFields.clone();
        this.outputFields = outputFields == null ? null : outputFields.clone();
        this.filter = filter;
        this.refreshMillis = refreshMillis;
        this.footerCacheSize = footerCacheSize;
    }

    @Override
    public void open(FunctionContext context) throws Exception {
        footers = new FooterCache(footerCacheSize);
        copier = new RowDataSerializer(tableType);
        keyGetters = new RowData.FieldGetter[keyFields.length];
        for (int i = 0; i < keyFields.length; i++) {
            keyGetters[i] = RowData.createFieldGetter(tableType.getTypeAt(keyFields[i]), i);
        }
        boundFilter = filter == null ? null : BoundPredicate.bind(filter, ColumnResolver.of(tableType));
        readOptions = ReadOptions.defaults();
        lookups = context.getMetricGroup().counter("pqxLookups");
        rowGroupsRead = context.getMetricGroup().counter("pqxLookupRowGroupsRead");
        rowGroupsSkipped = context.getMetricGroup().counter("pqxLookupRowGroupsSkipped");
        filesOpened = context.getMetricGroup().counter("pqxLookupFilesOpened");
        files = null;
    }

    @Override
    public Collection<RowData> lookup(RowData keyRow) throws IOException {
        lookups.inc();
        List<Predicate> dataParts = new ArrayList<>();
        List<String> partitionParts = new ArrayList<>();
        List<Object> partitionValues = new ArrayList<>();
        for (int i = 0; i < keyFields.length; i++) {
            Object value = keyGetters[i].getFieldOrNull(keyRow);
            if (value == null || value instanceof Double d && d.isNaN()
                    || value instanceof Float f && f.isNaN()) {
                return List.of(); // NULL = x and NaN = x are never TRUE
            }
            String name = tableType.getFieldNames().get(keyFields[i]);
            if (partitionKeys.contains(name)) {
                partitionParts.add(name);
                partitionValues.add(value);
            } else {
                dataParts.add(Predicates.equal(name, value));
            }
        }
        Predicate key = dataParts.isEmpty() ? null : Predicates.and(dataParts);
        List<RowData> out = new ArrayList<>();
        for (ListedFile file : currentFiles()) {
            if (!inPartition(file, partitionParts, partitionValues)) {
                continue;
            }
            List<RowData> found = new ArrayList<>();
            try {
                read(file, key, found);
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
            out.addAll(found);
        }
        return out;
    }

    /** Row groups read by the lookups so far (for tests; also the metric). */
    long rowGroupsRead() {
        return rowGroupsRead.getCount();
    }

    /** Row groups pruned by the lookups so far. */
    long rowGroupsSkipped() {
        return rowGroupsSkipped.getCount();
    }

    /**
     * A file removed since the listing is no longer part of the table: none of its rows is
     * answered (not even those read before it went), and the files are listed again next time.
     */
    private void dropGone(ListedFile file) {
        footers.remove(file);
        files = null;
    }

    private List<ListedFile> currentFiles() throws IOException {
        long now = System.currentTimeMillis();
        if (files == null || now - listedAt >= refreshMillis) {
            files = List.copyOf(listing.listFiles());
            listedAt = now;
            footers.retainOnly(new HashSet<>(files));
        }
        return files;
    }

    private boolean inPartition(ListedFile file, List<String> names, List<Object> values)
            throws IOException {
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            Object value = file.partitionValue(name, tableType.getTypeAt(tableType.getFieldIndex(name)));
            if (!values.get(i).equals(value)) {
                return false;
            }
        }
        return true;
    }

    private void read(ListedFile file, Predicate key, List<RowData> out) throws IOException {
        ParquetFooter footer = footers.get(file);
        FlinkInputFile input = FlinkInputFile.open(new Path(file.path()), file.length());
        ParquetReader reader;
        if (footer == null) {
            reader = ParquetReader.open(input, readOptions);
            footers.put(file, reader.footer());
        } else {
            reader = ParquetReader.open(input, footer, readOptions);
        }
        filesOpened.inc();
        try (reader) {
            FileColumns columns = FileColumns.of(reader, tableType, partitionKeys, file);
            AccessPlan plan = AccessPlan.scanAll(reader.metadata());
            KeyRowFilter rowFilter = null;
            if (key != null) {
                StatisticsPruner statistics = StatisticsPruner.create(key, reader.schema().fields());
                plan = plan.apply(statistics, reader.metadata(), SlotValues.none(), PruningListener.NONE);
                plan = plan.apply(BloomFilterPruner.create(statistics, reader.bloomFilterSource()),
                        reader.metadata(), SlotValues.none(), PruningListener.NONE);
                plan = plan.apply(PageIndexPruner.create(statistics, reader.pageIndexSource(
                                PageIndexPruner.leafIndexes(key, reader.schema().fields()))),
                        reader.metadata(), SlotValues.none(), PruningListener.NONE);
                rowFilter = KeyRowFilter.of(key, reader);
            }
            for (int rowGroup = 0; rowGroup < plan.size(); rowGroup++) {
                RowGroupAccess access = plan.access(rowGroup);
                if (access.isSkip()) {
                    rowGroupsSkipped.inc();
                    continue;
                }
                rowGroupsRead.inc();
                try (BatchIterator batches = rowFilter == null
                        ? reader.readRowGroup(rowGroup, columns.projection(), access.selection())
                        : reader.scanRowGroup(rowGroup, columns.projection(), access.selection(),
                                rowFilter)) {
                    while (batches.hasNext()) {
                        collect(batches.next(), columns, out);
                    }
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException("Cannot look up in " + file.path() + ", row group "
                            + rowGroup + ": " + e.getMessage(), e);
                }
            }
        }
    }

    private void collect(VectorizedColumnBatch batch, FileColumns columns, List<RowData> out) {
        int rows = batch.getNumRows();
        for (int i = 0; i < rows; i++) {
            RowData row = columns.tableRow(new ColumnarRowData(batch, i));
            if (boundFilter != null && !boundFilter.test(row, SlotValues.none())) {
                continue;
            }
            RowData copy = copier.copy(row);
            out.add(outputFields == null ? copy : project(copy));
        }
    }

    private RowData project(RowData row) {
        GenericRowData projected = new GenericRowData(outputFields.length);
        for (int i = 0; i < outputFields.length; i++) {
            projected.setField(i, RowData.createFieldGetter(tableType.getTypeAt(outputFields[i]),
                    outputFields[i]).getFieldOrNull(row));
        }
        return projected;
    }

    /**
     * How one file gives the table's row: its data columns read by name as the declared types,
     * the partition columns from the file's directories.
     */
    private record FileColumns(ReadSchema projection, int[] fileIndex, Object[] constants,
            RowData.FieldGetter[] getters) {
        static FileColumns of(ParquetReader reader, RowType tableType, List<String> partitionKeys,
                ListedFile file) throws IOException {
            List<String> names = new ArrayList<>();
            for (String name : tableType.getFieldNames()) {
                if (!partitionKeys.contains(name)) {
                    names.add(name);
                }
            }
            ReadSchema projection;
            try {
                projection = reader.project(names);
            } catch (IllegalArgumentException e) {
                throw FileContext.of(file.path()).unsupported("Cannot look up in file",
                        "a declared column is missing: " + e.getMessage());
            }
            RowType fileType = projection.rowType();
            int arity = tableType.getFieldCount();
            int[] fileIndex = new int[arity];
            Object[] constants = new Object[arity];
            RowData.FieldGetter[] getters = new RowData.FieldGetter[arity];
            int next = 0;
            for (int i = 0; i < arity; i++) {
                String name = tableType.getFieldNames().get(i);
                LogicalType declared = tableType.getTypeAt(i);
                if (partitionKeys.contains(name)) {
                    fileIndex[i] = -1;
                    constants[i] = file.partitionValue(name, declared);
                    continue;
                }
                LogicalType found = fileType.getTypeAt(next);
                if (!found.copy(true).equals(declared.copy(true))) {
                    throw FileContext.of(file.path()).column(name).unsupported(
                            "Cannot look up in column", "the file holds " + found
                                    + " where the table declares " + declared
                                    + " (lookups read declared types only)");
                }
                fileIndex[i] = next;
                getters[i] = RowData.createFieldGetter(found, next);
                next++;
            }
            return new FileColumns(projection, fileIndex, constants, getters);
        }

        RowData tableRow(RowData fileRow) {
            GenericRowData row = new GenericRowData(fileIndex.length);
            for (int i = 0; i < fileIndex.length; i++) {
                row.setField(i, fileIndex[i] < 0 ? constants[i] : getters[i].getFieldOrNull(fileRow));
            }
            return row;
        }
    }

    /** The columns the key names, in the key's order (for the key's row filter). */
    static Set<String> keyColumns(Predicate key) {
        Set<String> names = new LinkedHashSet<>();
        key.columns().forEach(ref -> names.add(ref.path().get(0)));
        return names;
    }
}
