package io.pqx.format.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import java.io.IOException;
import java.lang.ref.Cleaner;
import java.util.Arrays;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * ZSTD through zstd-jni, at a configurable level. Decompression writes into an array of exactly the
 * declared size, so a frame that would produce more fails instead of growing a buffer.
 *
 * <p>Thread-safe: each thread keeps its own native compression and decompression context (a context
 * costs far more to create than a small page costs to decompress). zstd-jni frees a context only on
 * {@code close()}, so a {@link Cleaner} closes a thread's contexts once the thread is gone and its
 * holder unreachable: short-lived encoder threads leak no native memory.
 */
final class ZstdCodec extends ArrayTargetCodec {
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
        Contexts contexts = CONTEXTS.get();
        byte[] out = contexts.output(Math.toIntExact(Zstd.compressBound(len)));
        int n;
        try {
            n =
                    contexts.compress
                            .setLevel(level)
                            .compressByteArray(out, 0, out.length, in, off, len);
        } catch (RuntimeException e) {
            throw new IOException("Cannot compress ZSTD: " + e.getMessage(), e);
        } finally {
            contexts.releaseLargeOutput();
        }
        return Arrays.copyOf(out, n);
    }

    @Override
    public void decompressInto(byte[] in, int off, int len, byte[] out, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        int n;
        try {
            // never writes past out[uncompressedLength - 1]
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
    }

    /**
     * One thread's native contexts, closed by the cleaner when the thread no longer holds them, and
     * its compression output buffer: a page is compressed into it and then copied out at its exact
     * size, so a page costs one array of its compressed size rather than also a fresh (zeroed)
     * array of the codec's worst-case bound.
     */
    private static final class Contexts {
        /** A thread keeps an output buffer up to this size (pages are usually about 1 MiB). */
        private static final int MAX_KEPT_OUTPUT_BYTES = 8 << 20;

        final ZstdCompressCtx compress = new ZstdCompressCtx();
        final ZstdDecompressCtx decompress = new ZstdDecompressCtx();
        private byte[] output = new byte[0];

        /** The output buffer, at least {@code bound} bytes; its content is undefined. */
        byte[] output(int bound) {
            if (output.length < bound) {
                output = new byte[bound];
            }
            return output;
        }

        /** Drops an unusually large output buffer rather than keep it for the thread's life. */
        void releaseLargeOutput() {
            if (output.length > MAX_KEPT_OUTPUT_BYTES) {
                output = new byte[0];
            }
        }

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
