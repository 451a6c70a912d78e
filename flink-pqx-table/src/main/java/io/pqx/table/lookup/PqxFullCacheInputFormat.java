package io.pqx.table.lookup;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.ParquetScan;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.predicate.BoundPredicate;
import io.pqx.format.predicate.SlotValues;
import io.pqx.format.prune.PruningListener;
import io.pqx.format.prune.StatisticsPruner;
import io.pqx.source.ListedFile;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.io.DefaultInputSplitAssigner;
import org.apache.flink.api.common.io.RichInputFormat;
import org.apache.flink.api.common.io.statistics.BaseStatistics;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.InputSplit;
import org.apache.flink.core.io.InputSplitAssigner;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;

/**
 * The whole table, for Flink's full lookup cache ({@code lookup.cache = FULL}): one split per file
 * listed when the cache (re)loads, each giving the file's rows as the lookup returns them (the
 * table's row or the fields asked for), rows the pushed filter rejects left out, row groups it
 * proves empty not read. Flink clones this format per split and reads splits in parallel threads.
 */
final class PqxFullCacheInputFormat extends RichInputFormat<RowData, InputSplit> {
    private static final long serialVersionUID = 1L;

    private final LookupTable table;

    private transient ParquetReader reader;
    private transient FileRows rows;
    private transient BatchIterator batches;
    private transient Deque<RowData> ready;
    private transient BoundPredicate filter;
    private transient RowDataSerializer copier;
    private transient UnaryOperator<RowData> output;

    PqxFullCacheInputFormat(LookupTable table) {
        this.table = table;
    }

    /** One file of the table, as listed when the cache loads. */
    static final class FileSplit implements InputSplit {
        private static final long serialVersionUID = 1L;
        private final int number;
        private final String path;
        private final long length;
        private final long modificationTime;
        private final LinkedHashMap<String, String> partition;

        FileSplit(int number, ListedFile file) {
            this.number = number;
            this.path = file.path();
            this.length = file.length();
            this.modificationTime = file.modificationTime();
            this.partition = new LinkedHashMap<>(file.partition());
        }

        ListedFile file() {
            return new ListedFile(path, length, modificationTime, partition);
        }

        @Override
        public int getSplitNumber() {
            return number;
        }

        @Override
        public String toString() {
            return "FileSplit[" + number + ", " + path + "]";
        }
    }

    /** The split of no file: Flink's cache loader wants at least one split. */
    private static final class NoFile implements InputSplit {
        private static final long serialVersionUID = 1L;

        @Override
        public int getSplitNumber() {
            return 0;
        }
    }

    @Override
    public void configure(Configuration parameters) {}

    @Override
    public BaseStatistics getStatistics(BaseStatistics cachedStatistics) {
        return cachedStatistics;
    }

    @Override
    public InputSplit[] createInputSplits(int minNumSplits) throws IOException {
        List<ListedFile> files = table.listing.listFiles();
        if (files.isEmpty()) {
            return new InputSplit[] {new NoFile()};
        }
        InputSplit[] splits = new InputSplit[files.size()];
        for (int i = 0; i < splits.length; i++) {
            splits[i] = new FileSplit(i, files.get(i));
        }
        return splits;
    }

    @Override
    public InputSplitAssigner getInputSplitAssigner(InputSplit[] splits) {
        return new DefaultInputSplitAssigner(splits);
    }

    @Override
    public void open(InputSplit split) throws IOException {
        ready = new ArrayDeque<>();
        copier = new RowDataSerializer(table.tableType);
        filter = table.boundFilter();
        output = table.outputProjection();
        if (!(split instanceof FileSplit fileSplit)) {
            return;
        }
        ListedFile file = fileSplit.file();
        reader =
                ParquetReader.open(
                        FlinkInputFile.open(new Path(file.path()), file.length()),
                        table.listing.readOptions());
        rows = FileRows.of(reader, table.tableType, table.partitionKeys, file);
        ParquetScan.Builder scan = ParquetScan.builder(reader, rows.projection());
        if (table.filter != null && filterOnDataColumns()) {
            try {
                scan.pruneWith(
                        StatisticsPruner.create(table.filter, reader.schema().fields()),
                        SlotValues.none(),
                        PruningListener.NONE);
            } catch (IllegalArgumentException e) {
                // a filter the file's statistics cannot be asked about: read every row group
            }
        }
        batches = scan.build();
    }

    private boolean filterOnDataColumns() {
        return table.filter.columns().stream()
                .noneMatch(ref -> table.partitionKeys.contains(ref.path().get(0)));
    }

    @Override
    public boolean reachedEnd() throws IOException {
        while (ready.isEmpty()) {
            if (reader == null) {
                return true;
            }
            if (batches != null && batches.hasNext()) {
                collect(batches.next().columnBatch());
                continue;
            }
            return true;
        }
        return false;
    }

    private void collect(VectorizedColumnBatch batch) {
        for (int i = 0; i < batch.getNumRows(); i++) {
            RowData row = rows.tableRow(new ColumnarRowData(batch, i));
            if (filter != null && !filter.test(row, SlotValues.none())) {
                continue;
            }
            ready.add(output.apply(copier.copy(row)));
        }
    }

    @Override
    public RowData nextRecord(RowData reuse) throws IOException {
        return reachedEnd() ? null : ready.poll();
    }

    private void closeBatches() throws IOException {
        try {
            batches.close();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        } finally {
            batches = null;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (batches != null) {
                closeBatches();
            }
        } finally {
            if (reader != null) {
                reader.close();
                reader = null;
            }
        }
    }

    /** For tests: every row of the table this format gives, read split after split. */
    List<RowData> readAll() throws IOException {
        List<RowData> out = new ArrayList<>();
        for (InputSplit split : createInputSplits(1)) {
            open(split);
            try {
                RowData r;
                while ((r = nextRecord(null)) != null) {
                    out.add(r);
                }
            } finally {
                close();
            }
        }
        return out;
    }
}
