package io.pqx.format;

import io.pqx.format.crypto.ModuleType;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.ChunkStatisticsView;
import io.pqx.format.metadata.LeafPageIndex;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.TrustedPageIndex;
import io.pqx.format.page.CoalescedRangeReader;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.stats.ChunkStatistics;
import io.pqx.format.stats.PageIndexes;
import io.pqx.format.stats.PageStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.schema.PrimitiveType;

/**
 * Reads the column and offset indexes of some leaves of a row group in one ranged read, with the
 * page-level evidence for pruning, for {@link ParquetReader#readPageIndexes(int,
 * java.util.Collection)} (which documents what it guarantees). Stateless.
 */
final class PageIndexReads {
    private PageIndexReads() {}

    /** How a caching source reads one row group's indexes. */
    interface RowGroupRead {
        RowGroupPageIndexes read(int rowGroup) throws IOException;
    }

    /**
     * A {@code PageIndexSource} reading each row group's indexes once, then handing them out again.
     */
    static PageIndexSource caching(RowGroupRead read) {
        Map<Integer, RowGroupPageIndexes> known = new HashMap<>();
        return rowGroup -> {
            RowGroupPageIndexes indexes = known.get(rowGroup);
            if (indexes == null) {
                indexes = read.read(rowGroup);
                known.put(rowGroup, indexes);
            }
            return Optional.of(indexes);
        };
    }

    /**
     * @param leaves existing leaf indexes, ascending; {@code rowGroup} exists
     */
    static RowGroupPageIndexes read(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            List<Integer> leaves,
            FileContext ctx)
            throws IOException {
        long fileLength = file.length();
        long rows = metadata.rowGroups().get(rowGroup).numRows();
        List<IndexRange> ranges = new ArrayList<>();
        List<List<IOException>> failures = new ArrayList<>();
        for (int l = 0; l < leaves.size(); l++) {
            ColumnChunkMetadata chunk =
                    metadata.rowGroups().get(rowGroup).columns().get(leaves.get(l));
            FileContext leafCtx = ctx.rowGroup(rowGroup).column(chunk.path());
            List<IOException> leafFailures = new ArrayList<>();
            failures.add(leafFailures);
            addIndexRange(ranges, l, true, chunk.columnIndex(), fileLength, leafCtx, leafFailures);
            addIndexRange(ranges, l, false, chunk.offsetIndex(), fileLength, leafCtx, leafFailures);
        }
        byte[][] buffers = new byte[ranges.size()][];
        int[] starts = new int[ranges.size()];
        readIndexRanges(file, ranges, buffers, starts);
        byte[][] columnBytes = new byte[leaves.size()][];
        int[] columnAt = new int[leaves.size()];
        byte[][] offsetBytes = new byte[leaves.size()][];
        int[] offsetAt = new int[leaves.size()];
        for (int r = 0; r < ranges.size(); r++) {
            IndexRange range = ranges.get(r);
            if (range.column()) {
                columnBytes[range.leaf()] = buffers[r];
                columnAt[range.leaf()] = starts[r];
            } else {
                offsetBytes[range.leaf()] = buffers[r];
                offsetAt[range.leaf()] = starts[r];
            }
        }
        List<LeafPageIndex> out = new ArrayList<>(leaves.size());
        for (int l = 0; l < leaves.size(); l++) {
            ColumnChunkMetadata chunk =
                    metadata.rowGroups().get(rowGroup).columns().get(leaves.get(l));
            FileContext leafCtx = ctx.rowGroup(rowGroup).column(chunk.path());
            List<IOException> leafFailures = failures.get(l);
            int columnLength =
                    (int) chunk.columnIndex().map(FileRange::length).orElse(0L).longValue();
            int offsetLength =
                    (int) chunk.offsetIndex().map(FileRange::length).orElse(0L).longValue();
            if (chunk.decryptor() != null) {
                // an encrypted chunk's index is a module of its own: decrypted here, it fails
                // loudly when it does not authenticate (a changed index is an attack, not wear)
                if (offsetBytes[l] != null) {
                    offsetBytes[l] =
                            PageIndexes.decrypted(
                                    chunk,
                                    ModuleType.OFFSET_INDEX,
                                    offsetBytes[l],
                                    offsetAt[l],
                                    offsetLength);
                    offsetAt[l] = 0;
                    offsetLength = offsetBytes[l].length;
                }
                if (columnBytes[l] != null) {
                    columnBytes[l] =
                            PageIndexes.decrypted(
                                    chunk,
                                    ModuleType.COLUMN_INDEX,
                                    columnBytes[l],
                                    columnAt[l],
                                    columnLength);
                    columnAt[l] = 0;
                    columnLength = columnBytes[l].length;
                }
            }
            Optional<OffsetIndexView> offsets = Optional.empty();
            if (offsetBytes[l] != null) {
                try {
                    offsets =
                            Optional.of(
                                    PageIndexes.view(
                                            PageIndexes.parseOffsetIndex(
                                                    offsetBytes[l],
                                                    offsetAt[l],
                                                    offsetLength,
                                                    leafCtx)));
                } catch (IOException e) {
                    leafFailures.add(e);
                } catch (RuntimeException e) {
                    leafFailures.add(
                            leafCtx.corrupt(
                                    "Cannot read offset index", String.valueOf(e.getMessage()), e));
                }
            }
            if (columnBytes[l] == null) {
                out.add(
                        new LeafPageIndex(
                                leaves.get(l),
                                Optional.empty(),
                                offsets,
                                Optional.empty(),
                                leafFailures));
                continue;
            }
            // parsed when a pruner asks for it: a returned-only column needs just its offset
            // index. The bytes were read (and, encrypted, authenticated) above with the others,
            // so parsing later costs no request; a copy, not to hold the whole span
            byte[] own =
                    columnAt[l] == 0 && columnBytes[l].length == columnLength
                            ? columnBytes[l]
                            : Arrays.copyOfRange(
                                    columnBytes[l], columnAt[l], columnAt[l] + columnLength);
            Optional<OffsetIndexView> leafOffsets = offsets;
            out.add(
                    LeafPageIndex.lazy(
                            leaves.get(l),
                            offsets,
                            leafFailures,
                            () -> columnEvidence(chunk, own, leafOffsets, rows, leafCtx)));
        }
        return RowGroupPageIndexes.of(rowGroup, rows, out);
    }

    /**
     * Parses a leaf's column index and builds its page-level evidence; a malformed index is a
     * failure returned, never thrown (evidence lost, the data kept).
     */
    private static LeafPageIndex.ColumnEvidence columnEvidence(
            ColumnChunkMetadata chunk,
            byte[] bytes,
            Optional<OffsetIndexView> offsets,
            long rows,
            FileContext leafCtx) {
        PrimitiveType type = chunk.descriptor().getPrimitiveType();
        try {
            ColumnIndex thrift = PageIndexes.parseColumnIndex(bytes, 0, bytes.length, leafCtx);
            // judged before parquet-column's builder sees the bound buffers
            List<ChunkStatistics> pageStats =
                    offsets.isPresent() && chunk.descriptor().getMaxRepetitionLevel() == 0
                            ? PageStatistics.of(
                                    thrift, type, chunk.columnOrder(), chunk.createdBy())
                            : null;
            ColumnIndexView view =
                    PageIndexViews.columnIndex(PageIndexes.fromThrift(thrift, type, leafCtx), type);
            Optional<TrustedPageIndex> trusted = Optional.empty();
            if (pageStats != null) {
                trusted =
                        Optional.of(
                                trustedPageIndex(pageStats, view, offsets.get(), rows, leafCtx));
            }
            return new LeafPageIndex.ColumnEvidence(Optional.of(view), trusted, List.of());
        } catch (UnsupportedFileException e) {
            // a type with no column index (INT96): no evidence, nothing wrong
            return LeafPageIndex.ColumnEvidence.NONE;
        } catch (IOException e) {
            return new LeafPageIndex.ColumnEvidence(Optional.empty(), Optional.empty(), List.of(e));
        } catch (RuntimeException e) {
            return new LeafPageIndex.ColumnEvidence(
                    Optional.empty(),
                    Optional.empty(),
                    List.of(
                            leafCtx.corrupt(
                                    "Cannot read column index",
                                    String.valueOf(e.getMessage()),
                                    e)));
        }
    }

    /** One index range to read: leaf {@code leaf} of the request, column or offset index. */
    private record IndexRange(int leaf, boolean column, long offset, int length) {}

    private static void addIndexRange(
            List<IndexRange> ranges,
            int leaf,
            boolean column,
            Optional<FileRange> declared,
            long fileLength,
            FileContext leafCtx,
            List<IOException> failures) {
        if (declared.isEmpty()) {
            return;
        }
        String what = column ? "Cannot read column index" : "Cannot read offset index";
        try {
            PageIndexes.checkRange(
                    declared.get().offset(), declared.get().length(), fileLength, what, leafCtx);
            ranges.add(
                    new IndexRange(
                            leaf, column, declared.get().offset(), (int) declared.get().length()));
        } catch (CorruptFileException e) {
            failures.add(e);
        }
    }

    /**
     * Reads {@code ranges} (each checked against the file) into {@code buffers[i]} at {@code
     * starts[i]}: the whole span in one read when the ranges fill most of it, else the ranges.
     */
    private static void readIndexRanges(
            InputFile file, List<IndexRange> ranges, byte[][] buffers, int[] starts)
            throws IOException {
        if (ranges.isEmpty()) {
            return;
        }
        long first = Long.MAX_VALUE;
        long end = 0;
        long wanted = 0;
        for (IndexRange r : ranges) {
            first = Math.min(first, r.offset());
            end = Math.max(end, r.offset() + r.length());
            wanted += r.length();
        }
        long span = end - first;
        if (span <= PageIndexes.MAX_INDEX_BYTES && span <= 4 * wanted + (1 << 20)) {
            byte[] all = file.readFully(first, (int) span);
            for (int i = 0; i < ranges.size(); i++) {
                buffers[i] = all;
                starts[i] = (int) (ranges.get(i).offset() - first);
            }
            return;
        }
        List<CoalescedRangeReader.Range> pieces = new ArrayList<>();
        for (IndexRange r : ranges) {
            pieces.add(new CoalescedRangeReader.Range(r.offset(), r.length()));
        }
        List<CoalescedRangeReader.Slice> slices = CoalescedRangeReader.read(file, pieces);
        for (int i = 0; i < ranges.size(); i++) {
            buffers[i] = slices.get(i).buffer();
            starts[i] = slices.get(i).offset();
        }
    }

    /** The page-level evidence of a chunk: its column index's entries under the trust rules. */
    private static TrustedPageIndex trustedPageIndex(
            List<ChunkStatistics> pageStats,
            ColumnIndexView view,
            OffsetIndexView offsets,
            long rows,
            FileContext leafCtx)
            throws CorruptFileException {
        List<ChunkStatisticsView> pages = new ArrayList<>();
        for (ChunkStatistics page : pageStats) {
            pages.add(MetadataViews.statistics(view.physicalType(), page));
        }
        boolean[] nullPages = new boolean[view.pageCount()];
        for (int p = 0; p < nullPages.length; p++) {
            nullPages[p] = view.isNullPage(p);
        }
        try {
            return TrustedPageIndex.of(offsets, rows, nullPages, pages);
        } catch (IllegalArgumentException e) {
            throw leafCtx.corrupt("Cannot use page index", e.getMessage(), e);
        }
    }
}
