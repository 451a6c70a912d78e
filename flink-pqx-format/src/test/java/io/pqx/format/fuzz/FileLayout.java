package io.pqx.format.fuzz;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Where the parts of an undamaged Parquet file lie, for the {@link TestingMutator} to aim at: the
 * footer (the Thrift FileMetaData before the 8-byte tail) and every page header and page body of
 * every column chunk, each with the Thrift fields inside. Found with parquet-format-structures'
 * readers from the footer's chunk offsets.
 *
 * <p>Whatever cannot be found (an encrypted footer, a malformed seed) is simply absent; the mutator
 * then falls back to damage anywhere. Immutable.
 */
public record FileLayout(Region footer, List<ThriftFields.Field> footerFields, List<Page> pages) {

    /** Bytes {@code [start, end)} of the file. */
    public record Region(int start, int end) {
        public int length() {
            return end - start;
        }
    }

    /** One page: its Thrift header (with its fields) and its stored body. */
    public record Page(Region header, List<ThriftFields.Field> headerFields, Region body) {}

    static final FileLayout EMPTY = new FileLayout(null, List.of(), List.of());

    public static FileLayout of(byte[] file) {
        int n = file.length;
        if (n < 12
                || file[n - 4] != 'P'
                || file[n - 3] != 'A'
                || file[n - 2] != 'R'
                || file[n - 1] != '1') {
            return EMPTY;
        }
        int footerLength =
                (file[n - 8] & 0xFF)
                        | (file[n - 7] & 0xFF) << 8
                        | (file[n - 6] & 0xFF) << 16
                        | (file[n - 5] & 0xFF) << 24;
        int start = n - 8 - footerLength;
        if (footerLength <= 0 || start < 4) {
            return EMPTY;
        }
        Region footer = new Region(start, n - 8);
        List<ThriftFields.Field> footerFields = ThriftFields.walk(file, start, n - 8).fields();
        List<Page> pages = new ArrayList<>();
        try {
            FileMetaData meta =
                    Util.readFileMetaData(new ByteArrayInputStream(file, start, footerLength));
            for (RowGroup group : meta.getRow_groups()) {
                for (ColumnChunk chunk : group.getColumns()) {
                    if (chunk.isSetMeta_data()) {
                        pages(file, chunk.getMeta_data(), footer.start(), pages);
                    }
                }
            }
        } catch (Exception e) {
            // an unreadable footer: damage goes anywhere
        }
        return new FileLayout(footer, footerFields, pages);
    }

    private static void pages(byte[] file, ColumnMetaData meta, int limit, List<Page> out) {
        long start = meta.getData_page_offset();
        if (meta.isSetDictionary_page_offset()
                && meta.getDictionary_page_offset() > 0
                && meta.getDictionary_page_offset() < start) {
            start = meta.getDictionary_page_offset();
        }
        long end = Math.min(limit, start + meta.getTotal_compressed_size());
        long pos = start;
        while (pos >= 4 && pos < end) {
            int at = (int) pos;
            try {
                ByteArrayInputStream in = new ByteArrayInputStream(file, at, (int) (end - at));
                PageHeader header = Util.readPageHeader(in);
                int headerEnd = (int) (end - in.available());
                int bodyEnd = headerEnd + header.getCompressed_page_size();
                if (header.getCompressed_page_size() < 0 || bodyEnd > end) {
                    return;
                }
                List<ThriftFields.Field> fields = ThriftFields.walk(file, at, headerEnd).fields();
                out.add(
                        new Page(
                                new Region(at, headerEnd), fields, new Region(headerEnd, bodyEnd)));
                pos = bodyEnd;
            } catch (Exception e) {
                return;
            }
        }
    }
}
