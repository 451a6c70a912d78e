package io.pqx.source.reader;

import io.pqx.source.split.RowGroupSplit;

/** A split being read and the position after its last emitted row; task thread only. */
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

    RowGroupSplit toSplit() {
        return split.at(nextRowGroup, nextRow);
    }
}
