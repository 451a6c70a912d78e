package io.pqx.format.page;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;

/**
 * Serializes Thrift page headers (data page v1, data page v2, dictionary page) with
 * parquet-format-structures' {@link Util#writePageHeader}. Stateless; called by {@link
 * ChunkPageWriter}. A {@code crc} of -1 means "no checksum"; otherwise it is the CRC32 of the page
 * bytes that follow the header, as the format specifies.
 */
@Internal
public final class PageHeaderWriter {
    /** Passed as {@code crc} when the page carries no checksum. */
    public static final long NO_CRC = -1;

    private PageHeaderWriter() {}

    public static byte[] dataPageV1(
            PageSizes sizes,
            int valueCount,
            Encoding repetition,
            Encoding definition,
            Encoding values)
            throws IOException {
        PageHeader header = base(PageType.DATA_PAGE, sizes);
        header.setData_page_header(
                new DataPageHeader(
                        valueCount, thrift(values), thrift(definition), thrift(repetition)));
        return serialize(header);
    }

    public static byte[] dataPageV2(
            PageSizes sizes, V2Layout layout, Encoding values, boolean compressed)
            throws IOException {
        PageHeader header = base(PageType.DATA_PAGE_V2, sizes);
        DataPageHeaderV2 v2 =
                new DataPageHeaderV2(
                        layout.values(),
                        layout.nulls(),
                        layout.rows(),
                        thrift(values),
                        layout.definitionBytes(),
                        layout.repetitionBytes());
        v2.setIs_compressed(compressed);
        header.setData_page_header_v2(v2);
        return serialize(header);
    }

    public static byte[] dictionaryPage(PageSizes sizes, int entries, Encoding encoding)
            throws IOException {
        PageHeader header = base(PageType.DICTIONARY_PAGE, sizes);
        header.setDictionary_page_header(new DictionaryPageHeader(entries, thrift(encoding)));
        return serialize(header);
    }

    /** The Thrift encoding of a parquet-column encoding (the names are the same). */
    public static org.apache.parquet.format.Encoding thrift(Encoding encoding) {
        return org.apache.parquet.format.Encoding.valueOf(encoding.name());
    }

    private static PageHeader base(PageType type, PageSizes sizes) {
        PageHeader header = new PageHeader(type, sizes.uncompressed(), sizes.compressed());
        if (sizes.crc() != NO_CRC) {
            header.setCrc((int) sizes.crc());
        }
        return header;
    }

    private static byte[] serialize(PageHeader header) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        Util.writePageHeader(header, out);
        return out.toByteArray();
    }

    /**
     * The sizes of the page body that follows a header.
     *
     * @param crc CRC32 of the body as written, or {@link #NO_CRC}
     */
    public record PageSizes(int uncompressed, int compressed, long crc) {}

    /** What a v2 header counts: values (incl. nulls), nulls, rows, and the level section sizes. */
    public record V2Layout(
            int values, int nulls, int rows, int repetitionBytes, int definitionBytes) {}
}
