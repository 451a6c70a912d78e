package io.pqx.format.stats;

import io.pqx.format.crypto.ChunkEncryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.footer.FileRange;
import io.pqx.format.io.PositionOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.format.Util;

/**
 * Writes the bloom filter of an encrypted column: its header and its bitset, each an AES-GCM module
 * bound to the column's row group and column ordinals; the range covers both modules. Stateless.
 */
@Internal
public final class EncryptedBloomFilters {
    private EncryptedBloomFilters() {}

    public static FileRange write(
            PositionOutputStream out, BloomFilter filter, ChunkEncryptor encryptor, int rowGroup)
            throws IOException {
        long start = out.position();
        ByteArrayOutputStream header = new ByteArrayOutputStream(32);
        Util.writeBloomFilterHeader(BloomFilters.header(filter), header);
        out.write(
                encryptor.encrypt(
                        ModuleType.BLOOM_FILTER_HEADER, rowGroup, 0, header.toByteArray()));
        ByteArrayOutputStream bitset = new ByteArrayOutputStream(filter.getBitsetSize());
        filter.writeTo(bitset);
        out.write(
                encryptor.encrypt(
                        ModuleType.BLOOM_FILTER_BITSET, rowGroup, 0, bitset.toByteArray()));
        return new FileRange(start, out.position() - start);
    }
}
