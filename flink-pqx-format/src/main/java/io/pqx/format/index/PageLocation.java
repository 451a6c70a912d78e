package io.pqx.format.index;

import org.apache.flink.annotation.PublicEvolving;

/**
 * Where one data page of a column chunk lies, from the offset index.
 *
 * @param offset file offset of the page's header
 * @param compressedPageSize bytes of the page as stored, header included
 * @param firstRowIndex index, within the row group, of the first row that starts in the page
 */
@PublicEvolving
public record PageLocation(long offset, int compressedPageSize, long firstRowIndex) {}
