package io.pqx.format.codec;

import java.io.IOException;
import java.io.InputStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The size checks every {@link Codec} applies when decompressing, so every codec reports a size
 * mismatch with the same words. Stateless.
 */
final class DecompressedSize {
    private DecompressedSize() {}

    /** Rejects a negative declared size before anything is allocated. */
    static void requireValid(CompressionCodecName codec, int uncompressedLength, int len)
            throws IOException {
        if (uncompressedLength < 0) {
            throw new IOException(
                    codec + " page declares a negative uncompressed size " + uncompressedLength);
        }
        if (len < 0) {
            throw new IOException(codec + " page has a negative compressed size " + len);
        }
    }

    /** Throws unless {@code actual == expected}. */
    static void requireExact(CompressionCodecName codec, long actual, int expected)
            throws IOException {
        if (actual != expected) {
            throw mismatch(codec, actual, expected);
        }
    }

    static IOException mismatch(CompressionCodecName codec, long actual, int expected) {
        return new IOException(
                codec
                        + " data decompresses to "
                        + actual
                        + " bytes, but the page declares "
                        + expected
                        + " uncompressed bytes");
    }

    static IOException tooLong(CompressionCodecName codec, int expected) {
        return new IOException(
                codec
                        + " data decompresses to more than the "
                        + expected
                        + " uncompressed bytes the page declares");
    }

    /**
     * Reads exactly {@code expected} bytes from a decompressing stream into a new array and checks
     * that the stream ends there: never buffers more than {@code expected} bytes.
     */
    static byte[] readExactly(CompressionCodecName codec, InputStream in, int expected)
            throws IOException {
        byte[] out = new byte[expected];
        int done = 0;
        while (done < expected) {
            int n = in.read(out, done, expected - done);
            if (n < 0) {
                throw mismatch(codec, done, expected);
            }
            done += n;
        }
        if (in.read() >= 0) {
            throw tooLong(codec, expected);
        }
        return out;
    }
}
