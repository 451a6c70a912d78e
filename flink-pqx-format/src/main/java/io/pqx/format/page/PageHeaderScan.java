package io.pqx.format.page;

import io.pqx.format.error.FileContext;
import io.pqx.format.footer.BoundedThrift;
import java.io.IOException;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * Walks the page headers of loaded {@link PageRun}s without decoding bodies, to count the values of
 * a chunk read page by page through its offset index.
 */
final class PageHeaderScan {
    private final FileContext ctx;
    private final PageInflater inflater;
    @Nullable private final EncryptedPages encrypted;

    PageHeaderScan(FileContext ctx, PageInflater inflater, @Nullable EncryptedPages encrypted) {
        this.ctx = ctx;
        this.inflater = inflater;
        this.encrypted = encrypted;
    }

    long countValues(List<PageRun> runs) throws IOException {
        long values = 0;
        int dataPages = 0; // data pages so far, for the ordinals of runs without the offset index's
        for (PageRun run : runs) {
            int position = 0;
            int dataPagesInRun = 0;
            while (position < run.length()) {
                int available = run.length() - position;
                PageHeader header = new PageHeader();
                int headerLength;
                int bodyLength;
                if (encrypted != null) {
                    int ordinal =
                            run.firstRowIndexes() != null
                                    ? run.firstPageOrdinal() + dataPagesInRun
                                    : dataPages;
                    EncryptedPages.Header stored =
                            encrypted.header(
                                    run.buffer(),
                                    run.offset() + position,
                                    available,
                                    run.fileOffset() + position,
                                    ordinal,
                                    ctx);
                    header = stored.plain();
                    headerLength = stored.length();
                    bodyLength = stored.storedLength();
                    inflater.checkSizes(
                            header, "Cannot read page header", header.getCompressed_page_size());
                } else {
                    try {
                        headerLength =
                                BoundedThrift.read(
                                        header, run.buffer(), run.offset() + position, available);
                    } catch (IOException | RuntimeException e) {
                        throw ctx.corrupt(
                                "Cannot read page header",
                                "invalid header at offset "
                                        + (run.fileOffset() + position)
                                        + ": "
                                        + PageInflater.reason(e),
                                e);
                    }
                    inflater.checkSizes(
                            header, "Cannot read page header", available - headerLength);
                    bodyLength = header.getCompressed_page_size();
                }
                if (header.getType() == PageType.DATA_PAGE
                        || header.getType() == PageType.DATA_PAGE_V2) {
                    dataPages++;
                    dataPagesInRun++;
                }
                if (header.getType() == PageType.DATA_PAGE
                        && header.getData_page_header() != null) {
                    values += header.getData_page_header().getNum_values();
                } else if (header.getType() == PageType.DATA_PAGE_V2
                        && header.getData_page_header_v2() != null) {
                    values += header.getData_page_header_v2().getNum_values();
                }
                if (values < 0) {
                    throw ctx.corrupt(
                            "Cannot read page header",
                            "negative value count at offset " + (run.fileOffset() + position));
                }
                position += headerLength + bodyLength;
            }
        }
        return values;
    }
}
