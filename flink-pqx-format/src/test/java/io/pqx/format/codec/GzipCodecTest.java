package io.pqx.format.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;

class GzipCodecTest {

    @Test
    void readsConcatenatedMembersAsOneStream() throws IOException {
        GzipCodec codec = new GzipCodec(6);
        byte[] first = TestingPages.sample(3000, 1);
        byte[] second = TestingPages.sample(5000, 2);
        byte[] a = codec.compress(first, 0, first.length);
        byte[] b = codec.compress(second, 0, second.length);
        byte[] both = new byte[a.length + b.length];
        System.arraycopy(a, 0, both, 0, a.length);
        System.arraycopy(b, 0, both, a.length, b.length);

        byte[] out = codec.decompress(both, 0, both.length, 8000);

        byte[] expected = new byte[8000];
        System.arraycopy(first, 0, expected, 0, 3000);
        System.arraycopy(second, 0, expected, 3000, 5000);
        assertThat(out).isEqualTo(expected);
    }

    @Test
    void reportsTheSizeItFoundWhenTheStreamEndsEarly() throws IOException {
        GzipCodec codec = new GzipCodec(-1);
        byte[] input = TestingPages.sample(100, 3);
        byte[] compressed = codec.compress(input, 0, input.length);
        assertThatThrownBy(() -> codec.decompress(compressed, 0, compressed.length, 150))
                .hasMessage(
                        "GZIP data decompresses to 100 bytes, but the page declares 150"
                                + " uncompressed bytes");
        assertThatThrownBy(() -> codec.decompress(compressed, 0, compressed.length, 50))
                .hasMessage(
                        "GZIP data decompresses to more than the 50 uncompressed bytes the page"
                                + " declares");
        assertThat(codec.name()).isEqualTo(CompressionCodecName.GZIP);
    }

    @Test
    void levelZeroStoresWithoutShrinking() throws IOException {
        byte[] input = new byte[10_000];
        byte[] stored = new GzipCodec(0).compress(input, 0, input.length);
        byte[] best = new GzipCodec(9).compress(input, 0, input.length);
        assertThat(stored.length).isGreaterThan(input.length);
        assertThat(best.length).isLessThan(200);
    }
}
