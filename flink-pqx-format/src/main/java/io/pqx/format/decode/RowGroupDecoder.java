package io.pqx.format.decode;

import io.pqx.format.error.FileContext;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.io.InputFile;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.page.ColumnChunkReadStore;
import io.pqx.format.page.PageLimits;
import io.pqx.format.page.RangeBuffers;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.VersionParser.ParsedVersion;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.schema.MessageType;

/**
 * Decodes the selected rows of one row group into {@link VectorizedColumnBatch}es whose columns are
 * the projection's top-level fields. Top-level primitive fields decode straight into their batch
 * vector, in bulk per page where the chunk allows it ({@link FlatChunkReader}) and otherwise in one
 * tight loop per leaf over parquet-column's reader; nested fields buffer their leaves' levels and
 * are assembled by a {@link NestedAssembler}.
 *
 * <p>Rows between selected ranges are skipped by the leaves: pages holding none of them were not
 * even read when the chunk has an offset index; the rest are decoded and dropped. A batch is filled
 * column by column: each leaf skips to and reads every stretch of consecutive selected rows of the
 * batch before the next leaf starts, so a scattered selection keeps one leaf's page and decoder
 * state in cache for all its stretches.
 *
 * <p>Created by {@code ParquetReader.readRowGroup}; vectors are reused, so a batch is valid until
 * the next call to {@link #next()}, or, alternating two sets of vectors, until the call after that.
 * Not thread-safe.
 */
@Internal
public final class RowGroupDecoder implements RowGroupBatches {
    private final int rowGroup;
    private final RowSelection selection;
    private final int batchSize;
    private final Field[] fields;
    // one batch and its positions per vector buffer: two when alternating, else one
    private final VectorizedColumnBatch[] batches;
    private final BatchPositions[] positions;
    private final List<LeafColumn> leaves = new ArrayList<>();
    private final LeafColumn[][] fieldLeaves;

    // the current batch's stretches of consecutive rows: first row, batch row, length
    private long[] stretchRows = new long[8];
    private int[] stretchAt = new int[8];
    private int[] stretchLength = new int[8];
    private int buffer;

    // the arrays the row group's chunks were read into, given back to their pool on close
    @Nullable private RangeBuffers rangeBuffers;
    private List<byte[]> chunkBuffers = List.of();

    private long position; // the next row (within the row group) to return or skip
    private int range;
    private long returned;

    private RowGroupDecoder(
            int rowGroup, RowSelection selection, int batchSize, Field[] fields, int buffers) {
        this.rowGroup = rowGroup;
        this.selection = selection;
        this.batchSize = batchSize;
        this.fields = fields;
        this.batches = new VectorizedColumnBatch[buffers];
        this.positions = new BatchPositions[buffers];
        for (int b = 0; b < buffers; b++) {
            batches[b] = new VectorizedColumnBatch(new ColumnVector[fields.length]);
            positions[b] = new BatchPositions();
        }
        this.buffer = buffers - 1; // the first batch goes to buffer 0
        this.fieldLeaves = new LeafColumn[fields.length][];
        for (int f = 0; f < fields.length; f++) {
            fieldLeaves[f] = fields[f].leaves().toArray(new LeafColumn[0]);
            leaves.addAll(fields[f].leaves());
        }
    }

    /**
     * {@link #read(InputFile, FileMetadata, int, ParquetSchema, RowSelection, int, PageLimits,
     * boolean)} with one vector buffer.
     */
    public static RowGroupBatches read(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            int batchSize,
            PageLimits limits)
            throws IOException {
        return read(file, metadata, rowGroup, projection, selection, batchSize, limits, false);
    }

    /**
     * Reads the pages a selection needs of a row group's projected leaves and opens their column
     * readers (decoding dictionaries and first pages). Called by {@code ParquetReader}.
     *
     * @param projection the file's schema or a projection of it
     * @param selection rows to return, within the row group
     * @param alternating whether to decode into two sets of vectors in turn, so that a batch stays
     *     valid until the batch after the next one is decoded
     */
    public static RowGroupBatches read(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            int batchSize,
            PageLimits limits,
            boolean alternating)
            throws IOException {
        return read(
                file,
                metadata,
                rowGroup,
                projection,
                selection,
                batchSize,
                limits,
                alternating,
                (DecodeArrays) null);
    }

    /**
     * As {@link #read(InputFile, FileMetadata, int, ParquetSchema, RowSelection, int, PageLimits,
     * boolean)}; the flat leaves' page decoders take their arrays from {@code arrays} (when not
     * null) and give them back when the returned batches are closed.
     */
    public static RowGroupBatches read(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            int batchSize,
            PageLimits limits,
            boolean alternating,
            @Nullable DecodeArrays arrays)
            throws IOException {
        return read(
                file,
                metadata,
                rowGroup,
                projection,
                selection,
                batchSize,
                limits,
                alternating,
                null,
                arrays);
    }

    /**
     * As {@link #read(InputFile, FileMetadata, int, ParquetSchema, RowSelection, int, PageLimits,
     * boolean)}; {@code dictionaries} (when not null) gives the dictionaries another decoder of the
     * same row group decoded, and keeps those this one decodes.
     */
    static RowGroupBatches read(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            int batchSize,
            PageLimits limits,
            boolean alternating,
            @Nullable DecodedDictionaries dictionaries,
            @Nullable DecodeArrays arrays)
            throws IOException {
        RowGroupMetadata group = metadata.rowGroups().get(rowGroup);
        FileContext ctx = FileContext.of(file.location()).rowGroup(rowGroup);
        Field[] fields = new Field[projection.fields().size()];
        for (int i = 0; i < fields.length; i++) {
            SchemaNode node = projection.fields().get(i);
            fields[i] =
                    node instanceof PrimitiveNode leaf
                            ? new FlatField(new FlatLeafColumn(leaf, ctx.column(leaf.path())))
                            : new NestedField(new NestedAssembler(node, ctx));
        }
        RowGroupDecoder decoder =
                new RowGroupDecoder(rowGroup, selection, batchSize, fields, alternating ? 2 : 1);
        if (selection.rowCount() > 0) {
            RangeBuffers buffers = arrays == null ? null : arrays.rangeBuffers();
            RowGroupLoader.LoadedChunks chunks =
                    RowGroupLoader.load(file, group, projection, selection, limits, ctx, buffers);
            decoder.rangeBuffers = buffers;
            decoder.chunkBuffers = chunks.buffers();
            openLeaves(
                    decoder.leaves,
                    metadata.messageType(),
                    metadata.createdBy(),
                    group,
                    chunks,
                    ctx,
                    dictionaries,
                    arrays);
            decoder.createFlatVectors();
        }
        return decoder;
    }

    /**
     * Opens {@code leaves} on their loaded chunks: a flat leaf on its fast path when its chunk
     * qualifies, every other on a column reader of one store shared by all.
     */
    static void openLeaves(
            List<? extends LeafColumn> leaves,
            MessageType fileSchema,
            String createdBy,
            RowGroupMetadata group,
            RowGroupLoader.LoadedChunks chunks,
            FileContext ctx)
            throws IOException {
        openLeaves(leaves, fileSchema, createdBy, group, chunks, ctx, null, null);
    }

    /** As above; {@code dictionaries} and {@code arrays} as for {@link #read}. */
    static void openLeaves(
            List<? extends LeafColumn> leaves,
            MessageType fileSchema,
            String createdBy,
            RowGroupMetadata group,
            RowGroupLoader.LoadedChunks chunks,
            FileContext ctx,
            @Nullable DecodedDictionaries dictionaries,
            @Nullable DecodeArrays arrays)
            throws IOException {
        long rowGroupRows = group.numRows();
        ParsedVersion writerVersion = FlatChunkReader.writerVersion(createdBy);
        Map<ColumnDescriptor, ChunkPageReader> readers = new HashMap<>();
        for (LeafColumn leaf : leaves) {
            readers.put(leaf.node().column(), chunks.pages().get(leaf.node().leafIndex()));
        }
        ConverterTree converters = new ConverterTree(fileSchema);
        ColumnReadStoreImpl store =
                new ColumnReadStoreImpl(
                        new ColumnChunkReadStore(readers, rowGroupRows),
                        converters,
                        fileSchema,
                        createdBy);
        for (LeafColumn leaf : leaves) {
            PrimitiveNode node = leaf.node();
            ChunkPageReader pages = chunks.pages().get(node.leafIndex());
            ConverterTree.DictionaryCapture capture = converters.leaf(node.column().getPath());
            ValueDecoder decoder =
                    ValueDecoders.forLeaf(
                            node,
                            ctx.column(node.path()),
                            pages::currentPageDictionaryEncoded,
                            capture::dictionary);
            boolean paged = chunks.paged().contains(node.leafIndex());
            if (leaf instanceof FlatLeafColumn flat) {
                FlatChunkReader bulk =
                        FlatChunkReader.supports(
                                        node,
                                        decoder,
                                        group.columns().get(node.leafIndex()).encodings())
                                ? new FlatChunkReader(
                                        node, decoder, capture, writerVersion, dictionaries, arrays)
                                : null;
                flat.open(store, pages, decoder, paged, bulk);
            } else {
                ((NestedLeafColumn) leaf).open(store, pages, decoder, paged);
            }
        }
    }

    private void createFlatVectors() {
        for (int i = 0; i < fields.length; i++) {
            if (fields[i] instanceof FlatField flat) {
                flat.vectors = new WritableColumnVector[batches.length];
                for (int b = 0; b < batches.length; b++) {
                    flat.vectors[b] = flat.leaf.decoder().newVector(batchSize);
                    batches[b].columns[i] = flat.vectors[b];
                }
            }
        }
    }

    @Nullable
    @Override
    public VectorizedColumnBatch next() throws IOException {
        long remaining = selection.rowCount() - returned;
        if (remaining <= 0) {
            return null;
        }
        int rows = (int) Math.min(batchSize, remaining);
        buffer = (buffer + 1) % batches.length;
        VectorizedColumnBatch batch = batches[buffer];
        BatchPositions positions = this.positions[buffer];
        for (Field field : fields) {
            field.begin(buffer);
        }
        positions.clear();
        // the batch's stretches of consecutive rows first, then column by column: each leaf
        // skips to and reads all its stretches in one go, its page bytes and decoder state hot
        int stretches = 0;
        int filled = 0;
        while (filled < rows) {
            long start = selection.start(range);
            if (position < start) {
                position = start;
            }
            int take = (int) Math.min(rows - filled, selection.end(range) - position);
            positions.add(filled, position);
            if (stretches == stretchRows.length) {
                stretchRows = Arrays.copyOf(stretchRows, stretches * 2);
                stretchAt = Arrays.copyOf(stretchAt, stretches * 2);
                stretchLength = Arrays.copyOf(stretchLength, stretches * 2);
            }
            stretchRows[stretches] = position;
            stretchAt[stretches] = filled;
            stretchLength[stretches] = take;
            stretches++;
            filled += take;
            position += take;
            if (position == selection.end(range)) {
                range++;
            }
        }
        for (int f = 0; f < fields.length; f++) {
            Field field = fields[f];
            LeafColumn[] own = fieldLeaves[f];
            if (field instanceof FlatField flat) {
                flat.readStretches(stretchRows, stretchAt, stretchLength, stretches);
                continue;
            }
            for (int k = 0; k < stretches; k++) {
                long start = stretchRows[k];
                for (LeafColumn leaf : own) {
                    leaf.skipTo(start);
                }
                field.read(stretchAt[k], stretchLength[k]);
            }
        }
        for (int i = 0; i < fields.length; i++) {
            batch.columns[i] = fields[i].finish(rows, buffer, positions);
        }
        batch.setNumRows(rows);
        returned += rows;
        return batch;
    }

    /**
     * Makes the next {@link #next()} decode into the vector buffer of the batch it returned last:
     * for a caller that dropped that batch, so that the batch it returned before (in the other
     * buffer, when alternating) stays valid.
     */
    void reuseLastBuffer() {
        buffer = (buffer + batches.length - 1) % batches.length;
    }

    @Override
    public int rowGroup() {
        return rowGroup;
    }

    @Override
    public BatchPositions positions() {
        return positions[buffer];
    }

    @Override
    public void close() {
        // the flat leaves' decode arrays go back to their DecodeArrays (no batch refers to them:
        // values were copied out into the vectors)
        for (LeafColumn leaf : leaves) {
            if (leaf instanceof FlatLeafColumn flat) {
                flat.release();
            }
        }
        // then the arrays all leaves' pages lie in, for a later row group to be read into: no
        // page of this row group is decoded after close, and nothing handed out points into them
        // (vectors hold copies; dictionary pages, which other decoders of the row group reuse,
        // are decompressed into arrays of their own)
        if (rangeBuffers != null) {
            for (byte[] buffer : chunkBuffers) {
                rangeBuffers.give(buffer);
            }
        }
        chunkBuffers = List.of();
    }

    /** One top-level field of the projection. */
    private interface Field {
        List<? extends LeafColumn> leaves();

        /** Starts a batch in vector buffer {@code buffer}. */
        void begin(int buffer);

        void read(int pos, int rows) throws IOException;

        ColumnVector finish(int rows, int buffer, BatchPositions positions) throws IOException;
    }

    /** A top-level primitive: decodes straight into the batch column. */
    private static final class FlatField implements Field {
        final FlatLeafColumn leaf;
        WritableColumnVector[] vectors; // one per buffer
        WritableColumnVector vector; // the current buffer's

        FlatField(FlatLeafColumn leaf) {
            this.leaf = leaf;
        }

        @Override
        public List<FlatLeafColumn> leaves() {
            return List.of(leaf);
        }

        @Override
        public void begin(int buffer) {
            vector = vectors[buffer];
            vector.reset();
        }

        @Override
        public void read(int pos, int rows) throws IOException {
            leaf.read(vector, pos, rows);
        }

        /** Skips to and reads a batch's stretches (see {@link FlatLeafColumn#readStretches}). */
        void readStretches(long[] rows, int[] at, int[] lengths, int count) throws IOException {
            leaf.readStretches(vector, rows, at, lengths, count);
        }

        @Override
        public ColumnVector finish(int rows, int buffer, BatchPositions positions) {
            return vector;
        }
    }

    /** A ROW, ARRAY or MAP: leaves buffer levels, the assembler builds the vector. */
    private static final class NestedField implements Field {
        final NestedAssembler assembler;

        NestedField(NestedAssembler assembler) {
            this.assembler = assembler;
        }

        @Override
        public List<NestedLeafColumn> leaves() {
            return assembler.leaves();
        }

        @Override
        public void begin(int buffer) {
            for (NestedLeafColumn leaf : assembler.leaves()) {
                leaf.beginBatch(buffer);
            }
        }

        @Override
        public void read(int pos, int rows) throws IOException {
            for (NestedLeafColumn leaf : assembler.leaves()) {
                leaf.read(rows);
            }
        }

        @Override
        public ColumnVector finish(int rows, int buffer, BatchPositions positions)
                throws IOException {
            return assembler.assemble(rows, buffer, positions);
        }
    }
}
