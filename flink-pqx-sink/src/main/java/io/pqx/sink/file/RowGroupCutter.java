package io.pqx.sink.file;

import io.pqx.sink.options.RowGroupMode;
import java.io.IOException;
import org.apache.flink.table.data.RowData;

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

    /**
     * Adds one row of a restored open row group, which the file's row log already holds: as {@link
     * #add}, but not logged again.
     */
    void addLogged(RowData row) throws IOException;

    /**
     * Rows of the open row group that this cutter holds (for the cut, or until they are logged).
     */
    int carriedRowCount();

    /**
     * Writes the open row group's rows that the row log does not hold yet to it (a checkpoint, or
     * the memory budget freeing them); nothing without a row log.
     */
    void logOpenRows() throws IOException;

    /** Heap bytes {@link #logOpenRows()} would free now. */
    long unloggedBytes();

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
