package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.schema.PrimitiveNode;
import java.io.IOException;
import javax.annotation.Nullable;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;

/**
 * What the two kinds of projected leaf column of a row group share: the chunk's page reader, the
 * count of its values consumed against the footer's {@code num_values}, and the row of the current
 * entry, which {@link #skipTo} moves forward. {@link FlatLeafColumn} decodes a top-level primitive
 * straight into the batch column; {@link NestedLeafColumn} buffers the levels and values of a leaf
 * under a ROW, ARRAY or MAP for {@link NestedAssembler}. Every call is a failure boundary: anything
 * thrown from inside the decoders becomes a {@code CorruptFileException} naming the page.
 *
 * <p>The row is counted from 0 for a chunk read whole; for a chunk read through its offset index
 * ({@code paged}), pages holding no selected row are missing, so the row jumps to the first row of
 * each new page. Used by one thread.
 */
abstract sealed class LeafColumn permits FlatLeafColumn, NestedLeafColumn {
    final PrimitiveNode node;
    final FileContext ctx;
    final int maxDefinitionLevel;
    final int maxRepetitionLevel;

    ValueDecoder decoder;
    ChunkPageReader pages;

    /** parquet-column's reader over the chunk; null while a flat leaf takes its fast path. */
    @Nullable ColumnReader reader;

    boolean paged;
    long totalValues;
    long consumed;
    long row;
    int pagesSeen;

    LeafColumn(PrimitiveNode node, FileContext ctx) {
        this.node = node;
        this.ctx = ctx;
        this.maxDefinitionLevel = node.column().getMaxDefinitionLevel();
        this.maxRepetitionLevel = node.column().getMaxRepetitionLevel();
    }

    PrimitiveNode node() {
        return node;
    }

    ValueDecoder decoder() {
        return decoder;
    }

    /**
     * Checks the chunk's value count and opens its reader (which decodes the dictionary and the
     * first page): {@code bulk} if given, else a column reader from {@code store}.
     *
     * @param paged whether {@code pages} hold only the pages with selected rows, each knowing its
     *     first row
     */
    final void openChunk(
            ColumnReadStore store,
            ChunkPageReader pages,
            ValueDecoder decoder,
            boolean paged,
            @Nullable FlatChunkReader bulk)
            throws IOException {
        this.pages = pages;
        this.decoder = decoder;
        this.paged = paged;
        try {
            this.totalValues = pages.getTotalValueCount();
            if (totalValues <= 0) {
                throw ctx.corrupt(
                        "Cannot decode column chunk",
                        "it holds "
                                + totalValues
                                + " values (footer num_values) for a row group with rows");
            }
            if (bulk != null) {
                bulk.open(pages, totalValues, ctx);
            } else {
                this.reader = store.getColumnReader(node.column());
            }
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
        this.pagesSeen = pages.pagesReturned();
        this.row = paged ? pages.currentPageFirstRow() : 0;
    }

    /** Decodes and drops the rows before {@code target} (a row of this row group). */
    final void skipTo(long target) throws IOException {
        if (row >= target) {
            return;
        }
        try {
            if (!paged) {
                skipRows(target - row);
                row = target;
            } else {
                skipPagedTo(target);
            }
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
    }

    /** Drops the next {@code rows} rows of a chunk read whole. */
    abstract void skipRows(long rows) throws IOException;

    /**
     * Drops the entries of a paged chunk's rows before {@code target}, one entry at a time through
     * the column reader: a new page moves the row to its first row, an entry of repetition level 0
     * (other than one ending the chunk) to the next row.
     */
    void skipPagedTo(long target) throws IOException {
        while (row < target) {
            if (consumed == totalValues) {
                throw endedEarly();
            }
            skipEntry();
            if (pages.pagesReturned() != pagesSeen) {
                pagesSeen = pages.pagesReturned();
                row = pages.currentPageFirstRow();
            } else if (consumed < totalValues && reader.getCurrentRepetitionLevel() == 0) {
                row++;
            }
        }
    }

    /**
     * Moves the row past {@code rows} rows just read, and to a new page's first row if one came.
     */
    final void rowsRead(int rows) {
        row += rows;
        if (paged && pages.pagesReturned() != pagesSeen) {
            pagesSeen = pages.pagesReturned();
            row = Math.max(row, pages.currentPageFirstRow());
        }
    }

    /** Drops the column reader's current entry. */
    final void skipEntry() {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
            reader.skip();
        }
        reader.consume();
        consumed++;
    }

    final void checkRemaining(long rows) throws IOException {
        if (consumed + rows > totalValues) {
            throw endedEarly();
        }
    }

    final IOException endedEarly() {
        return ctx.corrupt(
                "Cannot decode column chunk",
                "its "
                        + totalValues
                        + " values (footer num_values) end before the row group's last row");
    }
}
