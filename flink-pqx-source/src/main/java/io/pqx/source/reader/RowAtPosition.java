package io.pqx.source.reader;

import org.apache.flink.table.data.RowData;

/**
 * A row to emit and the split position just after it: the next row to emit is row {@code nextRow}
 * of row group {@code rowGroup}; with a watermark column, whether the row has an event time ({@code
 * timed}) and which ({@code eventTime}, epoch milliseconds). Reused for every row of a batch
 * (mutable).
 */
final class RowAtPosition {
    RowData row;
    int rowGroup;
    long nextRow;
    boolean timed;
    long eventTime;
}
