package io.pqx.format.decode;

import static io.pqx.format.decode.TestingFlatReads.readFlatColumns;
import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
            assertThat(actual.get(i))
                    .as("row %d of %s", i, file.getFileName())
                    .isEqualTo(expected.get(i));
        }
    }
}
