package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.schema.PrimitiveNode;

import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.Arrays;

/**
 * One projected leaf column of a row group: pulls (repetition level, definition level, value)
 * entries from parquet-column's {@link ColumnReader} and writes values into a Flink vector. Every
 * call is a failure boundary: anything thrown from inside the decoders becomes a {@code
 * CorruptFileException} naming the page.
 *
 * <p>A flat leaf (top-level, not repeated) writes straight into the batch column; when its chunk
 * qualifies ({@link FlatChunkReader#supports}) it bypasses the {@link ColumnReader} and decodes
 * whole pages in bulk through a {@link FlatChunkReader}, which this class then drives instead
 * (row and value accounting stay here, identical for both paths). A nested leaf
 * buffers the batch's levels and writes one vector slot per entry whose definition level reaches
 * {@code slotDefinitionLevel} (where the leaf's vector position exists), for {@link
 * NestedAssembler} to build lists, maps and rows from.
 *
 * <p>It knows the row of the reader's current entry: counted from 0 for a chunk read whole; for a
 * chunk read through its offset index, pages holding no selected row are missing, so the row jumps
 * to the first row of each new page. {@link #skipTo} decodes and drops the entries of rows before
 * the target. Used by one thread.
 */
final class LeafColumn {
    private final PrimitiveNode node;
    private final FileContext ctx;
    private final int maxDefinitionLevel;
    private final int maxRepetitionLevel;
    private final int slotDefinitionLevel;

    private ValueDecoder decoder;
    private ChunkPageReader pages;
    private ColumnReader reader;
    @Nullable private FlatChunkReader bulk;
    private boolean paged;
    private long totalValues;
    private long consumed;
    private long row;
    private int pagesSeen;

    // nested buffers, reused across batches
    private int[] repetition = new int[0];
    private int[] definition = new int[0];
    private int entries;
    private WritableColumnVector values;
    private int capacity;
    private int slots;

    /**
     * @param slotDefinitionLevel definition level from which an entry holds a slot in this leaf's
     *     vector (0 for a flat leaf)
     */
    LeafColumn(PrimitiveNode node, FileContext ctx, int slotDefinitionLevel) {
        this.node = node;
        this.ctx = ctx;
        this.maxDefinitionLevel = node.column().getMaxDefinitionLevel();
        this.maxRepetitionLevel = node.column().getMaxRepetitionLevel();
        this.slotDefinitionLevel = slotDefinitionLevel;
    }

    PrimitiveNode node() {
        return node;
    }

    /**
     * Creates the column reader (which decodes the dictionary and the first page).
     *
     * @param paged whether {@code pages} hold only the pages with selected rows, each knowing its
     *     first row
     * @param bulk the flat leaf's fast path, used instead of a column reader from {@code store};
     *     null for the per-value path
     */
    void open(ColumnReadStore store, ChunkPageReader pages, ValueDecoder decoder, boolean paged,
            @Nullable FlatChunkReader bulk) throws IOException {
        this.pages = pages;
        this.decoder = decoder;
        this.paged = paged;
        this.bulk = bulk;
        try {
            this.totalValues = pages.getTotalValueCount();
            if (totalValues <= 0) {
                throw ctx.corrupt("Cannot decode column chunk", "it holds " + totalValues
                        + " values (footer num_values) for a row group with rows");
            }
            if (bulk != null) {
                bulk.open(pages, totalValues);
            } else {
                this.reader = store.getColumnReader(node.column());
            }
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
        this.pagesSeen = pages.pagesReturned();
        this.row = paged ? pages.currentPageFirstRow() : 0;
    }

    ValueDecoder decoder() {
        return decoder;
    }

    /** Writes the next {@code rows} rows of a flat leaf into {@code vector} from {@code pos}. */
    void readFlat(WritableColumnVector vector, int pos, int rows) throws IOException {
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

    /** Moves the row past {@code rows} rows just read, and to a new page's first row if one came. */
    private void rowsRead(int rows) {
        row += rows;
        if (paged && pages.pagesReturned() != pagesSeen) {
            pagesSeen = pages.pagesReturned();
            row = Math.max(row, pages.currentPageFirstRow());
        }
    }

    /** Decodes and drops the rows before {@code target} (a row of this row group). */
    void skipTo(long target) throws IOException {
        if (row >= target) {
            return;
        }
        try {
            if (!paged) {
                skipRows(target - row);
                row = target;
                return;
            }
            if (bulk != null) {
                skipPagedInBulk(target);
                return;
            }
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
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
    }

    /**
     * {@link #skipTo} of a paged flat leaf on the fast path: drops whole stretches of a page at
     * once, tracking the row as the per-entry loop does.
     */
    private void skipPagedInBulk(long target) throws IOException {
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

    private void skipRows(long rows) throws IOException {
        if (maxRepetitionLevel == 0 && bulk != null) {
            checkRemaining(rows);
            bulk.skip(rows);
            consumed += rows;
            return;
        }
        if (maxRepetitionLevel == 0) {
            checkRemaining(rows);
            for (long i = 0; i < rows; i++) {
                skipEntry();
            }
            return;
        }
        long seen = 0;
        while (true) {
            if (consumed == totalValues) {
                if (seen == rows) {
                    return;
                }
                throw endedEarly();
            }
            if (reader.getCurrentRepetitionLevel() == 0 && seen++ == rows) {
                return;
            }
            skipEntry();
        }
    }

    private void skipEntry() {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
            reader.skip();
        }
        reader.consume();
        consumed++;
    }

    /** Starts a batch of a nested leaf: forgets the previous batch's entries. */
    void beginBatch() {
        entries = 0;
        slots = 0;
        if (values == null) {
            capacity = 1024;
            values = decoder.newVector(capacity);
        } else {
            values.reset();
        }
    }

    /** Appends the entries of the next {@code rows} rows of a nested leaf to the batch. */
    void readNested(int rows) throws IOException {
        try {
            int seen = 0;
            while (true) {
                if (consumed == totalValues) {
                    if (seen == rows) {
                        rowsRead(rows);
                        return;
                    }
                    throw endedEarly();
                }
                int r = reader.getCurrentRepetitionLevel();
                if (r == 0) {
                    if (seen == rows) {
                        rowsRead(rows);
                        return;
                    }
                    seen++;
                } else if (seen == 0) {
                    throw ctx.corrupt(what(), "repetition level " + r + " starts a row");
                }
                int d = reader.getCurrentDefinitionLevel();
                if (d > maxDefinitionLevel || r > maxRepetitionLevel) {
                    throw ctx.corrupt(what(), "levels (" + r + ", " + d + ") exceed the column's ("
                            + maxRepetitionLevel + ", " + maxDefinitionLevel + ")");
                }
                append(r, d);
                reader.consume();
                consumed++;
            }
        } catch (RuntimeException e) {
            throw DecodeFailure.of(ctx, pages.currentPageOrdinal(), e);
        }
    }

    private void append(int r, int d) {
        if (entries == repetition.length) {
            int grown = Math.max(1024, entries * 2);
            repetition = Arrays.copyOf(repetition, grown);
            definition = Arrays.copyOf(definition, grown);
        }
        repetition[entries] = r;
        definition[entries] = d;
        entries++;
        if (d < slotDefinitionLevel) {
            return;
        }
        if (slots == capacity) {
            WritableColumnVector grown = decoder.newVector(capacity * 2);
            VectorGrowth.copy(values, grown, slots);
            values = grown;
            capacity *= 2;
        }
        if (d == maxDefinitionLevel) {
            decoder.decode(reader, values, slots);
        } else {
            values.setNullAt(slots);
        }
        slots++;
    }

    int entries() {
        return entries;
    }

    int[] repetitionLevels() {
        return repetition;
    }

    int[] definitionLevels() {
        return definition;
    }

    /** The nested leaf's vector: one slot per entry reaching {@code slotDefinitionLevel}. */
    WritableColumnVector values() {
        return values;
    }

    int slots() {
        return slots;
    }

    private void checkRemaining(long rows) throws IOException {
        if (consumed + rows > totalValues) {
            throw endedEarly();
        }
    }

    private IOException endedEarly() {
        return ctx.corrupt("Cannot decode column chunk", "its " + totalValues
                + " values (footer num_values) end before the row group's last row");
    }

    private String what() {
        return "Cannot decode page " + pages.currentPageOrdinal();
    }
}
