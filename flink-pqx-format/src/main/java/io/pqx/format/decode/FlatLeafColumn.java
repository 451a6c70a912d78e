package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.schema.PrimitiveNode;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReadStore;

/**
 * A top-level primitive field of the projection (not repeated, so one entry per row): writes its
 * rows straight into the batch column. When its chunk qualifies ({@link FlatChunkReader#supports})
 * it decodes whole pages in bulk through a {@link FlatChunkReader}; otherwise it runs one tight
 * loop per read over parquet-column's {@code ColumnReader}. Row and value accounting are the same
 * for both paths, so both read, skip and fail identically.
 */
final class FlatLeafColumn extends LeafColumn {
    @Nullable private FlatChunkReader bulk;

    FlatLeafColumn(PrimitiveNode node, FileContext ctx) {
        super(node, ctx);
    }

    /** Opens the leaf on its fast path {@code bulk}, or on a column reader from {@code store}. */
    void open(
            ColumnReadStore store,
            ChunkPageReader pages,
            ValueDecoder decoder,
            boolean paged,
            @Nullable FlatChunkReader bulk)
            throws IOException {
        this.bulk = bulk;
        openChunk(store, pages, decoder, paged, bulk);
    }

    /** Gives its bulk reader's decode arrays back; the leaf must not be read after. */
    void release() {
        if (bulk != null) {
            bulk.release();
        }
    }

    /** Whether the leaf decodes in bulk ({@link FlatChunkReader}) rather than value by value. */
    boolean bulk() {
        return bulk != null;
    }

    /** Writes the next {@code rows} rows into {@code vector} from {@code pos}. */
    void read(WritableColumnVector vector, int pos, int rows) throws IOException {
        checkRemaining(rows);
        try {
            if (bulk != null) {
                bulk.read(vector, pos, rows);
            } else {
                decoder.decodeFlat(reader, vector, pos, rows, maxDefinitionLevel);
            }
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
        consumed += rows;
        rowsRead(rows);
    }

    @Override
    void skipRows(long rows) throws IOException {
        checkRemaining(rows);
        if (bulk != null) {
            bulk.skip(rows);
            consumed += rows;
            return;
        }
        for (long i = 0; i < rows; i++) {
            skipEntry();
        }
    }

    /**
     * On the fast path, drops whole stretches of a page at once, tracking the row as the base does.
     */
    @Override
    void skipPagedTo(long target) throws IOException {
        if (bulk == null) {
            super.skipPagedTo(target);
            return;
        }
        while (row < target) {
            if (consumed == totalValues) {
                throw endedEarly();
            }
            int n = (int) Math.min(Math.min(target - row, bulk.pageLeft()), totalValues - consumed);
            bulk.skip(n);
            consumed += n;
            if (pages.pagesReturned() != pagesSeen) {
                pagesSeen = pages.pagesReturned();
                row = pages.currentPageFirstRow();
            } else {
                // the per-entry loop counts no row for an entry that ends the chunk
                row += consumed < totalValues ? n : n - 1;
            }
        }
    }
}
