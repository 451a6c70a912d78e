package io.pqx.format;

import static io.pqx.format.TestingPriceRows.row;

import io.pqx.format.footer.FileMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Writes rows with pqx to a local file or a byte array, for the writer tests here and in e2e-tests.
 */
public final class TestingWriters {
    private TestingWriters() {}

    public static FileMetadataView write(
            Path file, RowType type, WriteOptions options, List<RowData> rows) throws IOException {
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                writer.write(row);
            }
            return writer.finish();
        }
    }

    /** The footer of a file, as pqx's internal footer reader reads it (Thrift included). */
    public static FileMetadata footer(Path file) throws IOException {
        try (InputFile in = FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri()))) {
            return FooterReader.read(in, ReadOptions.DEFAULT_MAX_FOOTER_BYTES);
        }
    }

    public static byte[] bytes(
            RowType type, WriteOptions options, List<RowData> rows, Executor executor)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .encodingOn(executor)
                        .open(new PositionOutputStream(bytes), "memory.parquet")) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return bytes.toByteArray();
    }

    public static Path file(Path dir, byte[] bytes) throws IOException {
        Path file = Files.createTempFile(dir, "pqx", ".parquet");
        Files.write(file, bytes);
        return file;
    }

    /** Several row groups and pages of nested rows, with a bloom filter on a nested leaf. */
    public static final WriteOptions THREADING_OPTIONS =
            WriteOptions.builder()
                    .rowGroupRows(1500)
                    .pageRowLimit(300)
                    .bloomFilter("tags.list.element", new BloomFilterSpec(100, 0.05))
                    .build();

    public static List<RowData> threadingRows() {
        return new TestingRandomRows(5).rows(TestingRowTypes.NESTED, 4000);
    }
}
