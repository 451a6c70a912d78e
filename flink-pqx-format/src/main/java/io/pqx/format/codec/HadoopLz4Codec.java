package io.pqx.format.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import net.jpountz.lz4.LZ4FrameInputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The deprecated LZ4 codec id, read only. Writers disagree on what it means, so this reads, in
 * order of preference:
 *
 * <ol>
 *   <li>Hadoop's framing (parquet-java, older Arrow): one or more blocks of [4-byte big-endian
 *       uncompressed length] followed by chunks of [4-byte big-endian compressed length][raw LZ4
 *       block] until the block's uncompressed length is reached;
 *   <li>an LZ4 frame (magic {@code 04 22 4D 18}), as some writers produce;
 *   <li>a single raw LZ4 block (parquet-cpp before the Hadoop framing was adopted).
 * </ol>
 *
 * <p>Writing is refused: writers use LZ4_RAW. Thread-safe and stateless.
 */
final class HadoopLz4Codec implements Codec {
    static final HadoopLz4Codec INSTANCE = new HadoopLz4Codec();

    private static final int FRAME_MAGIC = 0x184D2204;

    private HadoopLz4Codec() {}

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.LZ4;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) throws IOException {
        throw new IOException("Cannot compress with LZ4: the codec is deprecated, use LZ4_RAW");
    }

    @Override
    public byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return new byte[0]; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        byte[] out = new byte[uncompressedLength];
        if (tryHadoopFraming(in, off, len, out)) {
            return out;
        }
        if (len >= 4 && littleEndianInt(in, off) == FRAME_MAGIC) {
            try (LZ4FrameInputStream frame =
                    new LZ4FrameInputStream(new ByteArrayInputStream(in, off, len))) {
                return DecompressedSize.readExactly(name(), frame, uncompressedLength);
            } catch (RuntimeException e) {
                throw new IOException("LZ4 frame is malformed: " + e.getMessage(), e);
            }
        }
        int n = Lz4RawCodec.INSTANCE.decompressBlock(in, off, len, out, 0, uncompressedLength);
        DecompressedSize.requireExact(name(), n, uncompressedLength);
        return out;
    }

    /**
     * Decodes Hadoop-framed blocks into {@code out}; false when the bytes do not follow that
     * framing exactly (lengths that do not add up, or a block that fails to decompress).
     */
    private static boolean tryHadoopFraming(byte[] in, int off, int len, byte[] out) {
        int pos = off;
        int end = off + len;
        int produced = 0;
        while (pos < end) {
            if (end - pos < 4) {
                return false;
            }
            long blockSize = bigEndianInt(in, pos) & 0xFFFFFFFFL;
            pos += 4;
            if (blockSize > out.length - produced) {
                return false;
            }
            if (blockSize == 0) {
                // An empty block: Hadoop's stream writes no chunk for it, arrow-rs writes one
                // chunk holding an empty LZ4 block (e.g. the empty dictionary of an all-null
                // column). Either is valid framing of nothing.
                pos += emptyChunkLength(in, pos, end);
                continue;
            }
            if (end - pos < 4) {
                return false;
            }
            int blockEnd = produced + (int) blockSize;
            while (produced < blockEnd) {
                if (end - pos < 4) {
                    return false;
                }
                long chunkSize = bigEndianInt(in, pos) & 0xFFFFFFFFL;
                pos += 4;
                if (chunkSize > end - pos) {
                    return false;
                }
                int n = decompressOrFail(in, pos, (int) chunkSize, out, produced, blockEnd);
                if (n < 0) {
                    return false;
                }
                produced += n;
                pos += (int) chunkSize;
            }
        }
        return produced == out.length;
    }

    /**
     * The length (header included) of the chunk at {@code pos} when one is there and holds an LZ4
     * block that decodes to nothing; 0 otherwise, leaving the bytes to be read as the next block.
     */
    private static int emptyChunkLength(byte[] in, int pos, int end) {
        if (end - pos < 5) {
            return 0;
        }
        long chunkSize = bigEndianInt(in, pos) & 0xFFFFFFFFL;
        if (chunkSize == 0 || chunkSize > end - pos - 4) {
            return 0;
        }
        try {
            int n =
                    Lz4RawCodec.INSTANCE.decompressBlock(
                            in, pos + 4, (int) chunkSize, new byte[0], 0, 0);
            return n == 0 ? 4 + (int) chunkSize : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Bytes produced, or -1 when the chunk is not a valid LZ4 block fitting the space left. */
    private static int decompressOrFail(
            byte[] in, int pos, int size, byte[] out, int produced, int blockEnd) {
        if (size == 0) {
            return -1; // an empty chunk cannot make progress: not Hadoop framing
        }
        try {
            int n =
                    Lz4RawCodec.INSTANCE.decompressBlock(
                            in, pos, size, out, produced, blockEnd - produced);
            return n > 0 ? n : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private static int bigEndianInt(byte[] b, int i) {
        return ((b[i] & 0xFF) << 24)
                | ((b[i + 1] & 0xFF) << 16)
                | ((b[i + 2] & 0xFF) << 8)
                | (b[i + 3] & 0xFF);
    }

    private static int littleEndianInt(byte[] b, int i) {
        return (b[i] & 0xFF)
                | ((b[i + 1] & 0xFF) << 8)
                | ((b[i + 2] & 0xFF) << 16)
                | ((b[i + 3] & 0xFF) << 24);
    }
}
