package io.pqx.format.codec;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;
import org.xerial.snappy.SnappyError;

/**
 * SNAPPY through snappy-java (raw Snappy blocks, as Parquet stores them). Stateless and
 * thread-safe: snappy-java's static calls keep no state between calls.
 */
final class SnappyCodec extends ArrayTargetCodec {
    static final SnappyCodec INSTANCE = new SnappyCodec();

    private SnappyCodec() {}

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.SNAPPY;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) throws IOException {
        byte[] out = new byte[Snappy.maxCompressedLength(len)];
        int n = Snappy.compress(in, off, len, out, 0);
        return Arrays.copyOf(out, n);
    }

    @Override
    public void decompressInto(byte[] in, int off, int len, byte[] out, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        if (len == 0 && uncompressedLength == 0) {
            return; // no bytes to decompress (e.g. an empty v2 page): not a stream
        }
        try {
            // The block header states its own length: check it before writing anything.
            int declared = Snappy.uncompressedLength(in, off, len);
            DecompressedSize.requireExact(name(), declared, uncompressedLength);
            int n = Snappy.uncompress(in, off, len, out, 0);
            DecompressedSize.requireExact(name(), n, uncompressedLength);
        } catch (SnappyError | RuntimeException e) {
            // snappy-java signals some malformed inputs with an Error or unchecked exception.
            throw new IOException("SNAPPY data is malformed: " + e.getMessage(), e);
        }
    }
}
