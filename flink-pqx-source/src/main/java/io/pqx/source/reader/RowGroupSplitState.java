package io.pqx.source.reader;

import io.pqx.source.split.RowGroupSplit;
import io.pqx.source.split.SplitEventTimes;
import javax.annotation.Nullable;

/**
 * A split being read and the position after its last emitted row. Written by the task thread only;
 * {@link PendingRecords} reads the position from the metric reporter's thread, without
 * synchronization (a gauge may lag by a few rows; the emitting path stays a plain store). With
 * event times, a position passing into another row group is told to the reader's {@link
 * SplitWatermarks}, and the last watermark emitted on the split's output is kept here.
 */
final class RowGroupSplitState {
    private final RowGroupSplit split;
    @Nullable private final SplitEventTimes eventTimes;
    @Nullable private final SplitWatermarks watermarks;
    private int nextRowGroup;
    private long nextRow;
    private long watermark = Long.MIN_VALUE;

    RowGroupSplitState(RowGroupSplit split) {
        this(split, null);
    }

    /**
     * @param watermarks told when the position passes into another row group; null for a source
     *     without a watermark column
     */
    RowGroupSplitState(RowGroupSplit split, @Nullable SplitWatermarks watermarks) {
        this.split = split;
        this.eventTimes = split.eventTimes().orElse(null);
        this.watermarks = watermarks;
        this.nextRowGroup = split.nextRowGroup();
        this.nextRow = split.nextRow();
    }

    void emitted(int rowGroup, long rowAfter) {
        if (rowGroup != nextRowGroup && watermarks != null) {
            watermarks.rowGroupPassed();
        }
        this.nextRowGroup = rowGroup;
        this.nextRow = rowAfter;
    }

    String splitId() {
        return split.splitId();
    }

    int nextRowGroup() {
        return nextRowGroup;
    }

    long nextRow() {
        return nextRow;
    }

    /**
     * The least event time of the rows still to come, by the statistics: of the row groups from the
     * position on ({@code Long.MAX_VALUE} when none has one); {@code Long.MIN_VALUE} when the split
     * has no event times.
     */
    long leastEventTimeToCome() {
        return eventTimes == null
                ? Long.MIN_VALUE
                : eventTimes.leastFrom(nextRowGroup - split.firstRowGroup());
    }

    /** The last watermark emitted on this split's output ({@code Long.MIN_VALUE}: none). */
    long watermark() {
        return watermark;
    }

    void watermarkEmitted(long watermark) {
        this.watermark = watermark;
    }

    RowGroupSplit toSplit() {
        return split.at(nextRowGroup, nextRow);
    }
}
