package io.pqx.format.options;

import org.apache.flink.annotation.PublicEvolving;

/**
 * How to size the split-block bloom filter of one column: for {@code ndv} distinct values per row
 * group, aim at a false-positive probability of {@code fpp}. The filter is sized once per column
 * chunk from these numbers (parquet-column's {@code BlockSplitBloomFilter.optimalNumOfBits}),
 * capped at 1 MiB.
 *
 * @param ndv expected number of distinct values in one row group, {@code > 0}
 * @param fpp wanted false-positive probability, in {@code (0, 1)}
 */
@PublicEvolving
public record BloomFilterSpec(long ndv, double fpp) {}
