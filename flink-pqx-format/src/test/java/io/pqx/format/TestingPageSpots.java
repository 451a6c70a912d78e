package io.pqx.format;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;

/**
 * Where the pages of a Parquet file's column chunk lie, found with the Thrift classes only
 * (independent of pqx's footer and page readers), and a way to damage one page body. For the page
 * checksum tests here and in e2e-tests.
 */
public final class TestingPageSpots {
    private TestingPageSpots() {}

    /**
     * One page of a chunk.
     *
     * @param dataOrdinal the page's number among the chunk's data pages (offset-index numbering);
     *     -1 for a dictionary page
     * @param bodyStart file offset of the bytes after the header
     */
    public record PageSpot(PageHeader header, int dataOrdinal, int bodyStart) {
        public boolean isDictionary() {
            return header.getType() == PageType.DICTIONARY_PAGE;
        }

        /** Whether the header's CRC is the CRC-32 of the body as stored in {@code file}. */
        public boolean crcMatches(byte[] file) {
            CRC32 crc = new CRC32();
            crc.update(file, bodyStart, header.getCompressed_page_size());
            return header.isSetCrc() && header.getCrc() == (int) crc.getValue();
        }
    }

    /**
     * The pages of the chunk of leaf {@code column} in row group {@code rowGroup}, in file order.
     */
    public static List<PageSpot> pages(byte[] file, int rowGroup, int column) throws IOException {
        ColumnMetaData meta =
                footer(file).getRow_groups().get(rowGroup).getColumns().get(column).getMeta_data();
        long start =
                meta.isSetDictionary_page_offset() && meta.getDictionary_page_offset() > 0
                        ? Math.min(meta.getDictionary_page_offset(), meta.getData_page_offset())
                        : meta.getData_page_offset();
        long end = start + meta.getTotal_compressed_size();
        List<PageSpot> pages = new ArrayList<>();
        int ordinal = 0;
        int position = Math.toIntExact(start);
        while (position < end) {
            ByteArrayInputStream in =
                    new ByteArrayInputStream(file, position, file.length - position);
            PageHeader header = Util.readPageHeader(in);
            int body = file.length - in.available();
            boolean dictionary = header.getType() == PageType.DICTIONARY_PAGE;
            pages.add(new PageSpot(header, dictionary ? -1 : ordinal++, body));
            position = body + header.getCompressed_page_size();
        }
        return pages;
    }

    /** Every page of every chunk of the file. */
    public static List<PageSpot> allPages(byte[] file) throws IOException {
        List<PageSpot> pages = new ArrayList<>();
        FileMetaData footer = footer(file);
        for (int g = 0; g < footer.getRow_groups().size(); g++) {
            List<ColumnChunk> chunks = footer.getRow_groups().get(g).getColumns();
            for (int c = 0; c < chunks.size(); c++) {
                pages.addAll(pages(file, g, c));
            }
        }
        return pages;
    }

    /**
     * A copy of {@code file} with one bit flipped in the middle byte of the page's body (the last
     * byte may be padding that no value uses).
     */
    public static byte[] damageMiddleByte(byte[] file, PageSpot page) {
        byte[] copy = Arrays.copyOf(file, file.length);
        copy[page.bodyStart() + page.header().getCompressed_page_size() / 2] ^= 0x01;
        return copy;
    }

    private static FileMetaData footer(byte[] file) throws IOException {
        int length =
                ByteBuffer.wrap(file, file.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return Util.readFileMetaData(
                new ByteArrayInputStream(file, file.length - 8 - length, length));
    }
}
