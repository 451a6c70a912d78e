package io.pqx.sink.file;

import org.apache.flink.table.data.RowData;

import java.io.IOException;

/**
 * Cuts the row stream of one {@link PartFile} into row groups and hands them to its {@link
 * RowGroupPipeline}: {@link RowGroupCutter} buffers each whole group (approximate mode, sort-by),
 * {@link StreamingRowGroupCutter} encodes exact-mode groups while they fill.
 *
 * <p>Called by the sink's task thread only.
 */
interface RowCutter {
    /**
     * Adds one row; may seal row groups.
     *
     * @throws IllegalArgumentException if a value cannot be written (names row, column and file);
     *     the row is then in no column
     */
    void add(RowData row) throws IOException, InterruptedException;

    /** Seals every pending row (the file closes). */
    void finish() throws IOException, InterruptedException;

    /** Rows accepted. */
    long rowCount();

    /** Estimated in-memory bytes of the rows not yet sealed (uncompressed, as buffered). */
    long pendingBytes();

    /** Waits until no encoding task of this file still reads its buffers; ignores failures. */
    void abandon();
}
