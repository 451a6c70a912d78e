package io.pqx.format.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import io.pqx.format.error.FileContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * The "empty" edge of every codec: a page (or dictionary page) of zero uncompressed bytes, as
 * writers produce for all-null columns and empty dictionaries, must decompress to an empty array,
 * whether the writer stored no bytes at all or the codec's own encoding of nothing.
 */
class EmptyPagesCodecsTest {
    private static final byte[] NOTHING = new byte[0];

    private static Codec reading(CompressionCodec codec) throws IOException {
        return Codecs.forReading(codec, FileContext.of("empty.parquet"));
    }

    private static byte[] decompressEmpty(CompressionCodec codec, byte[] compressed)
            throws IOException {
        return reading(codec).decompress(compressed, 0, compressed.length, 0);
    }

    @Test
    void everyCodecReadsAPageOfNoBytes() throws IOException {
        for (CompressionCodec codec :
                new CompressionCodec[] {
                    CompressionCodec.UNCOMPRESSED,
                    CompressionCodec.SNAPPY,
                    CompressionCodec.GZIP,
                    CompressionCodec.ZSTD,
                    CompressionCodec.LZ4_RAW,
                    CompressionCodec.LZ4,
                    CompressionCodec.BROTLI
                }) {
            assertThat(decompressEmpty(codec, NOTHING)).as("%s", codec).isEmpty();
        }
    }

    @Test
    void everyWritableCodecRoundTripsAnEmptyPage() throws IOException {
        for (var name :
                new CompressionCodecName[] {
                    CompressionCodecName.UNCOMPRESSED,
                    CompressionCodecName.SNAPPY,
                    CompressionCodecName.GZIP,
                    CompressionCodecName.ZSTD,
                    CompressionCodecName.LZ4_RAW
                }) {
            Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
            byte[] compressed = codec.compress(NOTHING, 0, 0);
            assertThat(codec.decompress(compressed, 0, compressed.length, 0))
                    .as("%s", name)
                    .isEmpty();
        }
    }

    @Test
    void snappyReadsSnappyJavasEncodingOfNothing() throws IOException {
        byte[] compressed = Snappy.compress(NOTHING);
        assertThat(compressed).isNotEmpty();
        assertThat(decompressEmpty(CompressionCodec.SNAPPY, compressed)).isEmpty();
    }

    @Test
    void gzipReadsAnEmptyMember() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new GZIPOutputStream(bytes).close();
        assertThat(decompressEmpty(CompressionCodec.GZIP, bytes.toByteArray())).isEmpty();
    }

    @Test
    void zstdReadsAFrameOfNoContent() throws IOException {
        byte[] compressed = Zstd.compress(NOTHING, 3);
        assertThat(compressed).isNotEmpty();
        assertThat(decompressEmpty(CompressionCodec.ZSTD, compressed)).isEmpty();
    }

    @Test
    void lz4RawReadsAnEmptyBlock() throws IOException {
        // an LZ4 block of no output is a single token: no literals, no match
        assertThat(decompressEmpty(CompressionCodec.LZ4_RAW, new byte[] {0x00})).isEmpty();
    }

    @Test
    void hadoopLz4ReadsAnEmptyBlockFramedAsArrowRsFramesIt() throws IOException {
        // arrow-rs, all-null column, empty dictionary page: uncompressed size 0, then one chunk
        // of one byte holding an empty LZ4 block
        byte[] framed = {0, 0, 0, 0, 0, 0, 0, 1, 0};
        assertThat(decompressEmpty(CompressionCodec.LZ4, framed)).isEmpty();
    }

    @Test
    void hadoopLz4ReadsAnEmptyBlockBeforeAFullOne() throws IOException {
        byte[] data = "hello hello hello hello".getBytes(StandardCharsets.US_ASCII);
        byte[] block = Lz4RawCodec.INSTANCE.compress(data, 0, data.length);
        ByteBuffer framed = ByteBuffer.allocate(9 + 8 + block.length);
        framed.putInt(0).putInt(1).put((byte) 0);
        framed.putInt(data.length).putInt(block.length).put(block);
        byte[] bytes = framed.array();
        assertThat(reading(CompressionCodec.LZ4).decompress(bytes, 0, bytes.length, data.length))
                .isEqualTo(data);
    }

    @Test
    void hadoopLz4ReadsABareEmptyBlockHeader() throws IOException {
        // a block of size 0 and no chunk after it: nothing to decompress
        assertThat(decompressEmpty(CompressionCodec.LZ4, new byte[] {0, 0, 0, 0})).isEmpty();
    }

    @Test
    void hadoopLz4ReadsAnEmptyLz4FrameAndAnEmptyRawBlock() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new LZ4FrameOutputStream(bytes).close();
        assertThat(decompressEmpty(CompressionCodec.LZ4, bytes.toByteArray())).isEmpty();
        assertThat(decompressEmpty(CompressionCodec.LZ4, new byte[] {0x00})).isEmpty();
    }

    @Test
    void hadoopLz4StillRejectsAnEmptyBlockFollowedByGarbage() {
        byte[] framed = {0, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3};
        assertThatThrownBy(() -> decompressEmpty(CompressionCodec.LZ4, framed))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("LZ4");
    }

    @Test
    void brotliReadsAStreamOfNoContent() throws IOException {
        // the one-byte brotli stream that encodes nothing (ISLAST, ISLASTEMPTY, 16-bit window)
        assertThat(decompressEmpty(CompressionCodec.BROTLI, new byte[] {0x06})).isEmpty();
    }

    @Test
    void aPageOfNoBytesThatDeclaresContentIsStillCorrupt() {
        for (CompressionCodec codec :
                new CompressionCodec[] {
                    CompressionCodec.SNAPPY,
                    CompressionCodec.GZIP,
                    CompressionCodec.ZSTD,
                    CompressionCodec.LZ4_RAW,
                    CompressionCodec.LZ4,
                    CompressionCodec.BROTLI,
                    CompressionCodec.UNCOMPRESSED
                }) {
            assertThatThrownBy(() -> reading(codec).decompress(NOTHING, 0, 0, 10))
                    .as("%s", codec)
                    .isInstanceOf(IOException.class);
        }
    }
}
