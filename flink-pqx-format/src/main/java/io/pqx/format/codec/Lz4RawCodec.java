package io.pqx.format.codec;

import java.io.IOException;
import java.util.Arrays;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * LZ4_RAW: one LZ4 block with no framing, through lz4-java. Decompression is bounded by the
 * declared size (the safe decompressor never writes past it). Thread-safe: lz4-java's compressor
 * and decompressor objects are stateless.
 */
final class Lz4RawCodec extends ArrayTargetCodec {
    // Declared before INSTANCE: static fields initialise in order and the constructor needs it.
    private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();

    static final Lz4RawCodec INSTANCE = new Lz4RawCodec();
    private final LZ4Compressor compressor = FACTORY.fastCompressor();
    private final LZ4SafeDecompressor decompressor = FACTORY.safeDecompressor();

    private Lz4RawCodec() {}

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.LZ4_RAW;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) {
        byte[] out = new byte[compressor.maxCompressedLength(len)];
        int n = compressor.compress(in, off, len, out, 0, out.length);
        return Arrays.copyOf(out, n);
    }

    @Override
    public void decompressInto(byte[] in, int off, int len, byte[] out, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        int n = decompressBlock(in, off, len, out, 0, uncompressedLength);
        DecompressedSize.requireExact(name(), n, uncompressedLength);
    }

    /**
     * Decompresses one raw block into {@code out[outOff, outOff + maxLen)}; returns the number of
     * bytes produced.
     */
    int decompressBlock(byte[] in, int off, int len, byte[] out, int outOff, int maxLen)
            throws IOException {
        if (len == 0) {
            // lz4-java rejects an empty block; an empty block is the encoding of no bytes.
            return 0;
        }
        try {
            return decompressor.decompress(in, off, len, out, outOff, maxLen);
        } catch (LZ4Exception | ArrayIndexOutOfBoundsException e) {
            throw new IOException("LZ4 block is malformed: " + e.getMessage(), e);
        }
    }
}
