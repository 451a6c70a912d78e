package io.pqx.format.codec;

import java.io.IOException;
import java.util.Arrays;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** The identity codec: stores page bytes as they are. Stateless and thread-safe. */
final class UncompressedCodec extends ArrayTargetCodec {
    static final UncompressedCodec INSTANCE = new UncompressedCodec();

    private UncompressedCodec() {}

    @Override
    public CompressionCodecName name() {
        return CompressionCodecName.UNCOMPRESSED;
    }

    @Override
    public byte[] compress(byte[] in, int off, int len) {
        return Arrays.copyOfRange(in, off, off + len);
    }

    @Override
    public void decompressInto(byte[] in, int off, int len, byte[] out, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        DecompressedSize.requireExact(name(), len, uncompressedLength);
        System.arraycopy(in, off, out, 0, len);
    }
}
