package io.pqx.format.page;

import io.pqx.format.crypto.ChunkEncryptor;
import io.pqx.format.crypto.ModuleType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.CRC32;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndexBuilder;

/**
 * Turns the plaintext pages of an encoded column chunk into the modules of an encrypted one: each
 * page body becomes a page module, its header (with {@code compressed_page_size} now the module's
 * length, and a CRC, if the page had one, over the module's bytes as stored) a header module; data
 * pages and their headers are bound to their ordinal among the chunk's data pages. The offset index
 * is rebuilt for the new page sizes (same first rows). Stateless.
 *
 * <p>Done when the chunk is placed in its file, since the AADs name the row group's ordinal.
 */
@Internal
public final class PageEncryption {
    private PageEncryption() {}

    /**
     * The encrypted dictionary page and data pages of a chunk, and its offset index (chunk
     * relative).
     */
    public record Encrypted(
            EncodedPages dictionaryPage,
            EncodedPages dataPages,
            @Nullable OffsetIndex offsetIndex) {}

    /**
     * @param offsetIndex the plaintext chunk's (offsets relative to its start), or null
     * @throws IOException when a page header cannot be parsed back (a writer defect)
     */
    public static Encrypted encrypt(
            EncodedPages dictionaryPage,
            EncodedPages dataPages,
            @Nullable OffsetIndex offsetIndex,
            ChunkEncryptor encryptor,
            int rowGroup)
            throws IOException {
        EncodedPages dictionary = new EncodedPages();
        reframe(dictionaryPage.toByteArray(), dictionary, encryptor, rowGroup, null);
        EncodedPages data = new EncodedPages();
        long[] dataPageSizes = new long[offsetIndex == null ? 0 : offsetIndex.getPageCount()];
        int pages = reframe(dataPages.toByteArray(), data, encryptor, rowGroup, dataPageSizes);
        OffsetIndex rebuilt = null;
        if (offsetIndex != null) {
            if (pages != offsetIndex.getPageCount()) {
                throw new IOException(
                        "Cannot encrypt column chunk: it has "
                                + pages
                                + " data pages, its offset index "
                                + offsetIndex.getPageCount());
            }
            OffsetIndexBuilder builder = OffsetIndexBuilder.getBuilder();
            long offset = dictionary.size();
            for (int i = 0; i < pages; i++) {
                builder.add(
                        offset,
                        Math.toIntExact(dataPageSizes[i]),
                        offsetIndex.getFirstRowIndex(i),
                        offsetIndex.getUnencodedByteArrayDataBytes(i));
                offset += dataPageSizes[i];
            }
            rebuilt = builder.build();
        }
        return new Encrypted(dictionary, data, rebuilt);
    }

    /**
     * Encrypts the pages in {@code plain} into {@code out}; returns how many data pages there were.
     *
     * @param dataPageSizes where each data page's encrypted size (header and body) goes; null for
     *     the dictionary page
     */
    private static int reframe(
            byte[] plain,
            EncodedPages out,
            ChunkEncryptor encryptor,
            int rowGroup,
            @Nullable long[] dataPageSizes)
            throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(plain);
        int ordinal = 0;
        while (in.available() > 0) {
            PageHeader header = Util.readPageHeader(in);
            int at = plain.length - in.available();
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
            byte[] body =
                    encryptor.encrypt(
                            dictionary ? ModuleType.DICTIONARY_PAGE : ModuleType.DATA_PAGE,
                            rowGroup,
                            ordinal,
                            Arrays.copyOfRange(plain, at, at + size));
            in.skip(size);
            header.setCompressed_page_size(body.length);
            if (header.isSetCrc()) {
                CRC32 crc = new CRC32();
                crc.update(body);
                header.setCrc((int) crc.getValue());
            }
            ByteArrayOutputStream headerBytes = new ByteArrayOutputStream(64);
            Util.writePageHeader(header, headerBytes);
            byte[] headerModule =
                    encryptor.encrypt(
                            dictionary
                                    ? ModuleType.DICTIONARY_PAGE_HEADER
                                    : ModuleType.DATA_PAGE_HEADER,
                            rowGroup,
                            ordinal,
                            headerBytes.toByteArray());
            out.add(headerModule);
            out.add(body);
            if (!dictionary) {
                if (ordinal < dataPageSizes.length) {
                    dataPageSizes[ordinal] = headerModule.length + (long) body.length;
                }
                ordinal++;
            }
        }
        return ordinal;
    }
}
