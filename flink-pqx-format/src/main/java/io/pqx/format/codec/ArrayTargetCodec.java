package io.pqx.format.codec;

import java.io.IOException;

/**
 * A {@link Codec} whose decompression writes into a caller's array: {@link #decompress} checks the
 * declared size, allocates exactly that many bytes and decompresses into them through {@link
 * #decompressInto}, so both entry points take and refuse the same input with the same words.
 */
abstract class ArrayTargetCodec implements Codec {

    @Override
    public final byte[] decompress(byte[] in, int off, int len, int uncompressedLength)
            throws IOException {
        DecompressedSize.requireValid(name(), uncompressedLength, len);
        byte[] out = new byte[uncompressedLength];
        decompressInto(in, off, len, out, uncompressedLength);
        return out;
    }

    @Override
    public abstract void decompressInto(
            byte[] in, int off, int len, byte[] out, int uncompressedLength) throws IOException;
}
