package io.pqx.format.codec;

import io.pqx.format.error.FileContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Walks the pages of a small Parquet file with the Thrift classes only (independent of pqx's footer
 * reader) and decompresses each page body with {@link Codecs#forReading}.
 */
final class TestingPages {
    private TestingPages() {}

    /** One decompressed page body (for v2 pages: the part after the levels). */
    record Page(String column, PageHeader header, byte[] body) {}

    /** Decompresses every page (with an uncompressed size up to {@code maxPageBytes}). */
    static List<Page> decompressAll(Path file, int maxPageBytes) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        FileMetaData footer = footer(bytes);
        List<Page> pages = new ArrayList<>();
        for (RowGroup rowGroup : footer.getRow_groups()) {
            for (ColumnChunk chunk : rowGroup.getColumns()) {
                readChunk(file, bytes, chunk.getMeta_data(), maxPageBytes, pages);
            }
        }
        return pages;
    }

    static FileMetaData footer(byte[] bytes) throws IOException {
        int len =
                ByteBuffer.wrap(bytes, bytes.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        int start = bytes.length - 8 - len;
        return Util.readFileMetaData(new ByteArrayInputStream(bytes, start, len));
    }

    private static void readChunk(
            Path file, byte[] bytes, ColumnMetaData meta, int maxPageBytes, List<Page> out)
            throws IOException {
        long start = meta.getData_page_offset();
        if (meta.isSetDictionary_page_offset()
                && meta.getDictionary_page_offset() > 0
                && meta.getDictionary_page_offset() < start) {
            start = meta.getDictionary_page_offset();
        }
        long end = start + meta.getTotal_compressed_size();
        Codec codec = Codecs.forReading(meta.getCodec(), FileContext.of(file.toString()));
        String column = String.join(".", meta.getPath_in_schema());
        ByteArrayInputStream in = new ByteArrayInputStream(bytes, (int) start, (int) (end - start));
        while (in.available() > 0) {
            PageHeader header = Util.readPageHeader(in);
            int pos = (int) end - in.available();
            int size = header.getCompressed_page_size();
            in.skip(size);
            if (header.getUncompressed_page_size() <= maxPageBytes) {
                out.add(new Page(column, header, body(codec, header, bytes, pos, size)));
            }
        }
    }

    private static byte[] body(Codec codec, PageHeader header, byte[] bytes, int pos, int size)
            throws IOException {
        int levels = 0;
        boolean compressed = true;
        if (header.isSetData_page_header_v2()) {
            DataPageHeaderV2 v2 = header.getData_page_header_v2();
            levels = v2.getRepetition_levels_byte_length() + v2.getDefinition_levels_byte_length();
            compressed = !v2.isSetIs_compressed() || v2.isIs_compressed();
        }
        int uncompressed = header.getUncompressed_page_size() - levels;
        if (!compressed) {
            return Arrays.copyOfRange(bytes, pos + levels, pos + size);
        }
        return codec.decompress(bytes, pos + levels, size - levels, uncompressed);
    }

    /** Half random, half repetitive: exercises literals and matches. */
    static byte[] sample(int size, long seed) {
        Random random = new Random(seed);
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (i / 64) % 2 == 0 ? (byte) random.nextInt(256) : (byte) (i % 7);
        }
        return bytes;
    }
}
