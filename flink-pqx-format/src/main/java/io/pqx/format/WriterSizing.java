package io.pqx.format;

import io.pqx.format.encode.StreamingRowGroupWriter;
import java.io.IOException;
import org.apache.flink.annotation.Internal;

/**
 * The sizing hooks of one {@link ParquetWriter} that pqx's sink needs and a library user does not:
 * how much memory the writer holds, giving up dictionaries that will not pay, and the compression
 * ratio its estimates use (carried from one file to the next). Obtained by {@link
 * #of(ParquetWriter)}, one view per writer; it reads and changes that writer's state, from the
 * writer's thread, as the writer's own methods do.
 *
 * <p>For pqx's sink (its cutters, part files and memory budget) only: it may change or go away in
 * any release. A library user cuts row groups and rolls files with {@link
 * ParquetWriter#openRowGroupRows()}, {@link ParquetWriter#openRowGroupBytes()} and {@link
 * ParquetWriter#estimatedFileBytes()}.
 */
@Internal
public final class WriterSizing {
    private final ParquetWriter writer;
    private final StreamingRowGroupWriter rowGroups;

    WriterSizing(ParquetWriter writer, StreamingRowGroupWriter rowGroups) {
        this.writer = writer;
        this.rowGroups = rowGroups;
    }

    /** {@code writer}'s sizing view: the same object on every call, so asking allocates nothing. */
    public static WriterSizing of(ParquetWriter writer) {
        return writer.sizing();
    }

    /**
     * Bytes the writer holds in memory now: the compressed pages of its open row group and of cut
     * groups not yet written, every column's dictionary and page buffers, and its raw slices
     * (filling and being encoded). Cheap enough to ask every few thousand rows; from the calling
     * thread, while the pool encodes, it may lag a slice behind. Never negative, never blocks or
     * throws; 0 once the writer is finished, aborted or closed.
     */
    public long heldBytes() {
        return writer.heldBytes();
    }

    /**
     * Frees the open row group's column dictionaries that no page has used yet and that already
     * show they will not pay (their ids plus entries are not smaller than the plain values: mostly
     * distinct values, which the first page's end would give up anyway); those chunks go on in
     * PLAIN. Dictionaries that pay, that pages already use, and those of nested or nullable leaves
     * (encoded by parquet-column, whose writers cannot be made to fall back) stay. For a caller
     * short of memory (the sink's memory budget); waits for the encoding pool, and changes the
     * bytes of the open row group as a smaller dictionary page limit would. A failure breaks the
     * writer, as a failed write does.
     *
     * @return how many dictionaries were given up
     * @throws IOException naming the file if a column's encoding had failed
     */
    public int giveUpUnpayingDictionaries() throws IOException {
        return writer.giveUpUnpayingDictionaries();
    }

    /**
     * How many file bytes rows of {@code rawBytes} estimated raw bytes (see {@link
     * ShreddedRows#rawBytes()}) would take, at the compression this file has shown so far (1:1
     * before any).
     */
    public long encodedEstimate(long rawBytes) {
        return rowGroups.encodedEstimate(rawBytes);
    }

    /**
     * The file bytes per raw byte the estimates use now: measured on this file's row groups once
     * one is known, until then the {@linkplain #assumeCompression assumed} ratio, else 1. A caller
     * writing many similar files can carry it from one file to the next.
     */
    public double compressionRatio() {
        return rowGroups.ratio();
    }

    /**
     * Assumes {@code encodedPerRawByte} file bytes per raw byte until this file has shown its own
     * compression (a few slices into its second row group): its first row groups and held rows are
     * then estimated at that ratio rather than at their raw size. Estimates still depend on the
     * rows and this value only.
     *
     * @throws IllegalArgumentException if the ratio is not a positive finite number
     */
    public void assumeCompression(double encodedPerRawByte) {
        rowGroups.assumeRatio(encodedPerRawByte);
    }
}
