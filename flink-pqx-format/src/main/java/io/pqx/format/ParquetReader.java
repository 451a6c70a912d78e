package io.pqx.format;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.options.ReadOptions;

import io.pqx.format.decode.ColumnarRowIterator;
import io.pqx.format.decode.RowGroupBatches;
import io.pqx.format.decode.RowGroupDecoder;
import io.pqx.format.decode.RowSelection;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.index.ColumnIndexView;
import io.pqx.format.index.OffsetIndexView;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.page.PageLimits;
import io.pqx.format.schema.FlinkSchemaConverter;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.ParquetSchemaConverter;
import io.pqx.format.schema.SchemaProjection;
import io.pqx.format.stats.BloomFilters;
import io.pqx.format.stats.PageIndexes;

import org.apache.flink.core.fs.Path;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Reads one Parquet file into Flink columnar batches, without Hadoop: the footer (validated,
 * bounded), the schema as Flink types, then row groups on demand for a projection and a row
 * selection, plus page indexes and bloom filters when asked.
 *
 * <p>{@link #open} reads the footer; nothing else is read until a row group or index is asked for.
 * The reader owns its {@link InputFile} and closes it. Not thread-safe: one reader per thread.
 */
public final class ParquetReader implements Closeable {

    private final InputFile file;
    private final ReadOptions options;
    private final FileMetadata metadata;
    private final ParquetSchema schema;
    private final FileContext ctx;

    private ParquetReader(InputFile file, ReadOptions options, FileMetadata metadata, ParquetSchema schema) {
        this.file = file;
        this.options = options;
        this.metadata = metadata;
        this.schema = schema;
        this.ctx = FileContext.of(file.location());
    }

    /**
     * Reads and validates the footer of {@code file} and converts its schema.
     *
     * @throws CorruptFileException for a malformed footer or schema
     * @throws UnsupportedFileException for a valid file pqx cannot read (encryption, a type with no
     *     Flink counterpart)
     */
    public static ParquetReader open(InputFile file, ReadOptions options) throws IOException {
        try {
            FileMetadata metadata = FooterReader.read(file, options.maxFooterBytes());
            RowType declared = options.useDeclaredSchema()
                    ? FlinkSchemaConverter.declaredType(metadata.keyValueMetadata())
                    : null;
            ParquetSchema schema = ParquetSchemaConverter.convert(
                    metadata.messageType(), declared, FileContext.of(file.location()));
            return new ParquetReader(file, options, metadata, schema);
        } catch (IOException | RuntimeException e) {
            try {
                file.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Opens a file on any Flink file system with {@link ReadOptions#defaults()}. */
    public static ParquetReader open(Path path) throws IOException {
        return open(FlinkInputFile.open(path), ReadOptions.defaults());
    }

    public FileMetadata metadata() {
        return metadata;
    }

    /** The whole file's schema. */
    public ParquetSchema schema() {
        return schema;
    }

    /** The file's schema narrowed to dotted field paths ("a", "a.b"). */
    public ParquetSchema project(List<String> paths) {
        return SchemaProjection.project(schema, paths);
    }

    /**
     * Reads the pages {@code selection} needs of the projected columns of a row group (one ranged
     * read per run of neighbouring chunks or pages) and returns its batches.
     *
     * @param projection {@link #schema()} or a projection of it
     * @throws IllegalArgumentException for a row group that does not exist or a selection beyond it
     */
    public RowGroupBatches readRowGroup(int rowGroup, ParquetSchema projection, RowSelection selection)
            throws IOException {
        int count = metadata.rowGroups().size();
        if (rowGroup < 0 || rowGroup >= count) {
            throw new IllegalArgumentException(
                    "Cannot read row group " + rowGroup + ": the file has " + count + " " + ctx.suffix());
        }
        long rows = metadata.rowGroups().get(rowGroup).numRows();
        if (selection.endRow() > rows) {
            throw new IllegalArgumentException("Cannot read row group " + rowGroup + ": selection "
                    + selection + " goes beyond its " + rows + " rows " + ctx.suffix());
        }
        return RowGroupDecoder.read(file, metadata, rowGroup, projection, selection,
                options.batchSize(), new PageLimits(options.maxPageBytes(), options.verifyChecksums()));
    }

    /**
     * Every row of every row group, in file order, as {@link RowData} of {@code projection}'s row
     * type. The iterator returns the same {@code ColumnarRowData} object each time (see {@link
     * ColumnarRowIterator}): copy rows you keep. Closing the iterator does not close this reader.
     */
    public CloseableIterator<RowData> rows(ParquetSchema projection) {
        return new ColumnarRowIterator(allRowGroups(projection), () -> {});
    }

    /**
     * Every row of the file, row group after row group in file order, as Flink columnar batches of
     * at most {@link ReadOptions#batchSize()} rows; every batch returned holds at least one row.
     *
     * <p><b>Columns.</b> {@code batch.columns[i]} is the {@code i}-th top-level field of {@code
     * projection} ({@link ParquetSchema#rowType()}): the projection's order (the order in which
     * its paths first name each top-level field), not the file's; {@code
     * batches(project(List.of("b", "a")))} gives {@code b} as column 0. Nested fields are
     * Flink's nested vectors ({@code ArrayColumnVector}, {@code MapColumnVector}, {@code
     * RowColumnVector}).
     *
     * <p><b>Reuse.</b> The batch objects and their vectors are reused: a batch is valid until the
     * next {@code hasNext()} or {@code next()}; copy what you keep.
     *
     * <p><b>Decimals.</b> {@code DecimalColumnVector.getDecimal} allocates a {@code DecimalData}
     * per value. For DECIMAL columns of precision up to 18 read unscaled longs instead with {@link
     * DecimalVectors#unscaledLong(org.apache.flink.table.data.columnar.vector.ColumnVector, int)}
     * (no allocation); wider decimals are only available through {@code getDecimal}.
     *
     * <p>A decoding error surfaces as an {@link java.io.UncheckedIOException} whose cause is the
     * {@link CorruptFileException} (or {@link UnsupportedFileException}) naming file, row group,
     * column and page. Closing the iterator does not close this reader. To read only some rows of
     * a row group, use {@link #readRowGroup}.
     *
     * @param projection {@link #schema()} or a projection of it ({@link #project})
     */
    public CloseableIterator<VectorizedColumnBatch> batches(ParquetSchema projection) {
        return new FileBatchIterator(allRowGroups(projection));
    }

    /** {@link #batches(ParquetSchema)} of the columns at these dotted paths, in this order. */
    public CloseableIterator<VectorizedColumnBatch> batches(List<String> paths) {
        return batches(project(paths));
    }

    /** Each row group in turn, all its rows; then null. */
    private ColumnarRowIterator.RowGroupSource allRowGroups(ParquetSchema projection) {
        int[] next = {0};
        return () -> {
            if (next[0] >= metadata.rowGroups().size()) {
                return null;
            }
            int rowGroup = next[0]++;
            return readRowGroup(rowGroup, projection,
                    RowSelection.all(metadata.rowGroups().get(rowGroup).numRows()));
        };
    }

    /**
     * The column index of a leaf's chunk (per page bounds, null pages, null counts, boundary
     * order), if the file has one; read and validated on each call.
     *
     * @param leafIndex the leaf's position among the file schema's leaves ({@code
     *     schema().leaves()})
     * @throws CorruptFileException for a malformed index, naming file, row group and column
     */
    public Optional<ColumnIndexView> readColumnIndex(int rowGroup, int leafIndex)
            throws IOException {
        ColumnChunkMetadata chunk = chunk(rowGroup, leafIndex);
        if (chunk.columnIndex().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(PageIndexViews.columnIndex(
                PageIndexes.readColumnIndex(file, chunk, chunkContext(rowGroup, chunk)),
                chunk.descriptor().getPrimitiveType()));
    }

    /**
     * The offset index of a leaf's chunk (per page offset, size and first row), if the file has
     * one; read and validated on each call.
     *
     * @throws CorruptFileException for a malformed index, naming file, row group and column
     */
    public Optional<OffsetIndexView> readOffsetIndex(int rowGroup, int leafIndex)
            throws IOException {
        ColumnChunkMetadata chunk = chunk(rowGroup, leafIndex);
        if (chunk.offsetIndex().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(PageIndexViews.offsetIndex(
                PageIndexes.readOffsetIndex(file, chunk, chunkContext(rowGroup, chunk))));
    }

    /** The bloom filter of a leaf's chunk, if the file has one. */
    public Optional<BloomFilter> readBloomFilter(int rowGroup, int leafIndex) throws IOException {
        ColumnChunkMetadata chunk = chunk(rowGroup, leafIndex);
        return BloomFilters.read(file, chunk, chunkContext(rowGroup, chunk));
    }

    private ColumnChunkMetadata chunk(int rowGroup, int leafIndex) {
        if (rowGroup < 0 || rowGroup >= metadata.rowGroups().size()) {
            throw new IllegalArgumentException("Cannot read row group " + rowGroup + ": the file has "
                    + metadata.rowGroups().size() + " " + ctx.suffix());
        }
        List<ColumnChunkMetadata> columns = metadata.rowGroups().get(rowGroup).columns();
        if (leafIndex < 0 || leafIndex >= columns.size()) {
            throw new IllegalArgumentException("Cannot read column " + leafIndex + ": the file has "
                    + columns.size() + " leaf columns " + ctx.suffix());
        }
        return columns.get(leafIndex);
    }

    private FileContext chunkContext(int rowGroup, ColumnChunkMetadata chunk) {
        return ctx.rowGroup(rowGroup).column(chunk.path());
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
