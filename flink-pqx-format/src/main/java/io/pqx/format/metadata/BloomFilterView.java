package io.pqx.format.metadata;

import java.nio.charset.StandardCharsets;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.io.api.Binary;

/**
 * The split-block bloom filter of one column chunk (Parquet's {@code BLOCK} algorithm with XXH64
 * hashing, the only kind the format defines), as {@code ParquetReader.readBloomFilter} returns it.
 * Immutable and thread-safe.
 *
 * <p><b>What it proves.</b> {@code mightContain(v) == false} means no value of the chunk equals
 * {@code v}: a reader looking for {@code v} may skip the chunk. {@code true} proves nothing (false
 * positives occur at the rate the writer sized the filter for).
 *
 * <p><b>Values.</b> A value is hashed as the physical value the column stores, the way every
 * Parquet writer hashes it (PLAIN bytes, XXH64 with seed 0): use {@link #mightContain(int)} for
 * INT32 columns (also DATE, TIME(MILLIS), DECIMAL stored as INT32: its unscaled value, and
 * TINYINT/SMALLINT widened to int), {@link #mightContain(long)} for INT64 (BIGINT, TIMESTAMP in the
 * column's unit, DECIMAL as unscaled long), {@link #mightContain(float)} / {@link
 * #mightContain(double)} for FLOAT / DOUBLE and {@link #mightContain(byte[])} for BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY (binaries, decimals as big-endian two's complement of the column's length);
 * {@link #mightContain(String)} hashes a string's UTF-8 bytes. Asking with another type than the
 * column's gives a meaningless answer (usually false): match the column's {@link
 * LeafColumnView#physicalType()}. BOOLEAN columns have no bloom filters in the format.
 *
 * <p><b>Threads.</b> One view may be asked from several threads at once (a lookup task's threads
 * share the views they cache): parquet-column's filter hashes through a buffer and computes its
 * block mask in an array it keeps, so every question is answered holding the filter's lock.
 */
@PublicEvolving
public final class BloomFilterView {
    private final BlockSplitBloomFilter filter;
    private final int bitsetBytes;

    private BloomFilterView(byte[] bitset) {
        this.filter = new BlockSplitBloomFilter(bitset.clone());
        this.bitsetBytes = bitset.length;
    }

    /**
     * The filter whose bitset is {@code bitset} (the bytes after the filter's header in the file);
     * copied.
     *
     * @throws IllegalArgumentException when the length is not a positive multiple of the 32-byte
     *     block
     */
    public static BloomFilterView ofBitset(byte[] bitset) {
        if (bitset.length == 0 || bitset.length % BlockSplitBloomFilter.LOWER_BOUND_BYTES != 0) {
            throw new IllegalArgumentException(
                    "Cannot read bloom filter: a bitset of "
                            + bitset.length
                            + " bytes is not a whole number of 32-byte blocks");
        }
        return new BloomFilterView(bitset);
    }

    /** Whether an INT32 column's chunk may hold {@code value}. */
    public boolean mightContain(int value) {
        synchronized (filter) {
            return filter.findHash(filter.hash(value));
        }
    }

    /** Whether an INT64 column's chunk may hold {@code value}. */
    public boolean mightContain(long value) {
        synchronized (filter) {
            return filter.findHash(filter.hash(value));
        }
    }

    /** Whether a FLOAT column's chunk may hold {@code value}. */
    public boolean mightContain(float value) {
        synchronized (filter) {
            return filter.findHash(filter.hash(value));
        }
    }

    /** Whether a DOUBLE column's chunk may hold {@code value}. */
    public boolean mightContain(double value) {
        synchronized (filter) {
            return filter.findHash(filter.hash(value));
        }
    }

    /** Whether a BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY column's chunk may hold these bytes. */
    public boolean mightContain(byte[] value) {
        synchronized (filter) {
            return filter.findHash(filter.hash(Binary.fromConstantByteArray(value)));
        }
    }

    /** Whether a string (BYTE_ARRAY, UTF-8) column's chunk may hold {@code value}. */
    public boolean mightContain(String value) {
        return mightContain(value.getBytes(StandardCharsets.UTF_8));
    }

    /** Whether the chunk may hold a value whose XXH64 hash (seed 0, of its PLAIN bytes) is this. */
    public boolean mightContainHash(long hash) {
        synchronized (filter) {
            return filter.findHash(hash);
        }
    }

    /** Bytes of the bitset: the filter's size in the file, without its header. */
    public int bitsetBytes() {
        return bitsetBytes;
    }

    @Override
    public String toString() {
        return "BloomFilterView{" + bitsetBytes + " bytes}";
    }
}
