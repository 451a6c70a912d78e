package io.pqx.source.reader;

import io.pqx.format.BatchIterator;
import io.pqx.format.ParquetReader;
import io.pqx.format.error.FileContext;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.index.RowSelection;
import io.pqx.format.options.ReadOptions;
import io.pqx.source.split.RowGroupSplit;

import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsAddition;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads splits one after another on the fetcher thread: opens the split's file, checks it is the
 * file that was planned (same length), maps its schema to the requested one ({@link
 * FileReadPlan}), then decodes row group after row group from the split's position (the first row
 * group from its next row, through a {@link RowSelection}) and hands out one batch per fetch.
 * Before touching the batch iterator again it waits until the previous batch was emitted
 * ({@link BatchGate}). A decoding error fails the fetch with the format's exception, which names
 * file, row group and column.
 */
final class PqxSplitReader implements SplitReader<RowAtPosition, RowGroupSplit> {
    private final ReaderSettings settings;
    private final ReadOptions readOptions;
    private final Set<String> partitionKeys;
    private final ArrayDeque<RowGroupSplit> splits = new ArrayDeque<>();
    private final BatchGate gate = new BatchGate();

    @Nullable private RowGroupSplit split;
    @Nullable private ParquetReader reader;
    @Nullable private FileReadPlan plan;
    @Nullable private BatchIterator batches;
    private int rowGroup;
    private long row;

    PqxSplitReader(ReaderSettings settings) {
        this.settings = settings;
        this.readOptions = ReadOptions.builder()
                .batchSize(settings.batchSize())
                .verifyChecksums(settings.verifyChecksums())
                .build();
        this.partitionKeys = new HashSet<>(settings.partitionKeys());
    }

    @Override
    public RecordsWithSplitIds<RowAtPosition> fetch() throws IOException {
        if (!gate.awaitFree()) {
            return empty();
        }
        if (split == null) {
            split = splits.poll();
            if (split == null) {
                return empty();
            }
            open(split);
        }
        try {
            while (true) {
                if (batches == null) {
                    if (rowGroup > split.lastRowGroup()) {
                        return finishSplit();
                    }
                    long rows = reader.metadata().rowGroup(rowGroup).numRows();
                    if (row >= rows) {
                        rowGroup++;
                        row = 0;
                        continue;
                    }
                    RowSelection selection = row == 0 ? RowSelection.all(rows)
                            : RowSelection.of(new long[] {row}, new long[] {rows});
                    batches = reader.readRowGroup(rowGroup, plan.projection(), selection);
                }
                if (batches.hasNext()) {
                    VectorizedColumnBatch decoded = batches.next();
                    BatchRecords records = new BatchRecords(
                            split.splitId(), plan.adapt(decoded), rowGroup, row, gate);
                    row += decoded.getNumRows();
                    gate.take();
                    return records;
                }
                batches.close();
                batches = null;
                rowGroup++;
                row = 0;
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void open(RowGroupSplit s) throws IOException {
        FlinkInputFile file = FlinkInputFile.open(new Path(s.path()));
        long length;
        try {
            length = file.length();
        } catch (IOException e) {
            file.close();
            throw e;
        }
        if (length != s.fileLength()) {
            file.close();
            throw FileContext.of(s.path()).unsupported("Cannot read split " + s.splitId(),
                    "the file has " + length + " bytes, but had " + s.fileLength()
                            + " when it was planned: it was changed after discovery");
        }
        reader = ParquetReader.open(file, readOptions);
        try {
            int groups = reader.metadata().rowGroups().size();
            if (s.lastRowGroup() >= groups) {
                throw FileContext.of(s.path()).unsupported("Cannot read split " + s.splitId(),
                        "the file has " + groups + " row groups");
            }
            plan = FileReadPlan.of(reader, settings.producedType(), partitionKeys, s.partitions(), s.path());
        } catch (IOException | RuntimeException e) {
            closeFile();
            throw e;
        }
        rowGroup = s.nextRowGroup();
        row = s.nextRow();
    }

    private RecordsWithSplitIds<RowAtPosition> finishSplit() throws IOException {
        String id = split.splitId();
        closeFile();
        split = null;
        RecordsBySplits.Builder<RowAtPosition> done = new RecordsBySplits.Builder<>();
        done.addFinishedSplit(id);
        return done.build();
    }

    private static RecordsWithSplitIds<RowAtPosition> empty() {
        return new RecordsBySplits.Builder<RowAtPosition>().build();
    }

    private void closeFile() throws IOException {
        try {
            if (batches != null) {
                batches.close();
            }
        } finally {
            batches = null;
            plan = null;
            ParquetReader r = reader;
            reader = null;
            if (r != null) {
                r.close();
            }
        }
    }

    @Override
    public void handleSplitsChanges(SplitsChange<RowGroupSplit> changes) {
        if (changes instanceof SplitsAddition) {
            splits.addAll(changes.splits());
        }
    }

    @Override
    public void wakeUp() {
        gate.wakeUp();
    }

    @Override
    public void close() throws IOException {
        gate.wakeUp();
        closeFile();
    }
}
