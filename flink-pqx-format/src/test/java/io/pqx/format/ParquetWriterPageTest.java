package io.pqx.format;

import static io.pqx.format.TestingNameRows.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.options.BloomFilterSpec;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page, page index, bloom filter and checksum options of the writer. (What pqx writes with them is
 * checked with parquet-java in e2e-tests' {@code ParquetWriterPageParquetJavaTest}.)
 */
class ParquetWriterPageTest {
    @TempDir Path dir;

    @Test
    void bloomFilterOnAnUnknownColumnIsRejected() {
        WriteOptions options =
                WriteOptions.builder().bloomFilter("nope", new BloomFilterSpec(10, 0.01)).build();
        assertThatThrownBy(() -> write(dir, options, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot write file: bloomFilters names column nope, which is not a leaf"
                                + " column of the schema (leaves: id, name)");
        assertThat(dir.resolve("p.parquet")).doesNotExist();
    }
}
