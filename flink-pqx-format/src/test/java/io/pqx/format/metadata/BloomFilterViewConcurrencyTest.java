package io.pqx.format.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.junit.jupiter.api.Test;

/**
 * A view shared by threads never denies a value its chunk holds: parquet-column's filter hashes
 * through a buffer and builds its block mask in an array it keeps, which unserialized threads
 * garbled into false negatives (a lookup task's threads then skipped row groups holding the key).
 */
class BloomFilterViewConcurrencyTest {
    @Test
    void threadsAskingOneViewAtOnceGetNoFalseNegatives() throws Exception {
        BlockSplitBloomFilter writer =
                new BlockSplitBloomFilter(BlockSplitBloomFilter.optimalNumOfBits(10_000, 0.01) / 8);
        for (long v = 0; v < 10_000; v++) {
            writer.insertHash(writer.hash(v * 7));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.writeTo(out);
        BloomFilterView view = BloomFilterView.ofBitset(out.toByteArray());
        for (long v = 0; v < 10_000; v++) {
            assertThat(view.mightContain(v * 7)).isTrue();
        }
        AtomicLong denied = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread =
                    new Thread(
                            () -> {
                                for (int round = 0; round < 50; round++) {
                                    for (long v = 0; v < 10_000; v++) {
                                        if (!view.mightContain(v * 7)) {
                                            denied.incrementAndGet();
                                        }
                                    }
                                }
                            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(denied.get()).as("values denied though held").isZero();
    }
}
