package io.pqx.format;

import io.pqx.format.decode.ColumnarRowIterator;
import io.pqx.format.decode.DecodeArrays;
import io.pqx.format.decode.FilteredRowGroupScan;
import io.pqx.format.decode.KnownOffsetIndexes;
import io.pqx.format.decode.RowGroupBatches;
import io.pqx.format.decode.RowGroupDecoder;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.metadata.LeafColumnView;
import io.pqx.format.metadata.LeafPageIndex;
import io.pqx.format.metadata.RowGroupPageIndexes;
import io.pqx.format.metadata.TrustedPageIndex;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.page.PageLimits;
import io.pqx.format.prune.BloomFilterSource;
import io.pqx.format.prune.PageIndexSource;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.SchemaProjection;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import javax.annotation.Nullable;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.CloseableIterator;

/**
 * Reads one Parquet file into Flink columnar batches, without Hadoop: the footer (validated,
 * bounded), the schema as Flink types, then row groups on demand for a projection and a row
 * selection, with the page indexes and bloom filters pruning needs. Scans after pruning go through
 * {@link ParquetScan}; looking at a file's indexes, filters and page checksums without reading rows
 * is {@link ParquetInspector}'s job.
 *
 * <p>{@link #open(InputFile, ReadOptions)} reads the footer (with the file's tail, whose bytes then
 * serve the page indexes and bloom filters lying in them: no request of their own); {@link
 * #open(InputFile, ParquetFooter, ReadOptions)} takes one read before ({@link
 * ParquetInspector#footer()}, {@link #footer()}) and reads nothing. Nothing else is read until a
 * row group or index is asked for. The reader owns its {@link InputFile} and closes it. Not
 * thread-safe: one reader per thread.
 */
@PublicEvolving
public final class ParquetReader implements Closeable {

    private final InputFile file;
    private final ReadOptions options;
    private final ParquetFooter footer;
    private final FileMetadata metadata;
    private final ReadSchema schema;
    private final FileContext ctx;
    private final LeafChunks chunks;
    // what of the footer read's tail another reader of the file can open from, when asked for
    @Nullable ParquetTail keptTail;
    // what filtered scans measured, for the next row group's choice of late materialization
    private final FilteredRowGroupScan.Measurements measurements =
            new FilteredRowGroupScan.Measurements();

    /** Flat leaves' decode arrays, passed from row group to row group of this reader's scans. */
    private final DecodeArrays arrays = DecodeArrays.forReader();

    ParquetReader(InputFile file, ReadOptions options, ParquetFooter footer, ParquetSchema schema) {
        this.file = file;
        this.options = options;
        this.footer = footer;
        this.metadata = footer.internal();
        this.schema = ReadSchema.of(schema);
        this.ctx = FileContext.of(file.location());
        this.chunks = new LeafChunks(file, metadata);
    }

    /**
     * Reads and validates the footer of {@code file} and converts its schema.
     *
     * @throws CorruptFileException for a malformed footer or schema
     * @throws UnsupportedFileException for a valid file pqx cannot read (a type with no Flink
     *     counterpart; an encrypted footer without its key in {@link ReadOptions#decryption()}: a
     *     {@link io.pqx.format.error.MissingKeyException})
     * @throws io.pqx.format.error.DecryptionFailedException when an encrypted footer or column
     *     metadata does not authenticate (a wrong key or AAD prefix, changed bytes)
     */
    public static ParquetReader open(InputFile file, ReadOptions options) throws IOException {
        return openKeepingTail(file, options, 0);
    }

    /**
     * Opens {@code file} as {@link #open(InputFile, ReadOptions)} does, and keeps what of the tail
     * read for its footer another reader of the same file can open from ({@link #tail()}): the
     * footer, and before it the page indexes and bloom filters the read covered, at most {@code
     * maxTailBytes} (over that: the footer alone, or nothing when the footer alone is longer).
     */
    public static ParquetReader openKeepingTail(
            InputFile file, ReadOptions options, int maxTailBytes) throws IOException {
        return ParquetReaderOpening.keepingTail(file, options, maxTailBytes);
    }

    /**
     * Opens {@code file} with its footer taken from {@code tail}, bytes of its end read before
     * ({@link #tail()} of a reader opened by {@link #openKeepingTail}, possibly in another
     * process), reading nothing of the file when the tail holds the whole footer. The footer is
     * decoded and validated as one read from the file is (the same checks: a damaged tail is
     * refused as a damaged file is), and the tail's other bytes serve the page index and bloom
     * filter reads falling into them. The tail must end where the file ends ({@link
     * InputFile#length()}); a tail of another version of the file with the same length is not
     * detected here: callers key tails by modification time too (as the source does). The reader
     * owns {@code file}, and closes it also when opening fails.
     *
     * @throws CorruptFileException for a tail that does not end where the file ends, or holds a
     *     malformed footer
     * @throws UnsupportedFileException as {@link #open(InputFile, ReadOptions)}
     */
    public static ParquetReader open(InputFile file, ParquetTail tail, ReadOptions options)
            throws IOException {
        return ParquetReaderOpening.fromTail(file, tail, options);
    }

    /**
     * Opens {@code file} with a footer already read from it ({@link ParquetInspector#footer()}, or
     * {@link #footer()} of an earlier reader), reading nothing of the file: no footer read, no head
     * magic. Only the file's length is asked ({@link InputFile#length()}), and it must be the
     * length the footer was read from: a different length means the file was replaced or changed,
     * and the footer's offsets would point at the wrong bytes. A file replaced by one of the very
     * same length is not detected here; callers that cache footers key them by modification time
     * too (as the source does). The schema is converted as by {@link #open(InputFile,
     * ReadOptions)}. The reader owns {@code file}, and closes it also when opening fails.
     *
     * @throws CorruptFileException when the file's length is not the footer's, naming both lengths
     *     and the file
     * @throws UnsupportedFileException for a type with no Flink counterpart
     */
    public static ParquetReader open(InputFile file, ParquetFooter footer, ReadOptions options)
            throws IOException {
        return ParquetReaderOpening.withReadFooter(file, footer, options);
    }

    /** Opens a file on any Flink file system with {@link ReadOptions#defaults()}. */
    public static ParquetReader open(Path path) throws IOException {
        return open(FlinkInputFile.open(path), ReadOptions.defaults());
    }

    /**
     * What of its footer read's tail another reader of this file can open from ({@link
     * #open(InputFile, ParquetTail, ReadOptions)}); present only for a reader opened by {@link
     * #openKeepingTail} whose footer fit its cap.
     */
    public Optional<ParquetTail> tail() {
        return Optional.ofNullable(keptTail);
    }

    /** What the file's footer says (validated); read by {@link #open}. */
    public FileMetadataView metadata() {
        return footer.metadata();
    }

    /**
     * The footer this reader was opened with, to open the same file again without reading it
     * ({@link #open(InputFile, ParquetFooter, ReadOptions)}); thread-safe, may outlive the reader.
     */
    public ParquetFooter footer() {
        return footer;
    }

    /** The whole file's schema, as Flink reads it. */
    public ReadSchema schema() {
        return schema;
    }

    /**
     * The file's schema narrowed to dotted field paths ({@code "a"}, {@code "a.b"} into a ROW): the
     * top-level fields in the order the paths first name them, inside a ROW the selected fields in
     * schema order; a list or map is selected whole. A name matches a field exactly, else
     * case-insensitively when only one field matches.
     *
     * @throws IllegalArgumentException when a path names no field, is ambiguous, or enters a list,
     *     map or atomic field; the message names the path and the top-level columns
     */
    public ReadSchema project(List<String> paths) {
        return ReadSchema.of(SchemaProjection.project(schema.internal(), paths));
    }

    /**
     * Reads the pages {@code selection} needs of the projected columns of a row group (one ranged
     * read per run of neighbouring chunks or pages) and returns its batches: exactly the selected
     * rows, in order, each batch holding at least one row and at most {@link
     * ReadOptions#batchSize()}; columns as in {@link #batches(ReadSchema)}. With an offset index,
     * pages holding no selected row are not read. Each batch is a {@link ParquetBatch} giving its
     * rows' positions in the row group. The batch objects are reused (a batch is valid until the
     * next {@code hasNext()} or {@code next()}, with {@link ReadOptions#alternatingBatches()} one
     * batch longer; see {@link BatchIterator}); a decoding error surfaces as an {@link
     * java.io.UncheckedIOException} whose cause is the {@link CorruptFileException}. Close the
     * iterator to release the row group's buffers; closing it does not close this reader.
     *
     * @param projection {@link #schema()} or a projection of it
     * @throws IllegalArgumentException for a row group that does not exist or a selection beyond it
     */
    public BatchIterator readRowGroup(int rowGroup, ReadSchema projection, RowSelection selection)
            throws IOException {
        return once(decodeRowGroup(rowGroup, ofThisFile(projection), selection));
    }

    private RowGroupBatches decodeRowGroup(
            int rowGroup, ParquetSchema projection, RowSelection selection) throws IOException {
        checkSelection(rowGroup, selection);
        return RowGroupDecoder.read(
                file,
                metadata,
                rowGroup,
                projection,
                selection,
                options.batchSize(),
                new PageLimits(options.maxPageBytes(), options.verifyChecksums()),
                options.alternatingBatches(),
                arrays);
    }

    private void checkSelection(int rowGroup, RowSelection selection) {
        int count = metadata.rowGroups().size();
        if (rowGroup < 0 || rowGroup >= count) {
            throw new IllegalArgumentException(
                    "Cannot read row group "
                            + rowGroup
                            + ": the file has "
                            + count
                            + " "
                            + ctx.suffix());
        }
        long rows = metadata.rowGroups().get(rowGroup).numRows();
        if (selection.endRow() > rows) {
            throw new IllegalArgumentException(
                    "Cannot read row group "
                            + rowGroup
                            + ": selection "
                            + selection
                            + " goes beyond its "
                            + rows
                            + " rows "
                            + ctx.suffix());
        }
    }

    /**
     * The rows of a row group's {@code selection} that {@code filter} keeps, as batches of {@code
     * projection}'s columns: exactly those rows, in order, each batch holding at least one row and
     * at most {@link ReadOptions#batchSize()}, each row with its position in the row group ({@link
     * ParquetBatch#rowPosition}), under {@link #readRowGroup}'s reuse rules. The filter is asked
     * about every selected row once.
     *
     * <p><b>Late materialization</b> ({@link ReadOptions#lateMaterialization()}, on by default):
     * the filter's columns are decoded first and the filter decides every row of the selection (a
     * filter made of {@link RowFilter#conjuncts()} is decided part by part, the part of the fewest
     * compressed bytes first, each next part's columns decoded only for the rows still kept); then
     * {@code projection}'s columns are decoded only for the surviving rows: pages holding none are
     * not read when the chunk has an offset index, and not decompressed otherwise. When the row
     * groups scanned before by this reader kept most of their rows, or kept them in many short
     * runs, the next row group is decoded whole and filtered batch by batch instead (a kept row is
     * shown through a view, not copied), since skipping would cost more than it saves. A row group
     * with no surviving row reads nothing of the other columns.
     *
     * @param projection {@link #schema()} or a projection of it
     * @param filter reads {@code filter.columns()}, {@link #schema()} or a projection of it
     * @throws IllegalArgumentException as {@link #readRowGroup}, or for a read schema of another
     *     file
     */
    public BatchIterator scanRowGroup(
            int rowGroup, ReadSchema projection, RowSelection selection, RowFilter filter)
            throws IOException {
        return scan(file, rowGroup, projection, selection, filter);
    }

    /** The filtered scan, reading through {@code source} (this file, maybe with known indexes). */
    private BatchIterator scan(
            InputFile source,
            int rowGroup,
            ReadSchema projection,
            RowSelection selection,
            RowFilter filter)
            throws IOException {
        ParquetSchema output = ofThisFile(projection);
        ParquetSchema filterColumns = ofThisFile(filter.columns());
        checkSelection(rowGroup, selection);
        List<FilteredRowGroupScan.Stage> stages = new ArrayList<>();
        for (RowFilter conjunct : filter.conjuncts()) {
            stages.add(
                    new FilteredRowGroupScan.Stage(
                            ofThisFile(conjunct.columns()), new RowFilterAdapter(conjunct)));
        }
        FilteredRowGroupScan scan =
                FilteredRowGroupScan.open(
                        source,
                        metadata,
                        rowGroup,
                        output,
                        filterColumns,
                        selection,
                        options.batchSize(),
                        new PageLimits(options.maxPageBytes(), options.verifyChecksums()),
                        options.alternatingBatches(),
                        new RowFilterAdapter(filter),
                        stages,
                        measurements,
                        options.lateMaterialization(),
                        arrays);
        return once(scan);
    }

    /** The batches of one row group, as an iterator. */
    private static BatchIterator once(RowGroupBatches batches) {
        boolean[] taken = {false};
        return new FileBatchIterator(
                () -> {
                    if (taken[0]) {
                        return null;
                    }
                    taken[0] = true;
                    return batches;
                });
    }

    /**
     * Every row of every row group, in file order, as {@link RowData} of {@code projection}'s row
     * type. The iterator returns the same {@code ColumnarRowData} object each time (see {@link
     * ColumnarRowIterator}): copy rows you keep. Closing the iterator does not close this reader.
     */
    public CloseableIterator<RowData> rows(ReadSchema projection) {
        return new ColumnarRowIterator(allRowGroups(ofThisFile(projection)), () -> {});
    }

    /**
     * Every row of the file, row group after row group in file order, as Flink columnar batches of
     * at most {@link ReadOptions#batchSize()} rows; every batch returned holds at least one row.
     *
     * <p><b>Columns.</b> {@code batch.columns[i]} is the {@code i}-th top-level field of {@code
     * projection} ({@link ReadSchema#rowType()}): the projection's order (the order in which its
     * paths first name each top-level field), not the file's; {@code batches(project(List.of("b",
     * "a")))} gives {@code b} as column 0. Nested fields are Flink's nested vectors ({@code
     * ArrayColumnVector}, {@code MapColumnVector}, {@code RowColumnVector}).
     *
     * <p><b>Reuse.</b> The batch objects and their vectors are reused: a batch is valid until the
     * next {@code hasNext()} or {@code next()}; copy what you keep. With {@link
     * ReadOptions#alternatingBatches()}, two sets alternate: a batch stays valid until the call
     * after the {@code next()} that returned the batch after it (see {@link BatchIterator}).
     *
     * <p><b>Decimals.</b> {@code DecimalColumnVector.getDecimal} allocates a {@code DecimalData}
     * per value. For DECIMAL columns of precision up to 18 read unscaled longs instead with {@link
     * DecimalVectors#unscaledLong(org.apache.flink.table.data.columnar.vector.ColumnVector, int)}
     * (no allocation); wider decimals are only available through {@code getDecimal}.
     *
     * <p>A decoding error surfaces as an {@link java.io.UncheckedIOException} whose cause is the
     * {@link CorruptFileException} (or {@link UnsupportedFileException}) naming file, row group,
     * column and page. Closing the iterator does not close this reader. To read only some rows of a
     * row group, use {@link #readRowGroup}.
     *
     * @param projection {@link #schema()} or a projection of it ({@link #project})
     */
    public BatchIterator batches(ReadSchema projection) {
        return new FileBatchIterator(allRowGroups(ofThisFile(projection)));
    }

    /** {@link #batches(ReadSchema)} of the columns at these dotted paths, in this order. */
    public BatchIterator batches(List<String> paths) {
        return batches(project(paths));
    }

    /**
     * The decoder's schema of {@code projection}, once it is known to describe this file: every
     * leaf it reads is the file's leaf at the same index (a read schema of another file with other
     * columns would decode the wrong chunks).
     */
    private ParquetSchema ofThisFile(ReadSchema projection) {
        return projection.internalOf(schema, ctx);
    }

    /** Each row group in turn, all its rows; then null. */
    private ColumnarRowIterator.RowGroupSource allRowGroups(ParquetSchema projection) {
        int[] next = {0};
        return () -> {
            if (next[0] >= metadata.rowGroups().size()) {
                return null;
            }
            int rowGroup = next[0]++;
            return decodeRowGroup(
                    rowGroup,
                    projection,
                    RowSelection.all(metadata.rowGroups().get(rowGroup).numRows()));
        };
    }

    // ---- page indexes read together, for the pruners and the decoder ----

    /**
     * The column and offset indexes of the projection's leaves in row group {@code rowGroup}, in
     * one ranged read (see {@link #readPageIndexes(int, Collection)}).
     */
    public RowGroupPageIndexes readPageIndexes(int rowGroup, ReadSchema projection)
            throws IOException {
        List<Integer> leaves = new ArrayList<>();
        for (LeafColumnView leaf : projection.leaves()) {
            leaves.add(leaf.leafIndex());
        }
        return readPageIndexes(rowGroup, leaves);
    }

    /**
     * The column and offset indexes of these leaves in row group {@code rowGroup}, with the
     * page-level evidence for pruning ({@link TrustedPageIndex}), read in one ranged read: the span
     * from the first to the last index range (writers put a row group's indexes together after the
     * data), each range's declared length checked against the file and {@code
     * PageIndexes.MAX_INDEX_BYTES} first; when the ranges lie scattered (the span much larger than
     * they are), only the ranges are read, neighbours merged.
     *
     * <p>Never fails for a bad index: a range outside the file, an index that does not decode, page
     * counts that disagree or pages that do not tile the row group leave that leaf's index (or
     * evidence) absent, with the reason in {@link LeafPageIndex#failures()}. In an encrypted file,
     * a column whose key is missing has no index here (nothing to prune with), and an index that
     * does not authenticate fails the call with a {@link
     * io.pqx.format.error.DecryptionFailedException}: changed bytes of an encrypted file are not
     * wear to work around.
     *
     * <p>A leaf's column index is read (and, encrypted, authenticated) here with the rest, but
     * parsed only when first asked for ({@link LeafPageIndex#columnIndex()}, {@link
     * LeafPageIndex#trusted()} or {@link LeafPageIndex#failures()}, as the page-index pruner does
     * for the predicate's leaves): a leaf that is only returned needs just its offset index, and a
     * malformed column index nobody asks about goes unnoticed.
     *
     * @param leafIndexes positions among the file schema's leaves ({@code schema().leaves()})
     * @throws IllegalArgumentException for a row group or leaf that does not exist
     * @throws IOException when the file cannot be read at all
     */
    public RowGroupPageIndexes readPageIndexes(int rowGroup, Collection<Integer> leafIndexes)
            throws IOException {
        List<Integer> leaves = new ArrayList<>(new TreeSet<>(leafIndexes));
        checkRowGroup(rowGroup);
        for (int leaf : leaves) {
            chunks.chunk(rowGroup, leaf); // refuses a leaf that does not exist
        }
        return PageIndexReads.read(file, metadata, rowGroup, leaves, ctx);
    }

    /**
     * As {@link #readRowGroup(int, ReadSchema, RowSelection)}, planning the selection's pages with
     * the offset indexes in {@code known} (read before by {@link #readPageIndexes}) instead of
     * reading them again; leaves {@code known} has no offset index for are read as usual.
     *
     * <p>For {@link ParquetScan} (its {@link ParquetScan.Builder#knownPageIndexes}), which is how
     * callers read with known page indexes.
     *
     * @throws IllegalArgumentException when {@code known} is about another row group, or as the
     *     other {@code readRowGroup}
     */
    BatchIterator readRowGroup(
            int rowGroup, ReadSchema projection, RowSelection selection, RowGroupPageIndexes known)
            throws IOException {
        checkKnown(rowGroup, known);
        ParquetSchema internal = ofThisFile(projection);
        checkSelection(rowGroup, selection);
        return once(
                RowGroupDecoder.read(
                        new KnownOffsetIndexes(file, known.offsetIndexes()),
                        metadata,
                        rowGroup,
                        internal,
                        selection,
                        options.batchSize(),
                        new PageLimits(options.maxPageBytes(), options.verifyChecksums()),
                        options.alternatingBatches(),
                        arrays));
    }

    /**
     * As {@link #scanRowGroup(int, ReadSchema, RowSelection, RowFilter)}, planning the pages of the
     * filter's and the projection's columns with the offset indexes in {@code known} (read before
     * by {@link #readPageIndexes}) instead of reading them again.
     *
     * <p>For {@link ParquetScan} (its {@link ParquetScan.Builder#knownPageIndexes}), which is how
     * callers scan with known page indexes.
     *
     * @throws IllegalArgumentException when {@code known} is about another row group, or as the
     *     other {@code scanRowGroup}
     */
    BatchIterator scanRowGroup(
            int rowGroup,
            ReadSchema projection,
            RowSelection selection,
            RowFilter filter,
            RowGroupPageIndexes known)
            throws IOException {
        checkKnown(rowGroup, known);
        return scan(
                new KnownOffsetIndexes(file, known.offsetIndexes()),
                rowGroup,
                projection,
                selection,
                filter);
    }

    private void checkKnown(int rowGroup, RowGroupPageIndexes known) {
        if (known.rowGroup() != rowGroup
                || known.rowCount()
                        != metadata.rowGroups().get(checkRowGroup(rowGroup)).numRows()) {
            throw new IllegalArgumentException(
                    "Cannot read row group "
                            + rowGroup
                            + " with the page indexes of row group "
                            + known.rowGroup()
                            + " "
                            + ctx.suffix());
        }
    }

    /**
     * A {@link PageIndexSource} reading these leaves' indexes from this reader ({@link
     * #readPageIndexes(int, Collection)}), each row group's once: asked again, it returns what it
     * read, so the page-index pruner and a {@link ParquetScan} given it as known page indexes
     * ({@code knownPageIndexes(source::pageIndexes)}) share one read. Use it on this reader's
     * thread only.
     *
     * @param leafIndexes the predicate's leaves and the projection's (both, so one read serves
     *     pruning and decoding)
     */
    public PageIndexSource pageIndexSource(Collection<Integer> leafIndexes) {
        List<Integer> leaves = List.copyOf(new TreeSet<>(leafIndexes));
        return PageIndexReads.caching(rowGroup -> readPageIndexes(rowGroup, leaves));
    }

    /**
     * A {@link BloomFilterSource} reading the bloom filters of this reader's file, each read and
     * validated on each call (as {@link ParquetInspector#readBloomFilter} does), for the bloom
     * filter pruner.
     */
    public BloomFilterSource bloomFilterSource() {
        return chunks::bloomFilter;
    }

    /** The file this reader reads, for an inspector of the same file ({@link ParquetInspector}). */
    InputFile file() {
        return file;
    }

    private int checkRowGroup(int rowGroup) {
        if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
            throw new IllegalArgumentException(
                    "Cannot read row group "
                            + rowGroup
                            + ": the file has "
                            + metadata.rowGroups().size()
                            + " "
                            + ctx.suffix());
        }
        return rowGroup;
    }

    @Override
    public void close() throws IOException {
        arrays.park(); // for the next reader (arrays an open iterator still holds stay here)
        file.close();
    }
}
