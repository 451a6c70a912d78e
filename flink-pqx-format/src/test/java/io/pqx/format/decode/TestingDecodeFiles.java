package io.pqx.format.decode;

import io.pqx.format.ParquetWriter;
import io.pqx.format.TestingRowValues;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import io.pqx.format.page.PageLimits;
import io.pqx.format.prune.RowSelection;
import io.pqx.format.schema.FlinkToParquetSchema;
import io.pqx.format.schema.ParquetSchema;
import io.pqx.format.schema.ParquetToFlinkSchema;
import io.pqx.format.schema.SchemaProjection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.types.logical.RowType;

/**
 * Small in-memory files written by pqx's writer, and direct reads of their row group 0 through
 * {@link RowGroupDecoder}, {@link RowGroupLoader} and the leaf columns, for the decode core's unit
 * tests.
 */
final class TestingDecodeFiles {
    static final PageLimits LIMITS = new PageLimits(ReadOptions.DEFAULT_MAX_PAGE_BYTES, true);

    private TestingDecodeFiles() {}

    /** Writes {@code rows} with pqx into a byte array. */
    static ByteArrayInputFile write(
            RowType type, WriteOptions options, List<? extends RowData> rows) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .open(new PositionOutputStream(bytes), "memory.parquet")) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return new ByteArrayInputFile("memory.parquet", bytes.toByteArray());
    }

    /** The file's footer and schema. */
    static Opened open(InputFile file) throws IOException {
        FileMetadata metadata = FooterReader.read(file, ReadOptions.DEFAULT_MAX_FOOTER_BYTES);
        return new Opened(
                file,
                metadata,
                ParquetToFlinkSchema.convert(
                        metadata.messageType(),
                        ReadOptions.defaults().useDeclaredSchema()
                                ? FlinkToParquetSchema.declaredType(metadata.keyValueMetadata())
                                : null,
                        FileContext.of(file.location())));
    }

    /** A file's footer and schema. */
    record Opened(InputFile file, FileMetadata metadata, ParquetSchema schema) {
        ParquetSchema project(String... paths) {
            return SchemaProjection.project(schema, List.of(paths));
        }

        FileContext context() {
            return FileContext.of(file.location()).rowGroup(0);
        }

        /**
         * Row group 0's {@code selection} of {@code projection}, through {@link RowGroupDecoder}.
         */
        RowGroupBatches batches(
                InputFile through, ParquetSchema projection, RowSelection selection, int batchSize)
                throws IOException {
            return RowGroupDecoder.read(
                    through, metadata, 0, projection, selection, batchSize, LIMITS);
        }

        /** The rows {@link #batches} returns, as {@link TestingRowValues}. */
        List<List<Object>> rows(ParquetSchema projection, RowSelection selection, int batchSize)
                throws IOException {
            List<List<Object>> rows = new ArrayList<>();
            try (RowGroupBatches batches = batches(file, projection, selection, batchSize)) {
                for (VectorizedColumnBatch b = batches.next(); b != null; b = batches.next()) {
                    for (int i = 0; i < b.getNumRows(); i++) {
                        rows.add(
                                TestingRowValues.of(
                                        new ColumnarRowData(b, i), projection.rowType()));
                    }
                }
            }
            return rows;
        }

        /**
         * Loads {@code projection}'s chunks for {@code selection} and opens {@code leaves} on them.
         */
        void openLeaves(
                ParquetSchema projection, RowSelection selection, List<? extends LeafColumn> leaves)
                throws IOException {
            RowGroupLoader.LoadedChunks chunks =
                    RowGroupLoader.load(
                            file,
                            metadata.rowGroups().get(0),
                            projection,
                            selection,
                            LIMITS,
                            context());
            RowGroupDecoder.openLeaves(
                    leaves,
                    metadata.messageType(),
                    metadata.createdBy(),
                    metadata.rowGroups().get(0),
                    chunks,
                    context());
        }
    }

    /** Subset of {@code all} that {@code selection} selects, in order. */
    static <T> List<T> selected(List<T> all, RowSelection selection) {
        List<T> subset = new ArrayList<>();
        for (int r = 0; r < selection.rangeCount(); r++) {
            for (long i = selection.start(r); i < selection.end(r); i++) {
                subset.add(all.get((int) i));
            }
        }
        return subset;
    }
}
