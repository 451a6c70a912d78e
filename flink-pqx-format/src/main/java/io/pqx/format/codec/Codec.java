package io.pqx.format.codec;

import java.io.IOException;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * One Parquet compression codec: compresses a page body on write and decompresses it on read.
 *
 * <p>Obtained from {@link Codecs}; called by the page writer (possibly from several encoder threads
 * at once) and by the page reader. Implementations are stateless and thread-safe: every call uses
 * its own native context, deflater or buffer.
 *
 * <p>Decompression is strict: it never allocates more than the declared uncompressed length, and it
 * throws an {@link IOException} when the input does not decompress to exactly that many bytes. The
 * page reader turns that exception into a {@link io.pqx.format.error.CorruptFileException} naming
 * the file, row group and column.
 */
@Internal
public interface Codec {

    /** The codec's name, as recorded in the column chunk metadata. */
    CompressionCodecName name();

    /**
     * Compresses {@code len} bytes of {@code in} starting at {@code off}.
     *
     * @return a new array holding exactly the compressed bytes
     * @throws IOException when the codec cannot compress (for example a read-only codec)
     */
    byte[] compress(byte[] in, int off, int len) throws IOException;

    /**
     * Decompresses {@code len} bytes of {@code in} starting at {@code off} into a new array of
     * exactly {@code uncompressedLength} bytes.
     *
     * @throws IOException when the input is not valid for this codec or does not decompress to
     *     exactly {@code uncompressedLength} bytes
     */
    byte[] decompress(byte[] in, int off, int len, int uncompressedLength) throws IOException;

    /**
     * Decompresses like {@link #decompress(byte[], int, int, int)}, into {@code out[0,
     * uncompressedLength)} instead of a new array (a reader's reused page buffer); {@code out}'s
     * other bytes are left undefined. Equally strict: the same input fails with the same words.
     *
     * @param out at least {@code uncompressedLength} bytes long
     */
    default void decompressInto(byte[] in, int off, int len, byte[] out, int uncompressedLength)
            throws IOException {
        byte[] bytes = decompress(in, off, len, uncompressedLength);
        System.arraycopy(bytes, 0, out, 0, uncompressedLength);
    }
}
