package io.pqx.format.decode;

import io.pqx.format.footer.FileMetadata;
import io.pqx.format.io.InputFile;
import io.pqx.format.page.PageLimits;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.PrimitiveNode;
import io.pqx.format.schema.SchemaNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;

/**
 * The rows of a row group's selection that a {@link BatchFilter} keeps, decoded batch by batch into
 * the output projection's columns, in one of two ways chosen per row group:
 *
 * <ul>
 *   <li><b>Late materialization.</b> The filter's columns are decoded first over the whole
 *       selection and the filter decides every row; then the output columns are decoded for the
 *       surviving rows only, through a selection of them: pages holding no survivor are not read
 *       when the chunk has an offset index, and are passed over by their headers (not decompressed)
 *       otherwise; rows between survivors are skipped, not copied. A column both filtered and
 *       output is decoded twice, the second time for the survivors only.
 *   <li><b>Decode then filter.</b> Every output column and every column only the filter reads are
 *       decoded for every selected row, batch by batch, the filter decides the batch, and the
 *       output shows the kept rows through {@link SelectedVectors} (no value copied).
 * </ul>
 *
 * <p>Which one: late materialization unless the {@link Measurements} of the row groups scanned
 * before say the filter kept so many rows, in so many separate runs, that skipping them costs more
 * than decoding them ({@link Measurements#record}); or always decode-then-filter when late
 * materialization is off. Both return exactly the same rows, with their row-group positions.
 *
 * <p>Batches follow {@link RowGroupDecoder}'s reuse rules (one or two alternating vector buffers).
 * Not thread-safe.
 */
@Internal
public final class FilteredRowGroupScan implements RowGroupBatches {
    /**
     * What the row groups scanned so far measured, carried by one reader from scan to scan: the
     * filter's selectivity and how scattered its survivors were. Not thread-safe.
     */
    public static final class Measurements {
        /**
         * The cost of one run of surviving rows, in decoded values (a skip, a read, its
         * bookkeeping).
         */
        static final int RUN_COST = 8;

        private boolean late = true;
        private long rowsFiltered;
        private long rowsKept;
        private int lateRowGroups;
        private int eagerRowGroups;

        /**
         * Records a row group: {@code rows} rows asked about, {@code kept} kept in {@code runs}
         * runs of consecutive rows. The next row group late-materializes when skipping the dropped
         * rows saves more than the runs cost: {@code RUN_COST * runs + kept < rows}.
         */
        void record(long rows, long kept, long runs) {
            rowsFiltered += rows;
            rowsKept += kept;
            late = RUN_COST * runs + kept < rows;
        }

        /** Whether the next row group late-materializes (when allowed). */
        public boolean preferLate() {
            return late;
        }

        /** Rows the filter decided, over all row groups recorded. */
        public long rowsFiltered() {
            return rowsFiltered;
        }

        /** Rows the filter kept, over all row groups recorded. */
        public long rowsKept() {
            return rowsKept;
        }

        /** Row groups scanned late-materializing. */
        public int lateRowGroups() {
            return lateRowGroups;
        }

        /** Row groups scanned decoding every column, then filtering. */
        public int eagerRowGroups() {
            return eagerRowGroups;
        }
    }

    private final InputFile file;
    private final FileMetadata metadata;
    private final int rowGroup;
    private final ParquetSchema output;
    private final ParquetSchema filterColumns;
    private final RowSelection selection;
    private final int batchSize;
    private final PageLimits limits;
    private final boolean alternating;
    private final BatchFilter filter;
    private final List<Stage> stages;
    private final Measurements measurements;
    private final boolean late;
    @Nullable private final DecodeArrays arrays;

    // late materialization: the survivors' decoder, once the filter has decided every row
    private boolean filtered;

    /** Dictionaries the filter's decoders decompressed, for the survivors' decoder. */
    private final DecodedDictionaries dictionaries = new DecodedDictionaries();

    @Nullable private RowGroupBatches survivors;

    /** The filter's answers for one batch, reused by every stage. */
    @Nullable private boolean[] keep;

    // decode then filter
    @Nullable private Eager eager;

    /**
     * One conjunct of the filter, as late materialization decides it: its columns and its filter.
     */
    public record Stage(ParquetSchema columns, BatchFilter filter) {}

    private FilteredRowGroupScan(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            ParquetSchema output,
            ParquetSchema filterColumns,
            RowSelection selection,
            int batchSize,
            PageLimits limits,
            boolean alternating,
            BatchFilter filter,
            List<Stage> stages,
            Measurements measurements,
            boolean late,
            @Nullable DecodeArrays arrays) {
        this.arrays = arrays;
        this.file = file;
        this.metadata = metadata;
        this.rowGroup = rowGroup;
        this.output = output;
        this.filterColumns = filterColumns;
        this.selection = selection;
        this.batchSize = batchSize;
        this.limits = limits;
        this.alternating = alternating;
        this.filter = filter;
        this.stages = stages;
        this.measurements = measurements;
        this.late = late;
    }

    /**
     * A scan of {@code selection} of a row group; reads nothing before the first {@link #next()}.
     * Every decoder of the scan takes its flat leaves' decode arrays from {@code arrays} (when not
     * null), as {@link RowGroupDecoder#read(InputFile, FileMetadata, int, ParquetSchema,
     * RowSelection, int, PageLimits, boolean, DecodeArrays)} says.
     *
     * @param output the columns returned: the file's schema or a projection of it
     * @param filterColumns the columns {@code filter} reads, a projection of the same file
     * @param stages conjuncts whose AND is {@code filter}, for late materialization ({@code filter}
     *     alone when it has no parts)
     * @param allowLate whether late materialization may be chosen
     */
    public static FilteredRowGroupScan open(
            InputFile file,
            FileMetadata metadata,
            int rowGroup,
            ParquetSchema output,
            ParquetSchema filterColumns,
            RowSelection selection,
            int batchSize,
            PageLimits limits,
            boolean alternating,
            BatchFilter filter,
            List<Stage> stages,
            Measurements measurements,
            boolean allowLate,
            @Nullable DecodeArrays arrays) {
        // row groups past int rows decode then filter (batch positions are ints)
        boolean late =
                allowLate && measurements.preferLate() && selection.endRow() <= Integer.MAX_VALUE;
        if (late) {
            measurements.lateRowGroups++;
        } else {
            measurements.eagerRowGroups++;
        }
        return new FilteredRowGroupScan(
                file,
                metadata,
                rowGroup,
                output,
                filterColumns,
                selection,
                batchSize,
                limits,
                alternating,
                filter,
                stages,
                measurements,
                late,
                arrays);
    }

    /** Whether this row group is scanned late-materializing. */
    public boolean lateMaterialized() {
        return late;
    }

    @Nullable
    @Override
    public VectorizedColumnBatch next() throws IOException {
        if (selection.rowCount() == 0) {
            return null;
        }
        if (late) {
            if (!filtered) {
                filtered = true;
                RowSelection kept = decideAll();
                if (kept.rowCount() > 0) {
                    survivors =
                            RowGroupDecoder.read(
                                    file,
                                    metadata,
                                    rowGroup,
                                    output,
                                    kept,
                                    batchSize,
                                    limits,
                                    alternating,
                                    dictionaries,
                                    arrays);
                }
            }
            return survivors == null ? null : survivors.next();
        }
        if (eager == null) {
            eager = new Eager();
        }
        return eager.next();
    }

    /**
     * Decides every row of the selection, conjunct by conjunct, the one with the fewest compressed
     * bytes in this row group first, each decoding its columns only for the rows still kept;
     * returns the rows all keep.
     */
    private RowSelection decideAll() throws IOException {
        List<Stage> ordered = new ArrayList<>(stages);
        ordered.sort(Comparator.comparingLong(this::compressedBytes));
        RowSelection kept = selection;
        long[] counts = new long[2];
        for (Stage stage : ordered) {
            if (kept.rowCount() == 0) {
                break;
            }
            kept = decide(stage, kept, counts);
        }
        measurements.record(selection.rowCount(), counts[0], counts[1]);
        return kept;
    }

    private long compressedBytes(Stage stage) {
        long bytes = 0;
        for (PrimitiveNode leaf : stage.columns().leaves()) {
            bytes +=
                    metadata.rowGroups()
                            .get(rowGroup)
                            .columns()
                            .get(leaf.leafIndex())
                            .totalCompressedSize();
        }
        return bytes;
    }

    /** The rows of {@code rows} that {@code stage} keeps; {@code counts} gets {kept, runs}. */
    private RowSelection decide(Stage stage, RowSelection rows, long[] counts) throws IOException {
        // ranges, not a mask over the row group: a scattered 1 % costs its runs, not its rows
        KeptRanges kept = new KeptRanges();
        if (keep == null) {
            keep = new boolean[batchSize];
        }
        try (RowGroupBatches batches =
                RowGroupDecoder.read(
                        file,
                        metadata,
                        rowGroup,
                        stage.columns(),
                        rows,
                        batchSize,
                        limits,
                        false,
                        dictionaries,
                        arrays)) {
            for (VectorizedColumnBatch batch = batches.next();
                    batch != null;
                    batch = batches.next()) {
                BatchPositions positions = batches.positions();
                int n = batch.getNumRows();
                stage.filter().filter(batch, rowGroup, positions, keep);
                int runs = positions.runs();
                for (int k = 0; k < runs; k++) {
                    int to = k + 1 < runs ? positions.runOffset(k + 1) : n;
                    kept.addKept(keep, positions.runOffset(k), to, positions.runRow(k));
                }
            }
        }
        counts[0] = kept.rows();
        counts[1] = kept.runs();
        return kept.selection();
    }

    @Override
    public int rowGroup() {
        return rowGroup;
    }

    @Override
    public BatchPositions positions() {
        if (late) {
            return survivors.positions();
        }
        return eager.positions[eager.buffer];
    }

    @Override
    public void close() throws IOException {
        try {
            if (survivors != null) {
                survivors.close();
            }
        } finally {
            if (eager != null) {
                eager.close();
            }
        }
    }

    /** Decode then filter: the output's and the filter-only columns' decoders in lock step. */
    private final class Eager {
        private final RowGroupDecoder out;
        @Nullable private final RowGroupDecoder filterOnly;

        /** Per filter column: its output column, or -1 - its column in {@code filterOnly}. */
        private final int[] filterSource;

        private final VectorizedColumnBatch filterBatch;
        private final boolean[] keep;
        // per vector buffer: the kept rows, the output's views over them, their positions
        private final int[][] rows;
        private final VectorizedColumnBatch[] shown;
        private final SelectedVectors.View[][] views;
        private final BatchPositions[] positions;
        private int buffer;
        private long decided;
        private long keptRows;
        private long runs;
        private long last = -2;
        private boolean recorded;

        Eager() throws IOException {
            List<SchemaNode> outFields = output.fields();
            List<SchemaNode> filterFields = filterColumns.fields();
            filterSource = new int[filterFields.size()];
            List<SchemaNode> only = new ArrayList<>();
            List<RowType.RowField> onlyTypes = new ArrayList<>();
            for (int f = 0; f < filterFields.size(); f++) {
                int shared = outFields.indexOf(filterFields.get(f));
                if (shared >= 0) {
                    filterSource[f] = shared;
                } else {
                    filterSource[f] = -1 - only.size();
                    only.add(filterFields.get(f));
                    onlyTypes.add(filterColumns.rowType().getFields().get(f));
                }
            }
            out =
                    (RowGroupDecoder)
                            RowGroupDecoder.read(
                                    file,
                                    metadata,
                                    rowGroup,
                                    output,
                                    selection,
                                    batchSize,
                                    limits,
                                    alternating,
                                    arrays);
            filterOnly =
                    only.isEmpty()
                            ? null
                            : (RowGroupDecoder)
                                    RowGroupDecoder.read(
                                            file,
                                            metadata,
                                            rowGroup,
                                            ParquetSchema.of(
                                                    filterColumns.messageType(),
                                                    new RowType(onlyTypes),
                                                    only),
                                            selection,
                                            batchSize,
                                            limits,
                                            false,
                                            arrays);
            filterBatch = new VectorizedColumnBatch(new ColumnVector[filterFields.size()]);
            keep = new boolean[batchSize];
            int buffers = alternating ? 2 : 1;
            rows = new int[buffers][batchSize];
            shown = new VectorizedColumnBatch[buffers];
            views = new SelectedVectors.View[buffers][outFields.size()];
            positions = new BatchPositions[buffers];
            for (int b = 0; b < buffers; b++) {
                shown[b] = new VectorizedColumnBatch(new ColumnVector[outFields.size()]);
                positions[b] = new BatchPositions();
            }
            buffer = buffers - 1;
        }

        @Nullable
        VectorizedColumnBatch next() throws IOException {
            while (true) {
                VectorizedColumnBatch decoded = out.next();
                VectorizedColumnBatch only = filterOnly == null ? null : filterOnly.next();
                if (decoded == null) {
                    if (!recorded) {
                        recorded = true;
                        measurements.record(decided, keptRows, runs);
                    }
                    return null;
                }
                int n = decoded.getNumRows();
                for (int f = 0; f < filterSource.length; f++) {
                    int s = filterSource[f];
                    filterBatch.columns[f] = s >= 0 ? decoded.columns[s] : only.columns[-1 - s];
                }
                filterBatch.setNumRows(n);
                BatchPositions from = out.positions();
                filter.filter(filterBatch, rowGroup, from, keep);
                int next = (buffer + 1) % shown.length;
                int[] kept = rows[next];
                int k = 0;
                for (int i = 0; i < n; i++) {
                    if (keep[i]) {
                        kept[k++] = i;
                        long row = from.rowOf(i);
                        if (row != last + 1) {
                            runs++;
                        }
                        last = row;
                    }
                }
                decided += n;
                keptRows += k;
                if (k == 0) {
                    // the other buffer's batch, handed out before, must stay valid
                    out.reuseLastBuffer();
                    continue;
                }
                buffer = next;
                VectorizedColumnBatch batch = shown[buffer];
                BatchPositions at = positions[buffer];
                at.clear();
                for (int c = 0; c < batch.columns.length; c++) {
                    if (k == n) {
                        batch.columns[c] = decoded.columns[c];
                    } else {
                        views[buffer][c] =
                                SelectedVectors.view(views[buffer][c], decoded.columns[c], kept);
                        batch.columns[c] = views[buffer][c];
                    }
                }
                for (int j = 0; j < k; j++) {
                    at.add(j, from.rowOf(kept[j]));
                }
                batch.setNumRows(k);
                return batch;
            }
        }

        void close() throws IOException {
            try {
                out.close();
            } finally {
                if (filterOnly != null) {
                    filterOnly.close();
                }
            }
        }
    }
}
