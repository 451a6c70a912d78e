package io.pqx.sink.file;

import io.pqx.sink.options.RowGroupMode;

import org.apache.flink.table.data.RowData;

import java.io.IOException;

/**
 * Decides where the row groups of one {@link PartFile} end, by {@link CutPoints}, whatever the
 * input's own batching, and tells its {@code ParquetWriter}: {@link StreamingCutter} passes rows on
 * as they come (exact mode), {@link HoldingCutter} holds them until the cut (approximate mode,
 * sort-by).
 *
 * <p>Called by the sink's task thread only.
 */
interface RowGroupCutter {
    /**
     * Adds one row; may cut row groups.
     *
     * @throws IllegalArgumentException if a value cannot be written (names row, column and file);
     *     the row is then in no column
     */
    void add(RowData row) throws IOException;

    /** Cuts every pending row into the file's last row groups (the file closes). */
    void finish() throws IOException;

    /** Rows accepted. */
    long rowCount();

    /** Estimated file bytes of accepted rows the writer has not been given yet. */
    long heldFileBytes();

    /**
     * Heap bytes of the rows this cutter holds or carries for the open row group (the writer's own
     * memory aside).
     */
    long memoryBytes();

    /** Rows of the open row group that only this cutter can give back (held or carried). */
    int carriedRowCount();

    /**
     * The open row group's rows in {@link CarriedRows#toBytes()} form, for a checkpoint: re-fed
     * through {@link #add} after a restore, they rebuild the open row group. Empty when none.
     *
     * @throws IllegalStateException if this cutter does not carry its open group's rows
     */
    byte[] carriedRows();

    /** The length of what {@link #carriedRows()} would return now, without building it. */
    long carriedRowsLength();

    /** Cuts every pending row into row groups now (a checkpoint's flush, a memory-forced cut). */
    void cutPending() throws IOException;

    /**
     * Whether the cutter holds the open group's rows until the cut (approximate mode, sort-by),
     * rather than passing them on as they come.
     */
    static boolean holdsRows(RowGroupLimits limits, boolean sorted) {
        return sorted || limits.mode() == RowGroupMode.APPROXIMATE;
    }
}
