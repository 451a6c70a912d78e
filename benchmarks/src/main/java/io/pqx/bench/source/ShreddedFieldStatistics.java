package io.pqx.bench.source;

import io.pqx.format.ParquetReader;
import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.metadata.ColumnChunkView;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.RowGroupView;
import io.pqx.format.options.ReadOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the statistics of one shredded field's typed leaf (e.g. {@code
 * e.typed_value.user_id.typed_value}) would let a reader skip for a range {@code [from, to)} of
 * BIGINTs: the row groups whose footer min/max lie outside the range, and the pages whose column
 * index min/max do (or that hold only nulls), counted from the file itself. A count, not a
 * measurement of pqx: until pruning on shredded fields exists, the case's readers skip nothing.
 *
 * @param rowGroups the file's row groups
 * @param prunableRowGroups row groups the footer statistics exclude
 * @param pages the leaf's pages over the whole file
 * @param prunablePages pages the column index excludes (in every row group, excluded ones too)
 */
record ShreddedFieldStatistics(int rowGroups, int prunableRowGroups, int pages, int prunablePages) {

    /** Counts them for {@code leafPath} in {@code file}. */
    static ShreddedFieldStatistics of(Path file, String leafPath, long from, long to)
            throws IOException {
        int rowGroups = 0;
        int prunableGroups = 0;
        int pages = 0;
        int prunablePages = 0;
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            for (RowGroupView group : reader.metadata().rowGroups()) {
                rowGroups++;
                ColumnChunkView chunk =
                        group.column(leafPath)
                                .orElseThrow(
                                        () ->
                                                new IllegalStateException(
                                                        "No leaf " + leafPath + " in " + file));
                if (chunk.statistics().hasMinMax()
                        && outside(chunk.statistics().min(), chunk.statistics().max(), from, to)) {
                    prunableGroups++;
                }
                RowGroupPageIndexes indexes =
                        reader.readPageIndexes(chunk.rowGroup(), List.of(chunk.leafIndex()));
                Optional<ColumnIndexView> index = indexes.columnIndex(chunk.leafIndex());
                if (index.isEmpty()) {
                    continue;
                }
                ColumnIndexView pageIndex = index.get();
                for (int p = 0; p < pageIndex.pageCount(); p++) {
                    pages++;
                    if (pageIndex.isNullPage(p)
                            || outside(pageIndex.min(p), pageIndex.max(p), from, to)) {
                        prunablePages++;
                    }
                }
            }
        }
        return new ShreddedFieldStatistics(rowGroups, prunableGroups, pages, prunablePages);
    }

    private static boolean outside(Object min, Object max, long from, long to) {
        return ((Number) max).longValue() < from || ((Number) min).longValue() >= to;
    }
}
