package io.pqx.format.codec;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.brotli.dec.BrotliInputStream;

/**
 * BROTLI, read only, through the pure-Java decoder {@code org.brotli:dec}. Writing is refused (no
 * well-kept pure-Java encoder exists). Thread-safe: each call creates its own decoder.
 */
final class BrotliCodec implements Codec {
    static final BrotliCodec INSTANCE = new BrotliCodec();

    private BrotliCodec() {}

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.BROTLI;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) throws IOException {
        throw new IOException(
                "Cannot compress with BROTLI: pqx reads BROTLI but does not write it");
    }

    @Override
    public byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return new byte[0]; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        try (BrotliInputStream brotli =
                new BrotliInputStream(new ByteArrayInputStream(in, off, len))) {
            return DecompressedSize.readExactly(name(), brotli, uncompressedLength);
        } catch (RuntimeException e) {
            throw new IOException("BROTLI data is malformed: " + e.getMessage(), e);
        }
    }
}
