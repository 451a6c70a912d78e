package io.pqx.format.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.util.Arrays;

/**
 * ZSTD through zstd-jni, at a configurable level. Decompression writes into an array of exactly the
 * declared size, so a frame that would produce more fails instead of growing a buffer.
 *
 * <p>Thread-safe: each thread keeps its own native compression and decompression context (a context
 * costs far more to create than a small page costs to decompress). zstd-jni frees a context only on
 * {@code close()}, so a {@link Cleaner} closes a thread's contexts once the thread is gone and its
 * holder unreachable: short-lived encoder threads leak no native memory.
 */
final class ZstdCodec implements Codec {
    private static final Cleaner CLEANER = Cleaner.create();
    private static final ThreadLocal<Contexts> CONTEXTS = ThreadLocal.withInitial(Contexts::new);

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
        int n;
        try {
            n =
                    CONTEXTS.get()
                            .compress
                            .setLevel(level)
                            .compressByteArray(out, 0, out.length, in, off, len);
        } catch (RuntimeException e) {
            throw new IOException("Cannot compress ZSTD: " + e.getMessage(), e);
        }
        return Arrays.copyOf(out, n);
    }

    @Override
    public byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return new byte[0]; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        byte[] out = new byte[uncompressedLength];
        int n;
        try {
            n =
                    CONTEXTS.get()
                            .decompress
                            .decompressByteArray(out, 0, uncompressedLength, in, off, len);
        } catch (RuntimeException e) {
            // zstd-jni throws ZstdException (unchecked) on malformed frames and on output that
            // would exceed the declared size.
            throw new IOException("ZSTD data is malformed: " + e.getMessage(), e);
        }
        DecompressedSize.requireExact(name(), n, uncompressedLength);
        return out;
    }

    /** One thread's native contexts, closed by the cleaner when the thread no longer holds them. */
    private static final class Contexts {
        final ZstdCompressCtx compress = new ZstdCompressCtx();
        final ZstdDecompressCtx decompress = new ZstdDecompressCtx();

        Contexts() {
            ZstdCompressCtx c = compress;
            ZstdDecompressCtx d = decompress;
            CLEANER.register(
                    this,
                    () -> {
                        c.close();
                        d.close();
                    });
        }
    }
}
