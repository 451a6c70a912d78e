package io.pqx.format.codec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * GZIP (RFC 1952) through {@code java.util.zip}. Reading accepts several concatenated gzip members
 * in one page, as some writers produce (parquet-testing {@code concatenated_gzip_members.parquet}).
 * Thread-safe: each call creates and releases its own deflater or inflater.
 */
final class GzipCodec implements Codec {
    private final int level;

    /**
     * @param level a {@link Deflater} level 0..9, or -1 for the default
     */
    GzipCodec(int level) {
        if (level < Deflater.DEFAULT_COMPRESSION || level > Deflater.BEST_COMPRESSION) {
            throw new IllegalArgumentException(
                    "Cannot create GZIP codec: level " + level + " is not in -1..9");
        }
        this.level = level;
    }

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.GZIP;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.max(64, len / 2));
        try (GZIPOutputStream gzip = new LeveledGzipOutputStream(bytes, level)) {
            gzip.write(in, off, len);
        }
        return bytes.toByteArray();
    }

    @Override
    public byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return new byte[0]; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        // GZIPInputStream reads the next member when one follows a member's trailer.
        try (GZIPInputStream gzip = new GZIPInputStream(new ByteArrayInputStream(in, off, len))) {
            return DecompressedSize.readExactly(name(), gzip, uncompressedLength);
        }
    }

    /** A {@link GZIPOutputStream} whose deflater uses the configured level. */
    private static final class LeveledGzipOutputStream extends GZIPOutputStream {
        LeveledGzipOutputStream(ByteArrayOutputStream out, int level) throws IOException {
            super(out, 64 * 1024);
            def.setLevel(level);
        }
    }
}
