package io.pqx.source.reader;

import io.pqx.format.ParquetBatch;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;

/**
 * The rows of one batch of one split: one reused {@link ColumnarRowData} pointed at each row in
 * turn (no copy), with the position after it, from the positions the format gives the decoded batch
 * ({@link ParquetBatch#rowPosition}; also right for a sparse selection). Recycling releases the
 * batch to the fetcher ({@link BatchGate}), which keeps the decoded batch and its positions valid
 * until then. The rows of a filtered scan have gaps between their positions: each row's position is
 * its own, so a checkpoint after it restores past the rows dropped before it. With a watermark
 * column each row also carries its event time ({@link RowEventTime}), or none where the column is
 * null.
 */
final class BatchRecords implements RecordsWithSplitIds<RowAtPosition> {
    private final String splitId;
    private final VectorizedColumnBatch batch;
    private final BatchGate gate;
    private final ColumnarRowData row;
    private final RowAtPosition record = new RowAtPosition();
    private final ParquetBatch positions;
    private final boolean contiguous;
    private final long firstRow;
    @Nullable private final ColumnVector eventTimes;
    @Nullable private final RowEventTime eventTime;
    private boolean splitTaken;
    private int next;

    /**
     * @param batch the rows to emit (the decoded batch, adapted to the requested schema)
     * @param decoded the decoded batch, for the rows' positions
     */
    BatchRecords(
            String splitId, VectorizedColumnBatch batch, ParquetBatch decoded, BatchGate gate) {
        this(splitId, batch, decoded, gate, null, null);
    }

    /**
     * @param eventTimes the watermark column's values of the batch's rows, or null to emit rows
     *     without event times
     * @param eventTime how a value of {@code eventTimes} becomes epoch milliseconds
     */
    BatchRecords(
            String splitId,
            VectorizedColumnBatch batch,
            ParquetBatch decoded,
            BatchGate gate,
            @Nullable ColumnVector eventTimes,
            @Nullable RowEventTime eventTime) {
        this.splitId = splitId;
        this.eventTimes = eventTimes;
        this.eventTime = eventTime;
        this.batch = batch;
        this.gate = gate;
        this.positions = decoded;
        this.contiguous = decoded.isContiguous();
        this.firstRow = decoded.firstRowPosition();
        this.row = new ColumnarRowData(batch);
        record.row = row;
        record.rowGroup = decoded.rowGroup();
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
        record.nextRow = (contiguous ? firstRow + next : positions.rowPosition(next)) + 1;
        if (eventTimes != null) {
            record.timed = !eventTimes.isNullAt(next);
            if (record.timed) {
                record.eventTime = eventTime.millis(eventTimes, next);
            }
        }
        next++;
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
