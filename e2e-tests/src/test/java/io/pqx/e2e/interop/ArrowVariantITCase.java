package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ParquetWriter;
import io.pqx.format.options.WriteOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.dataset.file.FileFormat;
import org.apache.arrow.dataset.file.FileSystemDatasetFactory;
import org.apache.arrow.dataset.jni.NativeMemoryPool;
import org.apache.arrow.dataset.scanner.ScanOptions;
import org.apache.arrow.dataset.scanner.Scanner;
import org.apache.arrow.dataset.source.Dataset;
import org.apache.arrow.dataset.source.DatasetFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.variant.BinaryVariantInternalBuilder;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Arrow C++ 18.3 (the Parquet reader of Arrow's dataset scanner, over JNI) refuses a file holding a
 * column pqx writes as Parquet's VARIANT logical type, unshredded or shredded: its schema
 * conversion rejects the VARIANT annotation on a group ("Logical type Variant cannot be applied to
 * group node") when the dataset is opened, so none of the file's columns can be read, not even the
 * plain ones. The same rows without the VARIANT column read, so the refusal is the annotation's.
 */
class ArrowVariantITCase {
    private static final RowType WITH_VARIANT =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT().notNull()),
                                    DataTypes.FIELD("v", DataTypes.VARIANT()))
                            .getLogicalType();

    private static final RowType ID_ONLY =
            (RowType)
                    DataTypes.ROW(DataTypes.FIELD("id", DataTypes.INT().notNull()))
                            .getLogicalType();

    @TempDir Path dir;

    private static RowData row(int id, String json) throws IOException {
        return GenericRowData.of(
                id, json == null ? null : BinaryVariantInternalBuilder.parseJson(json, false));
    }

    private Path write(String name, RowType type, WriteOptions options, List<RowData> rows)
            throws IOException {
        Path file = dir.resolve(name);
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(options)
                        .create(new org.apache.flink.core.fs.Path(file.toUri()))) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
        return file;
    }

    /** The {@code id} column of every row, read by Arrow C++'s dataset scanner. */
    private static List<Integer> arrowIds(Path file) throws Exception {
        List<Integer> ids = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                DatasetFactory factory =
                        new FileSystemDatasetFactory(
                                allocator,
                                NativeMemoryPool.getDefault(),
                                FileFormat.PARQUET,
                                file.toUri().toString());
                Dataset dataset = factory.finish();
                Scanner scanner = dataset.newScan(new ScanOptions(100));
                ArrowReader reader = scanner.scanBatches()) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                IntVector id = (IntVector) root.getVector("id");
                for (int i = 0; i < root.getRowCount(); i++) {
                    ids.add(id.get(i));
                }
            }
        }
        return ids;
    }

    @ParameterizedTest(name = "shredded = {0}")
    @ValueSource(booleans = {false, true})
    void arrowRefusesTheWholeFileOfAVariantColumn(boolean shredded) throws Exception {
        WriteOptions options =
                shredded
                        ? WriteOptions.builder()
                                .variantShredding("v", DataTypes.BIGINT().getLogicalType())
                                .build()
                        : WriteOptions.defaults();
        Path file =
                write(
                        "v.parquet",
                        WITH_VARIANT,
                        options,
                        List.of(row(1, "{\"a\":1}"), row(2, "5"), row(3, null)));
        try (ParquetFileReader footer = ParquetFileReader.open(new LocalInputFile(file))) {
            GroupType v = footer.getFileMetaData().getSchema().getType("v").asGroupType();
            // the file is what the Parquet spec calls a VARIANT column, shredded as asked
            assertThat(v.getLogicalTypeAnnotation())
                    .isEqualTo(LogicalTypeAnnotation.variantType((byte) 1));
            assertThat(v.containsField("typed_value")).isEqualTo(shredded);
        }

        assertThatThrownBy(() -> arrowIds(file))
                .isInstanceOf(RuntimeException.class)
                .hasMessageContaining("Error creating dataset")
                .hasMessageContaining(file.toString())
                .hasMessageContaining("Logical type Variant cannot be applied to group node");
    }

    @Test
    void arrowReadsTheSameRowsWithoutTheVariantColumn() throws Exception {
        Path file =
                write(
                        "id.parquet",
                        ID_ONLY,
                        WriteOptions.defaults(),
                        List.of(GenericRowData.of(1), GenericRowData.of(2), GenericRowData.of(3)));

        assertThat(arrowIds(file)).containsExactly(1, 2, 3);
    }
}
