package io.pqx.source.reader;

import io.pqx.source.split.RowGroupSplit;

/**
 * A split being read and the position after its last emitted row. Written by the task thread only;
 * {@link PendingRecords} reads the position from the metric reporter's thread, without
 * synchronization (a gauge may lag by a few rows; the emitting path stays a plain store).
 */
final class RowGroupSplitState {
    private final RowGroupSplit split;
    private int nextRowGroup;
    private long nextRow;

    RowGroupSplitState(RowGroupSplit split) {
        this.split = split;
        this.nextRowGroup = split.nextRowGroup();
        this.nextRow = split.nextRow();
    }

    void emitted(int rowGroup, long rowAfter) {
        this.nextRowGroup = rowGroup;
        this.nextRow = rowAfter;
    }

    int nextRowGroup() {
        return nextRowGroup;
    }

    long nextRow() {
        return nextRow;
    }

    RowGroupSplit toSplit() {
        return split.at(nextRowGroup, nextRow);
    }
}
