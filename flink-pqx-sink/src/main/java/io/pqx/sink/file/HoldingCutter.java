package io.pqx.sink.file;

import io.pqx.format.ByteLimitCheck;
import io.pqx.format.ParquetWriter;
import io.pqx.format.ShreddedRows;
import io.pqx.format.WriterSizing;
import io.pqx.sink.options.RowGroupMode;
import java.io.IOException;
import java.util.List;
import java.util.function.LongSupplier;
import javax.annotation.Nullable;
import org.apache.flink.table.data.RowData;

/**
 * Row groups that need their rows before the cut: approximate mode (which may cut the first target
 * of up to two targets pending) and sort-by (which orders a group's rows). The rows are held until
 * the cut and then written, sorted if asked, as one row group.
 *
 * <p>Every row is shredded into a {@link ShreddedRows} when it arrives, so a bad value fails at its
 * own row and the byte bound is measured on the real columns (their raw bytes at the file's
 * compression so far). The held rows are kept serialized ({@link CarriedRows}: a private copy, so a
 * caller may reuse its row objects). Holding costs memory for up to {@code 2T} rows in approximate
 * mode. With a {@link RowLog} (files open across checkpoints), a checkpoint logs the held rows that
 * arrived since the last one; the logged rows are always a prefix of the held ones.
 *
 * <p>Called by the sink's task thread only; not thread-safe.
 */
final class HoldingCutter implements RowGroupCutter {
    private final RowGroupMode mode;
    private final int target;
    private final int floor;
    private final ParquetWriter writer;
    @Nullable private final RowSorter sorter;
    private final ShreddedRows measured;
    private final CarriedRows held;
    private final ByteLimitCheck groupBytes;
    private final LongSupplier heldBytes = this::heldFileBytes;
    @Nullable private final RowLog log;
    private long fileRows;

    HoldingCutter(
            RowGroupLimits limits,
            ParquetWriter writer,
            @Nullable RowSorter sorter,
            ShreddedRows measured,
            CarriedRows held,
            @Nullable RowLog log) {
        this.held = held;
        this.log = log;
        this.mode = limits.mode();
        this.target = limits.targetRows();
        this.floor = limits.floor();
        this.writer = writer;
        this.sorter = sorter;
        this.measured = measured;
        this.groupBytes = new ByteLimitCheck(limits.maxBytes());
    }

    @Override
    public void add(RowData row) throws IOException {
        measured.append(row, fileRows);
        fileRows++;
        held.add(row);
        int pending = held.size();
        boolean bytesFull = pending >= floor && groupBytes.reached(pending, heldBytes);
        if (mode == RowGroupMode.EXACT) {
            if (CutPoints.exactCut(pending, target, floor, bytesFull)) {
                cut(pending);
            }
        } else {
            int rows = CutPoints.approximateCut(pending, target, floor, bytesFull);
            if (rows > 0) {
                cut(rows);
            }
        }
    }

    /** The row was logged before the restore; the log counts it among its open rows. */
    @Override
    public void addLogged(RowData row) throws IOException {
        add(row);
    }

    @Override
    public void cutPending() throws IOException {
        finish();
    }

    @Override
    public void logOpenRows() throws IOException {
        if (log != null) {
            log.append(held, (int) log.openRows(), held.size());
        }
    }

    /** Nothing: the held rows stay in memory until the cut, logged or not. */
    @Override
    public long unloggedBytes() {
        return 0;
    }

    @Override
    public long memoryBytes() {
        return held.memoryBytes() + measured.rawBytes();
    }

    @Override
    public int carriedRowCount() {
        return held.size();
    }

    @Override
    public void finish() throws IOException {
        int pending = held.size();
        if (mode == RowGroupMode.EXACT) {
            if (pending > 0) {
                cut(pending);
            }
        } else {
            for (int part : CutPoints.closingParts(pending, target)) {
                cut(part);
            }
        }
    }

    @Override
    public long rowCount() {
        return fileRows;
    }

    /** The held rows' raw bytes at the file's compression so far; sums every column. */
    @Override
    public long heldFileBytes() {
        return WriterSizing.of(writer).encodedEstimate(measured.rawBytes());
    }

    /** Writes the first {@code rows} held rows as one row group. */
    private void cut(int rows) throws IOException {
        List<RowData> group = held.rows(0, rows);
        if (sorter != null) {
            sorter.sort(group);
        }
        // The rows were validated when they arrived: writing them cannot reject one.
        for (RowData row : group) {
            writer.write(row);
        }
        writer.cutRowGroup();
        held.dropFirst(rows);
        if (log != null) {
            log.drop(Math.min(rows, log.openRows()));
        }
        measured.clear();
        for (RowData row : held.rows(0, held.size())) {
            measured.append(row, -1);
        }
        groupBytes.reset();
    }
}
