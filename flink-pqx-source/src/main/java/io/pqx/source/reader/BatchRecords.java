package io.pqx.source.reader;

import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

import javax.annotation.Nullable;

import java.util.Set;

/**
 * The rows of one batch of one split, rows {@code firstRow ..} of a row group: one reused {@link
 * ColumnarRowData} pointed at each row in turn (no copy), with its position. Recycling releases the
 * batch to the fetcher ({@link BatchGate}).
 */
final class BatchRecords implements RecordsWithSplitIds<RowAtPosition> {
    private final String splitId;
    private final VectorizedColumnBatch batch;
    private final BatchGate gate;
    private final ColumnarRowData row;
    private final RowAtPosition record = new RowAtPosition();
    private final long firstRow;
    private boolean splitTaken;
    private int next;

    BatchRecords(String splitId, VectorizedColumnBatch batch, int rowGroup, long firstRow, BatchGate gate) {
        this.splitId = splitId;
        this.batch = batch;
        this.gate = gate;
        this.firstRow = firstRow;
        this.row = new ColumnarRowData(batch);
        record.row = row;
        record.rowGroup = rowGroup;
    }

    @Nullable
    @Override
    public String nextSplit() {
        if (splitTaken) {
            return null;
        }
        splitTaken = true;
        return splitId;
    }

    @Nullable
    @Override
    public RowAtPosition nextRecordFromSplit() {
        if (next >= batch.getNumRows()) {
            return null;
        }
        row.setRowId(next);
        next++;
        record.nextRow = firstRow + next;
        return record;
    }

    @Override
    public Set<String> finishedSplits() {
        return Set.of();
    }

    @Override
    public void recycle() {
        gate.release();
    }
}
