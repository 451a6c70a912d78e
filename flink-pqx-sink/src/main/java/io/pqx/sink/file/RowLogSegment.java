package io.pqx.sink.file;

import org.apache.flink.annotation.PublicEvolving;

/**
 * One segment file of an open file's row log: {@code .<file name>.rows-<number>} in the part file's
 * directory, complete and never changed once written.
 *
 * @param name the segment's file name
 * @param rows rows it holds
 * @param bytes its length in bytes (a restore checks it)
 */
@PublicEvolving
public record RowLogSegment(String name, long rows, long bytes) {}
