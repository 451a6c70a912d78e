package io.pqx.sink.file;

import io.pqx.format.ByteLimitCheck;
import io.pqx.format.ParquetWriter;

import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.util.function.LongSupplier;

import javax.annotation.Nullable;

/**
 * Exact-mode row groups without sort-by: each row goes to the writer as it arrives (which encodes
 * the open group while it fills), and the group is cut at exactly the target, or earlier once its
 * estimated encoded bytes reach the byte bound with at least the floor of rows. When it carries
 * its open group ({@code carry}, for files that stay open across checkpoints), it also keeps a
 * serialized copy of the open group's rows ({@link CarriedRows}) until the cut, which a checkpoint
 * takes; otherwise nothing is held.
 *
 * <p>Called by the sink's task thread only.
 */
final class StreamingCutter implements RowGroupCutter {
    private final int target;
    private final int floor;
    private final ParquetWriter writer;
    private final ByteLimitCheck groupBytes;
    private final LongSupplier openBytes;
    @Nullable private final CarriedRows carried;

    StreamingCutter(RowGroupLimits limits, ParquetWriter writer, @Nullable CarriedRows carried) {
        this.carried = carried;
        this.target = limits.targetRows();
        this.floor = limits.floor();
        this.writer = writer;
        this.groupBytes = new ByteLimitCheck(limits.maxBytes());
        this.openBytes = writer::openRowGroupBytes;
    }

    @Override
    public void add(RowData row) throws IOException {
        writer.write(row);
        if (carried != null) {
            carried.add(row);
        }
        long pending = writer.openRowGroupRows();
        boolean bytesFull = pending >= floor && groupBytes.reached(pending, openBytes);
        if (CutPoints.exactCut((int) pending, target, floor, bytesFull)) {
            cutPending();
        }
    }

    @Override
    public void cutPending() throws IOException {
        writer.cutRowGroup();
        groupBytes.reset();
        if (carried != null) {
            carried.clear();
        }
    }

    @Override
    public void finish() throws IOException {
        cutPending();
    }

    @Override
    public long memoryBytes() {
        return carried == null ? 0 : carried.memoryBytes();
    }

    @Override
    public int carriedRowCount() {
        return carried == null ? 0 : carried.size();
    }

    @Override
    public byte[] carriedRows() {
        if (carried == null) {
            if (writer.openRowGroupRows() == 0) {
                return new byte[0];
            }
            throw new IllegalStateException(
                    "Cannot carry the open row group: this file does not keep its rows");
        }
        return carried.size() == 0 ? new byte[0] : carried.toBytes();
    }

    @Override
    public long carriedRowsLength() {
        return carried == null ? 0 : carried.toBytesLength();
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
