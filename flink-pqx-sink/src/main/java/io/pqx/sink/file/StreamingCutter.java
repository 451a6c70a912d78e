package io.pqx.sink.file;

import io.pqx.format.ByteLimitCheck;
import io.pqx.format.ParquetWriter;

import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * Exact-mode row groups without sort-by: each row goes to the writer as it arrives (which encodes
 * the open group while it fills), and the group is cut at exactly the target, or earlier once its
 * estimated encoded bytes reach the byte bound with at least the floor of rows. Nothing is held.
 *
 * <p>Called by the sink's task thread only.
 */
final class StreamingCutter implements RowGroupCutter {
    private final int target;
    private final int floor;
    private final ParquetWriter writer;
    private final ByteLimitCheck groupBytes;
    private final LongSupplier openBytes;

    StreamingCutter(RowGroupLimits limits, ParquetWriter writer) {
        this.target = limits.targetRows();
        this.floor = limits.floor();
        this.writer = writer;
        this.groupBytes = new ByteLimitCheck(limits.maxBytes());
        this.openBytes = writer::openRowGroupBytes;
    }

    @Override
    public void add(RowData row) throws IOException {
        writer.write(row);
        long pending = writer.openRowGroupRows();
        boolean bytesFull = pending >= floor && groupBytes.reached(pending, openBytes);
        if (CutPoints.exactCut((int) pending, target, floor, bytesFull)) {
            writer.cutRowGroup();
            groupBytes.reset();
        }
    }

    @Override
    public void finish() throws IOException {
        writer.cutRowGroup();
    }

    @Override
    public long rowCount() {
        return writer.rowsWritten();
    }

    @Override
    public long heldFileBytes() {
        return 0;
    }
}
