package io.pqx.sink.file;

import io.pqx.format.encode.RowGroupBuffer;

import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import javax.annotation.Nullable;

/**
 * Re-cuts the row stream of one file into row groups by {@link RowGroupCutRule}, whatever the
 * input's own batching, and hands each sealed group, buffered whole, to the {@link
 * RowGroupPipeline}. Used for approximate mode and sort-by, which need every row of a group before
 * deciding; exact mode without sort-by streams instead ({@link StreamingRowGroupCutter}), with the
 * same cuts and bytes.
 *
 * <p>Every row is shredded into the open buffer when it arrives, so a bad value fails at its own
 * row and the byte bound is measured on the real columns. In exact mode without sorting that buffer
 * is sealed as is. When rows must be reordered (sort-by) or re-split (approximate mode) the cutter
 * also holds the rows and re-shreds the chosen slice into a fresh buffer at the cut; holding costs
 * memory for up to {@code 2T} rows in approximate mode, and the caller must then pass rows that
 * stay valid ({@link #holdsRows}).
 *
 * <p>Called by the sink's task thread only; not thread-safe.
 */
final class RowGroupCutter implements RowCutter {
    private final RowGroupMode mode;
    private final int target;
    private final int floor;
    private final long maxBytes;
    private final RowGroupPipeline pipeline;
    @Nullable private final RowSorter sorter;
    @Nullable private final List<RowData> held;
    private RowGroupBuffer open;
    private long fileRows;

    RowGroupCutter(
            RowGroupCutSettings settings, RowGroupPipeline pipeline, @Nullable RowSorter sorter) {
        this.mode = settings.mode();
        this.target = settings.targetRows();
        this.floor = Math.min(settings.floorRows(), settings.targetRows());
        this.maxBytes = settings.maxBytes();
        this.pipeline = pipeline;
        this.sorter = sorter;
        this.held = holdsRows(mode, sorter != null) ? new ArrayList<>() : null;
        this.open = pipeline.newBuffer();
    }

    /**
     * Adds one row; may seal row groups.
     *
     * @throws IllegalArgumentException if a value cannot be written (names row, column and file);
     *     the row is not added
     */
    @Override
    public void add(RowData row) throws IOException, InterruptedException {
        open.append(row, fileRows);
        fileRows++;
        if (held != null) {
            held.add(row);
        }
        int pending = open.rowCount();
        boolean bytesFull = pending >= floor && open.isFull(Integer.MAX_VALUE, maxBytes);
        if (mode == RowGroupMode.EXACT) {
            if (RowGroupCutRule.exactCut(pending, target, floor, bytesFull)) {
                cut(pending);
            }
        } else {
            int rows = RowGroupCutRule.approximateCut(pending, target, floor, bytesFull);
            if (rows > 0) {
                cut(rows);
            }
        }
    }

    /** Seals every pending row (the file closes). */
    @Override
    public void finish() throws IOException, InterruptedException {
        int pending = open.rowCount();
        if (mode == RowGroupMode.EXACT) {
            if (pending > 0) {
                cut(pending);
            }
        } else {
            for (int part : RowGroupCutRule.closingParts(pending, target)) {
                cut(part);
            }
        }
    }

    /** Whether rows are held until their group is cut, so they must not be reused. */
    static boolean holdsRows(RowGroupMode mode, boolean sorted) {
        return sorted || mode == RowGroupMode.APPROXIMATE;
    }

    /** Rows accepted. */
    @Override
    public long rowCount() {
        return fileRows;
    }

    /** Estimated bytes of the rows not yet sealed. */
    @Override
    public long pendingBytes() {
        return open.estimatedBytes();
    }

    /** Nothing to wait for: sealed buffers are the pipeline's until written. */
    @Override
    public void abandon() {}

    /** Seals the first {@code rows} pending rows as one row group. */
    private void cut(int rows) throws IOException, InterruptedException {
        if (held == null) {
            RowGroupBuffer sealed = open;
            open = pipeline.newBuffer();
            pipeline.submit(sealed);
            return;
        }
        List<RowData> slice = new ArrayList<>(held.subList(0, rows));
        List<RowData> rest = new ArrayList<>(held.subList(rows, held.size()));
        if (sorter != null) {
            sorter.sort(slice);
        }
        // The rows were validated when they arrived: re-shredding them cannot fail.
        RowGroupBuffer sealed = pipeline.newBuffer();
        for (RowData row : slice) {
            sealed.append(row, -1);
        }
        open.reset();
        for (RowData row : rest) {
            open.append(row, -1);
        }
        held.clear();
        held.addAll(rest);
        pipeline.submit(sealed);
    }
}
