package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.Compression;
import io.pqx.format.options.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.core.fs.FileSystem.WriteMode;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ways to open a writer: create (refusing or replacing a file), an executor, a plain stream.
 */
class ParquetWriterCreateTest {
    @TempDir Path dir;

    private static final RowType TYPE = TestingRowTypes.NESTED;
    private static final WriteOptions OPTIONS = TestingWriters.THREADING_OPTIONS;

    private static org.apache.flink.core.fs.Path flink(Path file) {
        return new org.apache.flink.core.fs.Path(file.toUri());
    }

    private static void writeAll(ParquetWriter writer, List<RowData> rows) throws Exception {
        try (writer) {
            for (RowData row : rows) {
                writer.write(row);
            }
        }
    }

    @Test
    void createRefusesAnExistingFileNamingIt() throws Exception {
        Path file = dir.resolve("exists.parquet");
        Files.write(file, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> ParquetWriter.builder(TYPE).options(OPTIONS).create(flink(file)))
                .isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("Cannot create " + flink(file))
                .hasMessageContaining("the file exists")
                .hasMessageContaining("WriteMode.OVERWRITE");
        assertThatThrownBy(
                        () ->
                                ParquetWriter.builder(TYPE)
                                        .options(OPTIONS)
                                        .mode(WriteMode.NO_OVERWRITE)
                                        .create(flink(file)))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readAllBytes(file)).containsExactly(1, 2, 3);
    }

    @Test
    void overwriteReplacesAnExistingFile() throws Exception {
        List<RowData> rows = TestingWriters.threadingRows();
        Path fresh = dir.resolve("fresh.parquet");
        writeAll(ParquetWriter.builder(TYPE).options(OPTIONS).create(flink(fresh)), rows);

        Path replaced = dir.resolve("replaced.parquet");
        // An older, longer file: nothing of it may survive the overwrite.
        Files.write(replaced, new byte[(int) Files.size(fresh) + 4096]);
        writeAll(
                ParquetWriter.builder(TYPE)
                        .options(OPTIONS)
                        .mode(WriteMode.OVERWRITE)
                        .create(flink(replaced)),
                rows);

        assertThat(Files.readAllBytes(replaced)).isEqualTo(Files.readAllBytes(fresh));
        try (ParquetReader reader = ParquetReader.open(flink(replaced))) {
            assertThat(reader.metadata().numRows()).isEqualTo(rows.size());
        }
    }

    @Test
    void overwriteAlsoCreatesAMissingFile() throws Exception {
        Path file = dir.resolve("new.parquet");
        writeAll(
                ParquetWriter.builder(TYPE)
                        .options(OPTIONS)
                        .mode(WriteMode.OVERWRITE)
                        .create(flink(file)),
                TestingWriters.threadingRows());
        try (ParquetReader reader = ParquetReader.open(flink(file))) {
            assertThat(reader.metadata().numRows()).isEqualTo(4000);
        }
    }

    @Test
    void executorVariantWritesTheSameBytesAsTheCallingThread() throws Exception {
        List<RowData> rows = TestingWriters.threadingRows();
        Path single = dir.resolve("single.parquet");
        writeAll(ParquetWriter.builder(TYPE).options(OPTIONS).create(flink(single)), rows);

        ExecutorService pool = Executors.newFixedThreadPool(3);
        AtomicInteger tasks = new AtomicInteger();
        try {
            Path parallel = dir.resolve("parallel.parquet");
            writeAll(
                    ParquetWriter.builder(TYPE)
                            .options(OPTIONS)
                            .encodingOn(
                                    command -> {
                                        tasks.incrementAndGet();
                                        pool.execute(command);
                                    })
                            .create(flink(parallel)),
                    rows);
            Path overwritten = dir.resolve("overwritten.parquet");
            Files.write(overwritten, new byte[] {9});
            writeAll(
                    ParquetWriter.builder(TYPE)
                            .options(OPTIONS)
                            .mode(WriteMode.OVERWRITE)
                            .encodingOn(pool)
                            .create(flink(overwritten)),
                    rows);

            assertThat(tasks.get()).as("column tasks run on the executor").isPositive();
            assertThat(Files.readAllBytes(parallel)).isEqualTo(Files.readAllBytes(single));
            assertThat(Files.readAllBytes(overwritten)).isEqualTo(Files.readAllBytes(single));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void openOnAPlainOutputStreamWritesTheSameBytesAsCreate() throws Exception {
        List<RowData> rows = TestingWriters.threadingRows();
        WriteOptions options = OPTIONS.toBuilder().codec(Compression.SNAPPY).build();
        Path file = dir.resolve("created.parquet");
        writeAll(ParquetWriter.builder(TYPE).options(options).create(flink(file)), rows);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        writeAll(ParquetWriter.builder(TYPE).options(options).open(bytes, "memory.parquet"), rows);
        assertThat(bytes.toByteArray()).isEqualTo(Files.readAllBytes(file));
    }
}
