package io.pqx.format.page;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.BoundedThrift;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.io.InputFile;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.PageHeader;

/**
 * How many pages of a column chunk (dictionary and data pages alike) carry a CRC-32 in their
 * header, found by reading the page headers only: each header is read with a small ranged read at
 * its offset, the page body is skipped, so nothing is decompressed and the CRCs are not checked
 * (the reader does that). Used by {@code pqx meta}.
 *
 * @param pages pages in the chunk
 * @param withCrc pages whose header sets {@code crc}
 */
@Internal
public record PageChecksums(int pages, int withCrc) {

    /** First read of a header; headers without large statistics are a few dozen bytes. */
    private static final int FIRST_HEADER_READ = 256;

    /** No header is believed to be larger (statistics in a header are at most a few KiB). */
    private static final int MAX_HEADER_BYTES = 16 << 20;

    /** Whether every page, and at least one, carries a CRC. */
    public boolean all() {
        return pages > 0 && withCrc == pages;
    }

    /**
     * Walks the page headers of {@code chunk} in {@code file}.
     *
     * @throws CorruptFileException naming file, row group and column when a header cannot be parsed
     *     or a page runs past the chunk
     */
    public static PageChecksums of(InputFile file, ColumnChunkMetadata chunk) throws IOException {
        return of(file, chunk.startOffset(), chunk.totalCompressedSize(), chunk.context());
    }

    /**
     * Walks the page headers of the column chunk of {@code size} bytes at {@code start}.
     *
     * @param ctx the file, row group and column, for messages
     * @throws CorruptFileException when a header cannot be parsed or a page runs past the chunk
     */
    public static PageChecksums of(InputFile file, long start, long size, FileContext ctx)
            throws IOException {
        long position = start;
        long end = start + size;
        int pages = 0;
        int withCrc = 0;
        while (position < end) {
            PageHeader header = new PageHeader();
            int headerLength = readHeader(file, ctx, header, position, end - position);
            long compressed = header.getCompressed_page_size();
            long bodyEnd = position + headerLength + compressed;
            if (compressed < 0 || bodyEnd > end) {
                throw ctx.corrupt(
                        "Cannot read page header",
                        "the page at offset "
                                + position
                                + " declares "
                                + compressed
                                + " bytes, beyond the column chunk's end at "
                                + end);
            }
            pages++;
            if (header.isSetCrc()) {
                withCrc++;
            }
            position = bodyEnd;
        }
        return new PageChecksums(pages, withCrc);
    }

    /**
     * Parses the header at {@code position}, reading more when it is longer than the first read.
     */
    private static int readHeader(
            InputFile file, FileContext ctx, PageHeader header, long position, long left)
            throws IOException {
        int window = (int) Math.min(left, FIRST_HEADER_READ);
        while (true) {
            byte[] bytes = file.readFully(position, window);
            try {
                return BoundedThrift.read(header, bytes, 0, window);
            } catch (IOException e) {
                if (window >= Math.min(left, MAX_HEADER_BYTES)) {
                    throw ctx.corrupt(
                            "Cannot read page header",
                            "invalid header at offset " + position + ": " + PageInflater.reason(e),
                            e);
                }
                // maybe only cut short by the window: read again with more
                window = (int) Math.min(Math.min(left, MAX_HEADER_BYTES), (long) window * 16);
                header.clear();
            }
        }
    }
}
