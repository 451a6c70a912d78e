package io.pqx.format.stats;

import io.pqx.format.crypto.ChunkDecryptor;
import io.pqx.format.crypto.ModuleType;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.FileContext;
import io.pqx.format.footer.BoundedThrift;
import io.pqx.format.footer.ColumnChunkMetadata;
import io.pqx.format.footer.FileRange;
import io.pqx.format.io.InputFile;
import io.pqx.format.io.PositionOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.format.BloomFilterAlgorithm;
import org.apache.parquet.format.BloomFilterCompression;
import org.apache.parquet.format.BloomFilterHash;
import org.apache.parquet.format.BloomFilterHeader;
import org.apache.parquet.format.SplitBlockAlgorithm;
import org.apache.parquet.format.Uncompressed;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.XxHash;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Split-block bloom filters of column chunks, in the format's layout: a Thrift {@link
 * BloomFilterHeader} followed by the bitset. The filter itself is parquet-column's {@link
 * BlockSplitBloomFilter} (XXH64 hashing), so values hash the same way in every engine.
 *
 * <p>The writer calls {@link #write} after the row groups and records the returned range in the
 * column metadata; the reader calls {@link #read(InputFile, ColumnChunkMetadata, FileContext)}. A
 * filter of an algorithm, hash or compression this version does not know is reported as absent
 * (logged at DEBUG), never as an error; a filter whose sizes contradict the file is corrupt. An
 * encrypted chunk's filter is decrypted (header and bitset modules); without the chunk's key it
 * counts as absent, and one that does not authenticate fails with a {@link
 * io.pqx.format.error.DecryptionFailedException}. Stateless and thread-safe.
 */
@Internal
public final class BloomFilters {
    private static final Logger LOG = LoggerFactory.getLogger(BloomFilters.class);

    /** The largest bitset accepted, as parquet-column bounds it when writing. */
    public static final int MAX_BITSET_BYTES = BlockSplitBloomFilter.UPPER_BOUND_BYTES;

    /** A split block: eight 32-bit words. */
    private static final int BYTES_PER_BLOCK = 32;

    /** Bytes fetched for the header when the footer does not record the filter's length. */
    private static final int HEADER_PROBE_BYTES = 64;

    private static final String WHAT = "Cannot read bloom filter";

    private BloomFilters() {}

    /**
     * Writes {@code filter} (header, then bitset) at the stream's position.
     *
     * @return the range written: the footer records its offset and length
     */
    public static FileRange write(PositionOutputStream out, BloomFilter filter) throws IOException {
        long start = out.position();
        Util.writeBloomFilterHeader(header(filter), out);
        filter.writeTo(out);
        return new FileRange(start, out.position() - start);
    }

    /** The header of {@code filter}: split-block, xxHash, uncompressed. */
    static BloomFilterHeader header(BloomFilter filter) {
        return new BloomFilterHeader(
                filter.getBitsetSize(),
                BloomFilterAlgorithm.BLOCK(new SplitBlockAlgorithm()),
                BloomFilterHash.XXHASH(new XxHash()),
                BloomFilterCompression.UNCOMPRESSED(new Uncompressed()));
    }

    /**
     * Reads the bloom filter of {@code chunk}.
     *
     * @return the filter; empty when the chunk has none or one of an unsupported kind
     * @throws CorruptFileException when the filter's sizes contradict the file
     */
    public static Optional<BloomFilter> read(
            InputFile file, ColumnChunkMetadata chunk, FileContext ctx) throws IOException {
        Optional<FileRange> range = chunk.bloomFilter();
        if (range.isEmpty()) {
            return Optional.empty();
        }
        if (chunk.decryptor() != null) {
            return readEncrypted(
                    file, range.get().offset(), range.get().length(), chunk.decryptor(), ctx);
        }
        return read(file, range.get().offset(), range.get().length(), ctx);
    }

    /**
     * An encrypted chunk's filter: a header module then a bitset module, each AES-GCM with its
     * length field first. Empty when the chunk's key is missing (no pruning without evidence).
     */
    private static Optional<BloomFilter> readEncrypted(
            InputFile file, long offset, long length, ChunkDecryptor decryptor, FileContext ctx)
            throws IOException {
        if (!decryptor.hasKey()) {
            return Optional.empty();
        }
        long fileLength = file.length();
        if (offset < 0 || offset >= fileLength) {
            throw ctx.corrupt(WHAT, "its offset " + offset + " lies outside the file");
        }
        byte[] header = readModule(file, offset, ModuleType.BLOOM_FILTER_HEADER, decryptor, ctx);
        BloomFilterHeader thrift = new BloomFilterHeader();
        try {
            BoundedThrift.read(thrift, header, 0, header.length);
        } catch (IOException e) {
            throw ctx.corrupt(WHAT, "its header is not valid Thrift: " + e.getMessage(), e);
        }
        if (!isSupported(thrift, ctx)) {
            return Optional.empty();
        }
        long headerModule = moduleLength(file, offset, decryptor, ctx);
        long bitsetAt = offset + headerModule;
        int numBytes = thrift.getNumBytes();
        long bitsetModule =
                bitsetAt < fileLength ? moduleLength(file, bitsetAt, decryptor, ctx) : -1;
        if (numBytes <= 0
                || numBytes > MAX_BITSET_BYTES
                || numBytes % BYTES_PER_BLOCK != 0
                || bitsetModule != numBytes + decryptor.overhead(ModuleType.BLOOM_FILTER_BITSET)
                || (length >= 0 && headerModule + bitsetModule != length)) {
            throw ctx.corrupt(
                    WHAT,
                    "its bitset of "
                            + numBytes
                            + " bytes does not fit (header module "
                            + headerModule
                            + " bytes, bitset module "
                            + bitsetModule
                            + " bytes, recorded length "
                            + length
                            + ")");
        }
        byte[] bitset = readModule(file, bitsetAt, ModuleType.BLOOM_FILTER_BITSET, decryptor, ctx);
        return Optional.of(new BlockSplitBloomFilter(bitset));
    }

    /** The length of the module at {@code offset}, its length field included, checked. */
    private static long moduleLength(
            InputFile file, long offset, ChunkDecryptor decryptor, FileContext ctx)
            throws IOException {
        long available = file.length() - offset;
        if (available < 4) {
            throw ctx.corrupt(WHAT, "its module at " + offset + " runs past the end of the file");
        }
        byte[] field = file.readFully(offset, 4);
        long length =
                Integer.toUnsignedLong(
                                (field[0] & 0xFF)
                                        | ((field[1] & 0xFF) << 8)
                                        | ((field[2] & 0xFF) << 16)
                                        | ((field[3] & 0xFF) << 24))
                        + 4;
        if (length > available || length > MAX_BITSET_BYTES + HEADER_PROBE_BYTES * 2L) {
            throw ctx.corrupt(
                    WHAT,
                    "its module at "
                            + offset
                            + " declares "
                            + length
                            + " bytes, more than the "
                            + available
                            + " left in the file or a filter may hold");
        }
        return length;
    }

    private static byte[] readModule(
            InputFile file, long offset, ModuleType type, ChunkDecryptor decryptor, FileContext ctx)
            throws IOException {
        int length = (int) moduleLength(file, offset, decryptor, ctx);
        byte[] module = file.readFully(offset, length);
        return decryptor.decrypt(type, 0, module, 0, length);
    }

    /**
     * Reads the filter at {@code offset}.
     *
     * @param length the recorded length (header and bitset), or -1 when not recorded
     * @return the filter, or empty when it uses an algorithm, hash or compression pqx does not know
     * @throws CorruptFileException when the header is not valid Thrift or the sizes do not fit the
     *     file
     */
    public static Optional<BloomFilter> read(
            InputFile file, long offset, long length, FileContext ctx) throws IOException {
        long fileLength = file.length();
        if (offset < 0 || offset >= fileLength) {
            throw ctx.corrupt(WHAT, "its offset " + offset + " lies outside the file");
        }
        long available = fileLength - offset;
        long probe = length >= 0 ? length : Math.min(available, HEADER_PROBE_BYTES);
        if (probe > available || probe > MAX_BITSET_BYTES + HEADER_PROBE_BYTES) {
            throw ctx.corrupt(
                    WHAT,
                    "its length "
                            + length
                            + " exceeds the "
                            + available
                            + " bytes left in the file");
        }
        byte[] bytes = file.readFully(offset, (int) probe);
        BloomFilterHeader header = new BloomFilterHeader();
        int headerLength;
        try {
            headerLength = BoundedThrift.read(header, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw ctx.corrupt(WHAT, "its header is not valid Thrift: " + e.getMessage(), e);
        }
        if (!isSupported(header, ctx)) {
            return Optional.empty();
        }
        byte[] bitset =
                bitset(file, offset, length, bytes, headerLength, header.getNumBytes(), ctx);
        return Optional.of(new BlockSplitBloomFilter(bitset));
    }

    private static byte[] bitset(
            InputFile file,
            long offset,
            long length,
            byte[] probed,
            int headerLength,
            int numBytes,
            FileContext ctx)
            throws IOException {
        long left = file.length() - offset - headerLength;
        if (numBytes <= 0
                || numBytes > MAX_BITSET_BYTES
                || numBytes > left
                // whole 32-byte blocks: a shorter bitset has no block, and probing it would fail
                || numBytes % BYTES_PER_BLOCK != 0
                || (length >= 0 && headerLength + (long) numBytes != length)) {
            throw ctx.corrupt(
                    WHAT,
                    "its bitset of "
                            + numBytes
                            + " bytes does not fit (header "
                            + headerLength
                            + " bytes, recorded length "
                            + length
                            + ", "
                            + left
                            + " bytes left in the file)");
        }
        if (headerLength + numBytes <= probed.length) {
            return Arrays.copyOfRange(probed, headerLength, headerLength + numBytes);
        }
        return file.readFully(offset + headerLength, numBytes);
    }

    private static boolean isSupported(BloomFilterHeader header, FileContext ctx) {
        boolean supported =
                header.getAlgorithm() != null
                        && header.getAlgorithm().isSetBLOCK()
                        && header.getHash() != null
                        && header.getHash().isSetXXHASH()
                        && header.getCompression() != null
                        && header.getCompression().isSetUNCOMPRESSED();
        if (!supported) {
            LOG.debug("Ignoring a bloom filter of unsupported kind {} {}", header, ctx);
        }
        return supported;
    }
}
