package io.pqx.format.page;

import io.pqx.format.error.FileContext;
import io.pqx.format.footer.BoundedThrift;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * Walks the page headers of loaded {@link PageRun}s without decoding bodies, to count the values of
 * a chunk read page by page through its offset index.
 */
final class PageHeaderScan {
    private final FileContext ctx;
    private final PageInflater inflater;

    PageHeaderScan(FileContext ctx, PageInflater inflater) {
        this.ctx = ctx;
        this.inflater = inflater;
    }

    long countValues(List<PageRun> runs) throws IOException {
        long values = 0;
        for (PageRun run : runs) {
            int position = 0;
            while (position < run.length()) {
                int available = run.length() - position;
                PageHeader header = new PageHeader();
                int headerLength;
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
                inflater.checkSizes(header, "Cannot read page header", available - headerLength);
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
                position += headerLength + header.getCompressed_page_size();
            }
        }
        return values;
    }
}
