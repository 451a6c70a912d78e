package io.pqx.format.codec;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SnappyCodecTest {

    @Test
    void rejectsABlockDeclaringMoreBytesThanThePageBeforeAllocating() {
        // Snappy's varint header claims 2^31 - 1 bytes; the page declares 16.
        byte[] block = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0, 0, 0};
        assertThatThrownBy(() -> SnappyCodec.INSTANCE.decompress(block, 0, block.length, 16))
                .hasMessage(
                        "SNAPPY data decompresses to 2147483647 bytes, but the page declares 16"
                                + " uncompressed bytes");
    }
}
