package io.pqx.sink.file;

import io.pqx.format.ByteLimitCheck;
import io.pqx.format.ParquetWriter;
import java.io.IOException;
import java.util.function.LongSupplier;
import javax.annotation.Nullable;
import org.apache.flink.table.data.RowData;

/**
 * Exact-mode row groups without sort-by: each row goes to the writer as it arrives (which encodes
 * the open group while it fills), and the group is cut at exactly the target, or earlier once its
 * estimated encoded bytes reach the byte bound with at least the floor of rows. When it carries its
 * open group (a {@link RowLog}, for files that stay open across checkpoints), it also keeps a
 * serialized copy of the open group's rows that arrived since they were last logged ({@link
 * CarriedRows}), until a checkpoint or the memory budget logs them; otherwise nothing is held.
 *
 * <p>Called by the sink's task thread only.
 */
final class StreamingCutter implements RowGroupCutter {
    private final int target;
    private final int floor;
    private final ParquetWriter writer;
    private final ByteLimitCheck groupBytes;
    private final LongSupplier openBytes;

    /** The open group's rows not logged yet; null when nothing is logged. */
    @Nullable private final CarriedRows carried;

    @Nullable private final RowLog log;

    /**
     * Rows of the open group the log holds. Equal to the log's open rows but while a restore
     * re-feeds them: a cut then (smaller limits than before) drops only the rows re-fed so far.
     */
    private long loggedInGroup;

    StreamingCutter(
            RowGroupLimits limits,
            ParquetWriter writer,
            @Nullable CarriedRows carried,
            @Nullable RowLog log) {
        this.carried = carried;
        this.log = log;
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
        cutIfDue();
    }

    @Override
    public void addLogged(RowData row) throws IOException {
        writer.write(row);
        loggedInGroup++;
        cutIfDue();
    }

    private void cutIfDue() throws IOException {
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
        if (log != null) {
            log.drop(loggedInGroup);
        }
        loggedInGroup = 0;
    }

    @Override
    public void logOpenRows() throws IOException {
        if (log != null && carried.size() > 0) {
            log.append(carried, 0, carried.size());
            loggedInGroup += carried.size();
            carried.clear();
        }
    }

    @Override
    public long unloggedBytes() {
        return carried == null ? 0 : carried.memoryBytes();
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
    public long rowCount() {
        return writer.rowsWritten();
    }

    @Override
    public long heldFileBytes() {
        return 0;
    }
}
