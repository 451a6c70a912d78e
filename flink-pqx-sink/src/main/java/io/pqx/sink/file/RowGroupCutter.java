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

    /** Whether rows passed to {@link #add} must stay valid after the call (not be reused). */
    static boolean holdsRows(RowGroupLimits limits, boolean sorted) {
        return sorted || limits.mode() == RowGroupMode.APPROXIMATE;
    }
}
