package io.pqx.format.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;

class HadoopLz4CodecTest {
    private final HadoopLz4Codec codec = HadoopLz4Codec.INSTANCE;

    private static byte[] raw(byte[] in, int off, int len) {
        return Lz4RawCodec.INSTANCE.compress(in, off, len);
    }

    /** Hadoop framing: per block [uncompressed len][compressed len][block] per chunk. */
    private static byte[] hadoopFramed(byte[] input, int blockSize, int chunksPerBlock) {
        ByteBuffer out = ByteBuffer.allocate(input.length * 2 + 1024);
        for (int block = 0; block < input.length; block += blockSize) {
            int blockLen = Math.min(blockSize, input.length - block);
            out.putInt(blockLen);
            int chunk = (blockLen + chunksPerBlock - 1) / chunksPerBlock;
            for (int c = block; c < block + blockLen; c += chunk) {
                byte[] compressed = raw(input, c, Math.min(chunk, block + blockLen - c));
                out.putInt(compressed.length).put(compressed);
            }
        }
        return Arrays.copyOf(out.array(), out.position());
    }

    @Test
    void readsOneHadoopFramedBlock() throws IOException {
        byte[] input = TestingPages.sample(5000, 1);
        byte[] framed = hadoopFramed(input, 1 << 20, 1);
        assertThat(codec.decompress(framed, 0, framed.length, input.length)).isEqualTo(input);
    }

    @Test
    void readsSeveralHadoopBlocksEachOfSeveralChunks() throws IOException {
        byte[] input = TestingPages.sample(300_000, 2);
        byte[] framed = hadoopFramed(input, 64 * 1024, 3);
        assertThat(codec.decompress(framed, 0, framed.length, input.length)).isEqualTo(input);
    }

    @Test
    void fallsBackToARawBlockWithoutFraming() throws IOException {
        byte[] input = TestingPages.sample(5000, 3);
        byte[] block = raw(input, 0, input.length);
        assertThat(codec.decompress(block, 0, block.length, input.length)).isEqualTo(input);
    }

    @Test
    void readsAnLz4Frame() throws IOException {
        byte[] input = TestingPages.sample(200_000, 4);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (LZ4FrameOutputStream frame = new LZ4FrameOutputStream(bytes)) {
            frame.write(input);
        }
        byte[] framed = bytes.toByteArray();
        assertThat(codec.decompress(framed, 0, framed.length, input.length)).isEqualTo(input);
    }

    @Test
    void rejectsFramedDataOfAnotherSize() {
        byte[] input = TestingPages.sample(5000, 5);
        byte[] framed = hadoopFramed(input, 1 << 20, 1);
        assertThatThrownBy(() -> codec.decompress(framed, 0, framed.length, 4999))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> codec.decompress(framed, 0, framed.length, 5001))
                .isInstanceOf(IOException.class);
    }

    @Test
    void refusesToCompress() {
        assertThatThrownBy(() -> codec.compress(new byte[1], 0, 1))
                .hasMessage("Cannot compress with LZ4: the codec is deprecated, use LZ4_RAW");
    }
}
