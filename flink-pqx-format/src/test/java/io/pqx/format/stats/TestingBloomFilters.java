package io.pqx.format.stats;

import io.pqx.format.TestingParquetFiles;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FooterReader;
import io.pqx.format.footer.TestingFooters;
import io.pqx.format.io.ByteArrayInputFile;
import io.pqx.format.io.InputFile;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;

/** Bloom filters as pqx reads them from files, for the bloom filter tests here and in e2e-tests. */
public final class TestingBloomFilters {

    private TestingBloomFilters() {}

    /** pqx's read of the bloom filter of the first chunk of a parquet-testing file. */
    public static BloomFilter firstChunksFilter(String name) throws IOException {
        Path path = TestingParquetFiles.data(name);
        InputFile file = new ByteArrayInputFile(name, TestingFooters.bytes(path));
        ColumnChunkMetadata chunk =
                FooterReader.read(file, 1 << 20).rowGroups().get(0).columns().get(0);
        return BloomFilters.read(file, chunk, chunk.context()).orElseThrow();
    }
}
