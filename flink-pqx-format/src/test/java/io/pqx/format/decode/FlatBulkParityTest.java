package io.pqx.format.decode;

import io.pqx.format.TestingParquetFiles;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import io.pqx.format.ReadSchema;
import io.pqx.format.metadata.FieldView;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads every file of the parquet-testing corpus with the flat-leaf fast path on and off: the
 * top-level primitive columns (the ones the fast path decodes) must hold the same values, and a
 * file that fails must fail with the same message.
 */
class FlatBulkParityTest {

    static Stream<Path> corpus() throws IOException {
        Path data = TestingParquetFiles.root().resolve("data");
        List<Path> files = new ArrayList<>();
        for (Path file : TestingParquetFiles.allPlainFiles()) {
            if (file.startsWith(data)) {
                files.add(file);
            }
        }
        assertThat(files).hasSizeGreaterThan(40);
        return files.stream();
    }

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void bulkPathReadsFlatColumnsLikeThePerValuePath(Path file) {
        FlatChunkReader.enabled = false;
        List<String> expected = readFlatColumns(file);
        FlatChunkReader.enabled = true;
        List<String> actual = readFlatColumns(file);
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("row %d of %s", i, file.getFileName()).isEqualTo(expected.get(i));
        }
    }

    /** The rows of the file's top-level primitive columns, rendered; or the failure message. */
    static List<String> readFlatColumns(Path file) {
        List<String> rows = new ArrayList<>();
        try (ParquetReader reader = ParquetReader.open(
                FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                ReadOptions.defaults())) {
            List<String> paths = new ArrayList<>();
            for (FieldView field : reader.schema().fields()) {
                field.leaf().ifPresent(leaf -> paths.add(leaf.dottedPath()));
            }
            if (paths.isEmpty()) {
                return rows;
            }
            ReadSchema projection = reader.project(paths);
            try (CloseableIterator<RowData> it = reader.rows(projection)) {
                while (it.hasNext()) {
                    rows.add(render(it.next(), projection.rowType()));
                }
            }
        } catch (Exception e) {
            rows.add("FAILED: " + e);
            for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
                rows.add("CAUSE: " + t);
            }
        }
        return rows;
    }

    static String render(RowData row, RowType type) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < type.getFieldCount(); i++) {
            LogicalType t = type.getTypeAt(i);
            Object value = RowData.createFieldGetter(t, i).getFieldOrNull(row);
            out.append(value instanceof byte[] b ? Arrays.toString(b)
                    : value instanceof ArrayData ? "array" : String.valueOf(value)).append('|');
        }
        return out.toString();
    }
}
