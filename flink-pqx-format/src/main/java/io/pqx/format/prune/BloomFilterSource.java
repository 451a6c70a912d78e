package io.pqx.format.prune;

import io.pqx.format.metadata.BloomFilterView;
import java.io.IOException;
import java.util.Optional;
import org.apache.flink.annotation.PublicEvolving;

/**
 * Hands the {@link BloomFilterPruner} the bloom filter of one leaf's chunk, typically {@code
 * ParquetReader::readBloomFilter} ({@code ParquetReader.bloomFilterSource()}).
 */
@FunctionalInterface
@PublicEvolving
public interface BloomFilterSource {
    /**
     * The bloom filter of leaf {@code leafIndex} in row group {@code rowGroup}, empty when there is
     * none the reader can use.
     *
     * @throws IOException when it could not be read (the pruner proves nothing with it)
     */
    Optional<BloomFilterView> bloomFilter(int rowGroup, int leafIndex) throws IOException;
}
