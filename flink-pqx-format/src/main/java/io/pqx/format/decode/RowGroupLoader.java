package io.pqx.format.decode;

import io.pqx.format.codec.Codec;
import io.pqx.format.codec.Codecs;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.RowGroupMetadata;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.InputFile;
import io.pqx.format.page.ChunkPageReader;
import io.pqx.format.page.CoalescedRangeReader;
import io.pqx.format.page.EncryptedPages;
import io.pqx.format.page.PageLimits;
import io.pqx.format.page.PageRun;
import io.pqx.format.page.RangeBuffers;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.stats.PageIndexes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.Nullable;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;

/**
 * Reads into memory the bytes a row group read needs: per projected leaf, the whole column chunk,
 * or, when the selection is partial and the chunk has an offset index, only its dictionary page and
 * the pages holding selected rows. All pieces are read together, neighbours merged into one
 * length-checked read.
 *
 * <p>Offset indexes the caller read before (with the row group's other page indexes, in one read)
 * are used as they are, not read again.
 *
 * <p>Called by {@code ParquetReader.readRowGroup} on the reading thread; stateless.
 */
final class RowGroupLoader {
    private RowGroupLoader() {}

    /**
     * The loaded page readers, by leaf index, which of them hold only the selected pages, and the
     * arrays their bytes lie in, taken from the caller's {@link RangeBuffers} (empty without one):
     * to be given back when no page of them is read any more.
     */
    record LoadedChunks(
            Map<Integer, ChunkPageReader> pages, Set<Integer> paged, List<byte[]> buffers) {}

    /**
     * As {@link #load(InputFile, RowGroupMetadata, ParquetSchema, RowSelection, PageLimits,
     * FileContext, Map)}, with the offset indexes {@code file} carries when it is a {@link
     * KnownOffsetIndexes} (the decoder's call passes no map of its own).
     */
    static LoadedChunks load(
            InputFile file,
            RowGroupMetadata rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            PageLimits limits,
            FileContext ctx)
            throws IOException {
        return load(file, rowGroup, projection, selection, limits, ctx, (RangeBuffers) null);
    }

    /**
     * As {@link #load(InputFile, RowGroupMetadata, ParquetSchema, RowSelection, PageLimits,
     * FileContext)}, reading into arrays taken from {@code buffers} (when not null), which {@link
     * LoadedChunks#buffers()} lists.
     */
    static LoadedChunks load(
            InputFile file,
            RowGroupMetadata rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            PageLimits limits,
            FileContext ctx,
            @Nullable RangeBuffers buffers)
            throws IOException {
        Map<Integer, OffsetIndexView> known =
                file instanceof KnownOffsetIndexes k ? k.offsetIndexes() : Map.of();
        return load(file, rowGroup, projection, selection, limits, ctx, known, buffers);
    }

    /** As below, without {@link RangeBuffers}. */
    static LoadedChunks load(
            InputFile file,
            RowGroupMetadata rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            PageLimits limits,
            FileContext ctx,
            Map<Integer, OffsetIndexView> known)
            throws IOException {
        return load(file, rowGroup, projection, selection, limits, ctx, known, null);
    }

    /**
     * Loads the chunks a selection needs.
     *
     * @param known offset indexes already read, by leaf index (for this row group); a partial
     *     selection uses them instead of reading the leaf's offset index again, and reads the
     *     others'
     * @param buffers where the arrays the chunks are read into come from; null: new arrays
     */
    static LoadedChunks load(
            InputFile file,
            RowGroupMetadata rowGroup,
            ParquetSchema projection,
            RowSelection selection,
            PageLimits limits,
            FileContext ctx,
            Map<Integer, OffsetIndexView> known,
            @Nullable RangeBuffers buffers)
            throws IOException {
        boolean partial = !selection.coversAll(rowGroup.numRows());
        long fileLength = file.length();
        List<PrimitiveNode> leaves = projection.leaves();
        List<List<ChunkPlan.Piece>> plans = new ArrayList<>();
        List<CoalescedRangeReader.Range> ranges = new ArrayList<>();
        Set<Integer> paged = new HashSet<>();
        List<EncryptedPages> encrypted = new ArrayList<>();
        for (PrimitiveNode leaf : leaves) {
            ColumnChunkMetadata chunk = rowGroup.columns().get(leaf.leafIndex());
            FileContext leafCtx = ctx.column(leaf.path());
            // an encrypted column without its key is refused before anything is read
            encrypted.add(EncryptedPages.of(chunk));
            List<ChunkPlan.Piece> plan;
            OffsetIndexView preRead = known.get(leaf.leafIndex());
            if (partial && preRead != null) {
                plan =
                        ChunkPlan.selected(
                                chunk, preRead, selection, rowGroup.numRows(), fileLength, leafCtx);
                paged.add(leaf.leafIndex());
            } else if (partial && chunk.offsetIndex().isPresent()) {
                OffsetIndex index = PageIndexes.readOffsetIndex(file, chunk, leafCtx);
                plan =
                        ChunkPlan.selected(
                                chunk, index, selection, rowGroup.numRows(), fileLength, leafCtx);
                paged.add(leaf.leafIndex());
            } else {
                plan = ChunkPlan.whole(chunk, fileLength, leafCtx);
            }
            plans.add(plan);
            for (ChunkPlan.Piece piece : plan) {
                ranges.add(new CoalescedRangeReader.Range(piece.offset(), piece.length()));
            }
        }
        List<CoalescedRangeReader.Slice> slices = CoalescedRangeReader.read(file, ranges, buffers);
        List<byte[]> taken = new ArrayList<>();
        if (buffers != null) {
            Set<byte[]> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
            for (CoalescedRangeReader.Slice slice : slices) {
                if (distinct.add(slice.buffer())) {
                    taken.add(slice.buffer());
                }
            }
        }
        Map<Integer, ChunkPageReader> pages = new HashMap<>();
        int next = 0;
        for (int l = 0; l < leaves.size(); l++) {
            PrimitiveNode leaf = leaves.get(l);
            ColumnChunkMetadata chunk = rowGroup.columns().get(leaf.leafIndex());
            FileContext leafCtx = ctx.column(leaf.path());
            List<PageRun> runs = new ArrayList<>();
            for (ChunkPlan.Piece piece : plans.get(l)) {
                CoalescedRangeReader.Slice slice = slices.get(next++);
                runs.add(
                        new PageRun(
                                slice.buffer(),
                                slice.offset(),
                                slice.length(),
                                piece.offset(),
                                piece.firstPageOrdinal(),
                                piece.firstRows(),
                                piece.rowCounts()));
            }
            Codec codec = Codecs.forReading(chunk.codec(), leafCtx);
            pages.put(
                    leaf.leafIndex(),
                    new ChunkPageReader(
                            leafCtx,
                            leaf.column(),
                            codec,
                            chunk.numValues(),
                            limits,
                            runs,
                            encrypted.get(l)));
        }
        return new LoadedChunks(pages, paged, taken);
    }
}
