package io.pqx.e2e.interop.format.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.stats.TestingBloomFilters;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bloom filters pqx reads from real files equal the ones parquet-java reads. */
class BloomFiltersParquetJavaTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "data_index_bloom_encoding_stats.parquet",
                "data_index_bloom_encoding_with_length.parquet"
            })
    void readsTheFiltersOfRealFilesAsParquetJavaDoes(String name) throws IOException {
        BloomFilter ours = TestingBloomFilters.firstChunksFilter(name);
        Path path = TestingParquetFiles.data(name);
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(path))) {
            BloomFilter theirs =
                    reader.readBloomFilter(reader.getRowGroups().get(0).getColumns().get(0));
            assertThat(ours).isEqualTo(theirs);
        }
    }
}
