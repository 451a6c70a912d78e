package io.pqx.sink.file;

import io.pqx.sink.options.RowGroupMode;
import org.apache.flink.annotation.Internal;

/**
 * The row-group limits of one file.
 *
 * @param mode exact or approximate
 * @param targetRows {@code sink.row-group.rows}
 * @param maxBytes {@code sink.row-group.bytes}, bounding a group's estimated encoded size
 * @param floorRows {@code sink.row-group.min-rows}: the byte bound never cuts fewer rows
 */
@Internal
public record RowGroupLimits(RowGroupMode mode, int targetRows, long maxBytes, int floorRows) {
    /** The floor, never above the target. */
    int floor() {
        return Math.min(floorRows, targetRows);
    }
}
