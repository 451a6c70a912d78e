package io.pqx.source.reader;

import org.apache.flink.table.data.RowData;

/**
 * A row to emit and the split position just after it: the next row to emit is row {@code nextRow}
 * of row group {@code rowGroup}. Reused for every row of a batch (mutable).
 */
final class RowAtPosition {
    RowData row;
    int rowGroup;
    long nextRow;
}
