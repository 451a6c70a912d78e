package io.pqx.format.page;

import io.pqx.format.crypto.ChunkEncryptor;
import io.pqx.format.crypto.ModuleType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;

/**
 * Writes the plaintext pages of an encoded column chunk as the modules of an encrypted one: each
 * page body becomes a page module, its header (with {@code compressed_page_size} now the module's
 * length, and a CRC, if the page had one, over the module's bytes as stored) a header module; data
 * pages and their headers are bound to their ordinal among the chunk's data pages. The offset index
 * is rebuilt for the new page sizes (same first rows).
 *
 * <p>Done when the chunk is placed in its file, since the AADs name the row group's ordinal. Each
 * page is sealed from the encoded pages' own arrays (a body spread over several arrays, as a v2
 * page's levels and values are, is gathered first) into arrays this instance reuses from page to
 * page, and written from them, so encrypting a chunk allocates no copy of its pages. Not
 * thread-safe: one per file being assembled.
 */
@Internal
public final class PageEncryption {
    private final CRC32 crc = new CRC32();
    private final PageScratch headerBytes = new PageScratch();
    private byte[] headerModule = new byte[256];
    private byte[] bodyModule = new byte[0];
    private byte[] gathered = new byte[0];

    /**
     * Where a chunk's encrypted pages went: the bytes of its dictionary page (0 when none) and of
     * its data pages, and its offset index (chunk relative), or null when it had none.
     */
    public record Placed(
            long dictionaryPageSize, long dataPagesSize, @Nullable OffsetIndex offsetIndex) {}

    /**
     * Writes the chunk's dictionary page, then its data pages, encrypted, to {@code out}.
     *
     * @param offsetIndex the plaintext chunk's (offsets relative to its start), or null
     * @throws IOException when a page header cannot be parsed back (a writer defect), or {@code
     *     out} fails
     */
    public Placed write(
            EncodedPages dictionaryPage,
            EncodedPages dataPages,
            @Nullable OffsetIndex offsetIndex,
            ChunkEncryptor encryptor,
            int rowGroup,
            OutputStream out)
            throws IOException {
        long dictionarySize =
                place(new Pieces(dictionaryPage), encryptor, rowGroup, null, out).bytes;
        long[] dataPageSizes = new long[offsetIndex == null ? 0 : offsetIndex.getPageCount()];
        Pieces data = new Pieces(dataPages);
        place(data, encryptor, rowGroup, dataPageSizes, out);
        OffsetIndex rebuilt = null;
        if (offsetIndex != null) {
            if (data.pages != offsetIndex.getPageCount()) {
                throw new IOException(
                        "Cannot encrypt column chunk: it has "
                                + data.pages
                                + " data pages, its offset index "
                                + offsetIndex.getPageCount());
            }
            OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
            long offset = dictionarySize;
            for (int i = 0; i < data.pages; i++) {
                builder.add(
                        offset,
                        Math.toIntExact(dataPageSizes[i]),
                        offsetIndex.getFirstRowIndex(i),
                        offsetIndex.getUnencodedByteArrayDataBytes(i));
                offset += dataPageSizes[i];
            }
            rebuilt = builder.build();
        }
        return new Placed(dictionarySize, data.bytes, rebuilt);
    }

    /**
     * Encrypts the pages in {@code in} and writes them to {@code out}, counting in {@code in} the
     * bytes written and the data pages.
     *
     * @param dataPageSizes where each data page's encrypted size (header and body) goes; null for
     *     the dictionary page
     */
    private Pieces place(
            Pieces in,
            ChunkEncryptor encryptor,
            int rowGroup,
            @Nullable long[] dataPageSizes,
            OutputStream out)
            throws IOException {
        while (in.available() > 0) {
            PageHeader header = Util.readPageHeader(in);
            int size = header.getCompressed_page_size();
            if (size < 0 || size > in.available()) {
                throw new IOException(
                        "Cannot encrypt column chunk: a page header declares "
                                + size
                                + " bytes where "
                                + in.available()
                                + " are left");
            }
            boolean dictionary = header.getType() == PageType.DICTIONARY_PAGE;
            if (dictionary != (dataPageSizes == null)) {
                throw new IOException(
                        "Cannot encrypt column chunk: a "
                                + header.getType()
                                + " page where "
                                + (dataPageSizes == null ? "the dictionary page" : "data pages")
                                + " belong");
            }
            ModuleType bodyType = dictionary ? ModuleType.DICTIONARY_PAGE : ModuleType.DATA_PAGE;
            int ordinal = in.pages;
            bodyModule = room(bodyModule, encryptor.overhead(bodyType) + size);
            int bodyLength;
            if (in.contiguous(size)) {
                bodyLength =
                        encryptor.seal(
                                bodyType,
                                rowGroup,
                                ordinal,
                                in.array(),
                                in.offset(),
                                size,
                                bodyModule,
                                0);
                in.skipBytes(size);
            } else {
                gathered = room(gathered, size);
                in.readFully(gathered, size);
                bodyLength =
                        encryptor.seal(
                                bodyType, rowGroup, ordinal, gathered, 0, size, bodyModule, 0);
            }
            header.setCompressed_page_size(bodyLength);
            if (header.isSetCrc()) {
                crc.reset();
                crc.update(bodyModule, 0, bodyLength);
                header.setCrc((int) crc.getValue());
            }
            headerBytes.reset();
            Util.writePageHeader(header, headerBytes);
            ModuleType headerType =
                    dictionary ? ModuleType.DICTIONARY_PAGE_HEADER : ModuleType.DATA_PAGE_HEADER;
            headerModule = room(headerModule, encryptor.overhead(headerType) + headerBytes.size());
            int headerLength =
                    encryptor.seal(
                            headerType,
                            rowGroup,
                            ordinal,
                            headerBytes.array(),
                            0,
                            headerBytes.size(),
                            headerModule,
                            0);
            out.write(headerModule, 0, headerLength);
            out.write(bodyModule, 0, bodyLength);
            in.bytes += headerLength + (long) bodyLength;
            if (!dictionary) {
                if (ordinal < dataPageSizes.length) {
                    dataPageSizes[ordinal] = headerLength + (long) bodyLength;
                }
                in.pages++;
            }
        }
        return in;
    }

    /** {@code array}, or a larger one when it has less than {@code length} bytes. */
    private static byte[] room(byte[] array, int length) {
        return array.length >= length ? array : new byte[Math.max(length, array.length * 2)];
    }

    /**
     * The encoded pages read in order across their pieces, without copying them: the page headers
     * are parsed from it as a stream, a body that lies within one piece is sealed where it is. Also
     * counts what was written of them.
     */
    private static final class Pieces extends InputStream {
        private final EncodedPages source;
        private long left;
        private int piece;
        private int at;
        // what place() wrote of these pages: bytes, and data pages
        long bytes;
        int pages;

        Pieces(EncodedPages pages) {
            this.source = pages;
            this.left = pages.size();
        }

        @Override
        public int available() {
            return (int) Math.min(left, Integer.MAX_VALUE);
        }

        /** Moves past finished pieces; whether a byte is left. */
        private boolean ready() {
            while (piece < source.pieceCount() && at == source.piece(piece).length) {
                piece++;
                at = 0;
            }
            return piece < source.pieceCount();
        }

        @Override
        public int read() {
            if (!ready()) {
                return -1;
            }
            left--;
            return source.piece(piece)[at++] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (!ready()) {
                return -1;
            }
            byte[] current = source.piece(piece);
            int n = Math.min(len, current.length - at);
            System.arraycopy(current, at, b, off, n);
            at += n;
            left -= n;
            return n;
        }

        /** Whether the next {@code length} bytes lie in one piece ({@link #array}). */
        boolean contiguous(int length) {
            return length == 0 || (ready() && source.piece(piece).length - at >= length);
        }

        /** The current piece; the next byte is at {@link #offset}. */
        byte[] array() {
            return ready() ? source.piece(piece) : new byte[0];
        }

        int offset() {
            return at;
        }

        /** Skips {@code length} bytes that lie within the current piece. */
        void skipBytes(int length) {
            at += length;
            left -= length;
        }

        /** Reads the next {@code length} bytes (which are there) into {@code dest} from 0. */
        void readFully(byte[] dest, int length) throws IOException {
            int done = 0;
            while (done < length) {
                int n = read(dest, done, length - done);
                if (n < 0) {
                    throw new IOException("Cannot encrypt column chunk: its pages end early");
                }
                done += n;
            }
        }
    }
}
