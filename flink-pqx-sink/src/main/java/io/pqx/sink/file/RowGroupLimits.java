package io.pqx.sink.file;

/**
 * The row-group limits of one file.
 *
 * @param mode exact or approximate
 * @param targetRows {@code sink.row-group.rows}
 * @param maxBytes {@code sink.row-group.bytes}, bounding the estimated buffered size
 * @param floorRows {@code sink.row-group.min-rows}: the byte bound never cuts fewer rows
 */
public record RowGroupCutSettings(
        RowGroupMode mode, int targetRows, long maxBytes, int floorRows) {}
