package io.pqx.format;

import static io.pqx.format.TestingPriceRows.TYPE;
import static io.pqx.format.TestingPriceRows.open;
import static io.pqx.format.TestingPriceRows.row;
import static io.pqx.format.TestingWriters.THREADING_OPTIONS;
import static io.pqx.format.TestingWriters.threadingRows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.encode.EncodingContext;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.PositionOutputStream;
import io.pqx.format.metadata.FileMetadataView;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's life cycle and failure behaviour, and thread-count independent output. (parquet-java
 * reads the files back in e2e-tests' {@code ParquetWriterParquetJavaTest}.)
 */
class ParquetWriterTest {
    @TempDir Path dir;

    @Test
    void rejectsNullInNotNullColumnNamingRowColumnAndFile() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParquetWriter writer = open(bytes)) {
            writer.write(row(1, "1.00", "a"));
            RowData bad = GenericRowData.of(null, null, null);
            assertThatThrownBy(() -> writer.write(bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot write row 1: column id is NOT NULL but the value is null"
                                    + " (memory.parquet)");
            writer.write(row(2, null, "b"));
            assertThat(writer.rowsWritten()).isEqualTo(2);
        }
    }

    @Test
    void rejectsDecimalThatDoesNotFitItsColumn() throws Exception {
        try (ParquetWriter writer = open(new ByteArrayOutputStream())) {
            assertThatThrownBy(() -> writer.write(row(1, "1234.50", "a")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot write row 0: column price is DECIMAL(5, 2) but the value"
                                    + " 1234.50 does not fit (memory.parquet)");
            assertThatThrownBy(
                            () ->
                                    writer.write(
                                            GenericRowData.of(
                                                    1,
                                                    DecimalData.fromBigDecimal(
                                                            new BigDecimal("1.125"), 10, 3),
                                                    null)))
                    .hasMessage(
                            "Cannot write row 0: column price is DECIMAL(5, 2) but the value"
                                    + " 1.125 does not fit (memory.parquet)");
            writer.write(
                    GenericRowData.of(
                            1, DecimalData.fromBigDecimal(new BigDecimal("1.5"), 10, 1), null));
        }
    }

    @Test
    void rejectsTimestampOutsideTheNanosecondRange() throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(DataTypes.FIELD("ts", DataTypes.TIMESTAMP(9)))
                                .getLogicalType();
        TimestampData year3000 =
                TimestampData.fromLocalDateTime(LocalDateTime.of(3000, 1, 1, 0, 0));
        try (ParquetWriter writer =
                ParquetWriter.builder(type)
                        .options(WriteOptions.defaults())
                        .open(
                                new PositionOutputStream(new ByteArrayOutputStream()),
                                "memory.parquet")) {
            assertThatThrownBy(() -> writer.write(GenericRowData.of(year3000)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Cannot write row 0: column ts stores NANOS in INT64 but the value"
                                    + " 3000-01-01T00:00 is out of its range (memory.parquet)");
        }
    }

    @Test
    void emptyFileHasNoRowGroups() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FileMetadataView meta;
        try (ParquetWriter writer = open(bytes)) {
            meta = writer.finish();
        }
        assertThat(meta.numRows()).isZero();
        assertThat(meta.rowGroups()).isEmpty();
    }

    @Test
    void finishReturnsTheFooterAndRefusesMoreRows() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ParquetWriter writer = open(bytes);
        writer.write(row(1, "1.00", "a"));
        FileMetadataView meta = writer.finish();
        assertThat(meta.numRows()).isEqualTo(1);
        assertThat(meta.fileLength()).isEqualTo(bytes.size());
        assertThat(meta.location()).isEqualTo("memory.parquet");
        assertThat(writer.finish()).isSameAs(meta);
        assertThatThrownBy(() -> writer.write(row(2, "1.00", "b")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Cannot write memory.parquet: it is finished");
        writer.close();
        assertThat(bytes.size()).isEqualTo(meta.fileLength());
    }

    @Test
    void pqxFooterReaderReadsBackTheMetadataFinishReturned() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FileMetadataView written;
        try (ParquetWriter writer =
                ParquetWriter.builder(TYPE)
                        .options(WriteOptions.builder().rowGroupRows(2).build())
                        .open(new PositionOutputStream(bytes), "memory.parquet")) {
            for (int i = 0; i < 5; i++) {
                writer.write(row(i, "1.0" + i, "n" + i));
            }
            written = writer.finish();
        }
        FileMetadataView read =
                ParquetInspector.read(
                                new ByteArrayInputFile("memory.parquet", bytes.toByteArray()),
                                ReadOptions.defaults())
                        .metadata();
        assertThat(read).isEqualTo(written);
        assertThat(read.numRows()).isEqualTo(5);
        assertThat(read.rowGroups()).hasSize(3);
        assertThat(read.schema()).isEqualTo(written.schema());
    }

    @Test
    void createRefusesToOverwriteAnExistingFile() throws Exception {
        Path file = dir.resolve("exists.parquet");
        Files.write(file, new byte[] {1});
        assertThatThrownBy(
                        () ->
                                ParquetWriter.builder(TYPE)
                                        .options(WriteOptions.defaults())
                                        .create(new org.apache.flink.core.fs.Path(file.toUri())))
                .isInstanceOf(IOException.class);
        assertThat(Files.readAllBytes(file)).containsExactly(1);
    }

    @Test
    void bytesDoNotDependOnTheNumberOfEncodingThreads() throws Exception {
        RowType type = TestingRowTypes.NESTED;
        List<RowData> rows = threadingRows();
        WriteOptions options = THREADING_OPTIONS;
        byte[] callerRuns = TestingWriters.bytes(type, options, rows, EncodingContext.CALLER_RUNS);
        ExecutorService one = Executors.newSingleThreadExecutor();
        ExecutorService four = Executors.newFixedThreadPool(4);
        try {
            byte[] oneThread = TestingWriters.bytes(type, options, rows, one);
            byte[] fourThreads = TestingWriters.bytes(type, options, rows, four);
            assertThat(oneThread).isEqualTo(callerRuns);
            assertThat(fourThreads).isEqualTo(callerRuns);
        } finally {
            one.shutdownNow();
            four.shutdownNow();
        }
    }
}
