package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.schema.PrimitiveNode;
import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReadStore;

/**
 * A leaf under a ROW, ARRAY or MAP: pulls (repetition level, definition level, value) entries from
 * parquet-column's {@code ColumnReader} and buffers a batch's levels, writing one vector slot per
 * entry whose definition level reaches {@code slotDefinitionLevel} (where the leaf's vector
 * position exists; a null slot below the maximum level), for {@link NestedAssembler} to build
 * lists, maps and rows from. A row is an entry of repetition level 0 and the entries after it up to
 * the next. Buffers are reused across batches.
 */
final class NestedLeafColumn extends LeafColumn {
    private final int slotDefinitionLevel;

    private int[] repetition = new int[0];
    private int[] definition = new int[0];
    private int entries;
    private WritableColumnVector values;
    private int capacity;
    private int slots;
    // the other batch buffer's vector, when the decoder alternates two
    // (ReadOptions.alternatingBatches)
    private WritableColumnVector spareValues;
    private int spareCapacity;
    private int buffer;

    /**
     * @param slotDefinitionLevel definition level from which an entry holds a slot in this leaf's
     *     vector
     */
    NestedLeafColumn(PrimitiveNode node, FileContext ctx, int slotDefinitionLevel) {
        super(node, ctx);
        this.slotDefinitionLevel = slotDefinitionLevel;
    }

    /** Opens a column reader from {@code store} over {@code pages}. */
    void open(ColumnReadStore store, ChunkPageReader pages, ValueDecoder decoder, boolean paged)
            throws IOException {
        openChunk(store, pages, decoder, paged, null);
    }

    @Override
    void skipRows(long rows) throws IOException {
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

    /**
     * Starts a batch in vector buffer {@code buffer} (0 or 1): forgets the previous batch's
     * entries; the other buffer's vector is left as it is.
     */
    void beginBatch(int buffer) {
        if (buffer != this.buffer) {
            WritableColumnVector v = values;
            values = spareValues;
            spareValues = v;
            int c = capacity;
            capacity = spareCapacity;
            spareCapacity = c;
            this.buffer = buffer;
        }
        entries = 0;
        slots = 0;
        if (values == null) {
            capacity = 1024;
            values = decoder.newVector(capacity);
        } else {
            values.reset();
        }
    }

    /** Appends the entries of the next {@code rows} rows to the batch. */
    void read(int rows) throws IOException {
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
                    throw ctx.corrupt(
                            what(),
                            "levels ("
                                    + r
                                    + ", "
                                    + d
                                    + ") exceed the column's ("
                                    + maxRepetitionLevel
                                    + ", "
                                    + maxDefinitionLevel
                                    + ")");
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

    /** Entries buffered in this batch. */
    int entries() {
        return entries;
    }

    /** Repetition levels of the batch's entries (the first {@link #entries()} are valid). */
    int[] repetitionLevels() {
        return repetition;
    }

    /** Definition levels of the batch's entries (the first {@link #entries()} are valid). */
    int[] definitionLevels() {
        return definition;
    }

    /** The vector: one slot per entry reaching {@code slotDefinitionLevel}. */
    WritableColumnVector values() {
        return values;
    }

    /** Slots written in this batch. */
    int slots() {
        return slots;
    }

    private String what() {
        return "Cannot decode page " + pages.currentPageOrdinal();
    }
}
