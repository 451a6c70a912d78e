package io.pqx.format.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ZstdCodecTest {

    @Test
    void readsSeveralConcatenatedFrames() throws IOException {
        ZstdCodec codec = new ZstdCodec(3);
        byte[] first = TestingPages.sample(10_000, 1);
        byte[] second = TestingPages.sample(7_000, 2);
        byte[] a = codec.compress(first, 0, first.length);
        byte[] b = codec.compress(second, 0, second.length);
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);

        byte[] out = codec.decompress(both, 0, both.length, 17_000);

        assertThat(out).startsWith(first);
        assertThat(Arrays.copyOfRange(out, 10_000, 17_000)).isEqualTo(second);
    }

    @Test
    void reportsTheSizeMismatchInItsMessage() throws IOException {
        ZstdCodec codec = new ZstdCodec(1);
        byte[] input = TestingPages.sample(1000, 3);
        byte[] compressed = codec.compress(input, 0, input.length);
        assertThatThrownBy(() -> codec.decompress(compressed, 0, compressed.length, 1001))
                .hasMessage(
                        "ZSTD data decompresses to 1000 bytes, but the page declares 1001"
                                + " uncompressed bytes");
    }
}
