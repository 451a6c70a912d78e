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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import static io.pqx.format.decode.TestingFlatReads.readFlatColumns;

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

}
