package io.pqx.format.codec;

import com.github.luben.zstd.Zstd;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

import java.io.IOException;
import java.util.Arrays;

/**
 * ZSTD through zstd-jni, at a configurable level. Decompression writes into an array of exactly the
 * declared size, so a frame that would produce more fails instead of growing a buffer. Thread-safe:
 * zstd-jni's static calls create a context per call.
 */
final class ZstdCodec implements Codec {
    private final int level;

    ZstdCodec(int level) {
        if (level < Zstd.minCompressionLevel() || level > Zstd.maxCompressionLevel()) {
            throw new IllegalArgumentException(
                    "Cannot create ZSTD codec: level "
                            + level
                            + " is not in "
                            + Zstd.minCompressionLevel()
                            + ".."
                            + Zstd.maxCompressionLevel());
        }
        this.level = level;
    }

    int level() {
        return level;
    }

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.ZSTD;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) throws IOException {
        byte[] out = new byte[Math.toIntExact(Zstd.compressBound(len))];
        long n = Zstd.compressByteArray(out, 0, out.length, in, off, len, level);
        if (Zstd.isError(n)) {
            throw new IOException("Cannot compress ZSTD: " + Zstd.getErrorName(n));
        }
        return Arrays.copyOf(out, (int) n);
    }

    @Override
    public byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return new byte[0]; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        byte[] out = new byte[uncompressedLength];
        long n;
        try {
            n = Zstd.decompressByteArray(out, 0, uncompressedLength, in, off, len);
        } catch (RuntimeException e) {
            // zstd-jni throws ZstdException (unchecked) on malformed frames.
            throw new IOException("ZSTD data is malformed: " + e.getMessage(), e);
        }
        if (Zstd.isError(n)) {
            throw new IOException("ZSTD data is malformed: " + Zstd.getErrorName(n));
        }
        DecompressedSize.requireExact(name(), n, uncompressedLength);
        return out;
    }
}
