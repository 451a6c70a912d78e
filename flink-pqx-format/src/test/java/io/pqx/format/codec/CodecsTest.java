package io.pqx.format.codec;

import static io.pqx.format.codec.TestingPages.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.FileContext;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.options.Compression;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CodecsTest {

    @ParameterizedTest
    @EnumSource(Compression.class)
    void everyPqxCodecIsTheParquetCodecOfItsNameAndWritable(Compression compression)
            throws IOException {
        assertThat(Codecs.parquetName(compression).name()).isEqualTo(compression.name());
        Codec codec = Codecs.forWriting(compression, compression.defaultLevel());
        assertThat(codec.name()).isEqualTo(Codecs.parquetName(compression));
        byte[] input = sample(10_000, 7);
        byte[] compressed = codec.compress(input, 0, input.length);
        assertThat(codec.decompress(compressed, 0, compressed.length, input.length))
                .isEqualTo(input);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void roundTripsEmptyInput(CompressionCodecName name) throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] compressed = codec.compress(new byte[0], 0, 0);
        assertThat(codec.decompress(compressed, 0, compressed.length, 0)).isEmpty();
        assertThat(codec.name()).isEqualTo(name);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void roundTripsMultiMegabyteInput(CompressionCodecName name) throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] input = sample(5 * 1024 * 1024 + 17, 1);
        byte[] compressed = codec.compress(input, 0, input.length);
        if (name != CompressionCodecName.UNCOMPRESSED) {
            assertThat(compressed.length).isLessThan(input.length);
        }
        assertThat(codec.decompress(compressed, 0, compressed.length, input.length))
                .isEqualTo(input);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void roundTripsASliceOfLargerArrays(CompressionCodecName name) throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] input = sample(10_000, 2);
        byte[] compressed = codec.compress(input, 100, 5000);
        byte[] padded = new byte[compressed.length + 20];
        System.arraycopy(compressed, 0, padded, 7, compressed.length);
        assertThat(codec.decompress(padded, 7, compressed.length, 5000))
                .isEqualTo(Arrays.copyOfRange(input, 100, 5100));
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void rejectsDeclaredSizeLargerThanTheData(CompressionCodecName name) throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] input = sample(4096, 3);
        byte[] compressed = codec.compress(input, 0, input.length);
        assertThatThrownBy(() -> codec.decompress(compressed, 0, compressed.length, 4097))
                .isInstanceOf(IOException.class);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void rejectsDeclaredSizeSmallerThanTheData(CompressionCodecName name) throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] input = sample(4096, 4);
        byte[] compressed = codec.compress(input, 0, input.length);
        assertThatThrownBy(() -> codec.decompress(compressed, 0, compressed.length, 4095))
                .isInstanceOf(IOException.class);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void decompressesIntoTheFrontOfALargerDirtyBufferAndLeavesTheRest(CompressionCodecName name)
            throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] input = sample(10_000, 5);
        byte[] compressed = codec.compress(input, 0, input.length);
        byte[] out = new byte[12_000];
        Arrays.fill(out, (byte) 0x5A);
        codec.decompressInto(compressed, 0, compressed.length, out, input.length);
        assertThat(Arrays.copyOf(out, input.length)).isEqualTo(input);
        byte[] tail = new byte[2_000];
        Arrays.fill(tail, (byte) 0x5A);
        assertThat(Arrays.copyOfRange(out, input.length, out.length)).isEqualTo(tail);
        codec.decompressInto(new byte[0], 0, 0, out, 0); // an empty page: nothing to decompress
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"UNCOMPRESSED", "SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void decompressingIntoABufferIsAsStrictAboutTheDeclaredSize(CompressionCodecName name)
            throws IOException {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        byte[] input = sample(4096, 6);
        byte[] compressed = codec.compress(input, 0, input.length);
        byte[] roomy = new byte[8192];
        // room in the buffer is no licence: the page declares its size and must produce exactly it
        assertThatThrownBy(
                        () -> codec.decompressInto(compressed, 0, compressed.length, roomy, 4095))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(
                        () -> codec.decompressInto(compressed, 0, compressed.length, roomy, 4097))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> codec.decompressInto(compressed, 0, compressed.length, roomy, -1))
                .isInstanceOf(IOException.class);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"SNAPPY", "GZIP", "ZSTD", "LZ4_RAW", "LZ4", "BROTLI"})
    void rejectsGarbageWithAnIoException(CompressionCodecName name) throws IOException {
        Codec codec = Codecs.forReading(name.getParquetCompressionCodec(), FileContext.of("f"));
        byte[] garbage =
                "this is not compressed data at all, not in any codec"
                        .getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> codec.decompress(garbage, 0, garbage.length, 1000))
                .isInstanceOf(IOException.class);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"SNAPPY", "GZIP", "ZSTD", "LZ4_RAW", "LZ4", "BROTLI"})
    void rejectsANegativeDeclaredSizeBeforeAllocating(CompressionCodecName name)
            throws IOException {
        Codec codec = Codecs.forReading(name.getParquetCompressionCodec(), FileContext.of("f"));
        assertThatThrownBy(() -> codec.decompress(new byte[4], 0, 4, -1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("negative uncompressed size -1");
    }

    @Test
    void zstdLevelChangesTheOutput() throws IOException {
        byte[] input = sample(1 << 20, 5);
        byte[] fast =
                Codecs.forWriting(CompressionCodecName.ZSTD, 1).compress(input, 0, input.length);
        byte[] strong =
                Codecs.forWriting(CompressionCodecName.ZSTD, 19).compress(input, 0, input.length);
        assertThat(strong).isNotEqualTo(fast);
        Codec reader = Codecs.forReading(CompressionCodec.ZSTD, FileContext.of("f"));
        assertThat(reader.decompress(strong, 0, strong.length, input.length)).isEqualTo(input);
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"SNAPPY", "GZIP", "ZSTD", "LZ4_RAW"})
    void compressesConcurrentlyWithTheSameBytesAsSequentially(CompressionCodecName name)
            throws Exception {
        Codec codec = Codecs.forWriting(name, Codecs.DEFAULT_LEVEL);
        List<byte[]> inputs = new ArrayList<>();
        List<byte[]> expected = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            byte[] input = sample(100_000 + i, i);
            inputs.add(input);
            expected.add(codec.compress(input, 0, input.length));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<byte[]>> results = new ArrayList<>();
            for (byte[] input : inputs) {
                results.add(
                        pool.submit(
                                () -> {
                                    byte[] c = codec.compress(input, 0, input.length);
                                    byte[] back = codec.decompress(c, 0, c.length, input.length);
                                    assertThat(back).isEqualTo(input);
                                    return c;
                                }));
            }
            for (int i = 0; i < results.size(); i++) {
                assertThat(results.get(i).get()).isEqualTo(expected.get(i));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void refusesToReadLzo() {
        assertThatThrownBy(
                        () -> Codecs.forReading(CompressionCodec.LZO, FileContext.of("a.parquet")))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage("Cannot decompress page: codec LZO is not supported (a.parquet)");
    }

    @Test
    void refusesToReadAnUnknownCodec() {
        assertThatThrownBy(
                        () ->
                                Codecs.forReading(
                                        null, FileContext.of("a.parquet").rowGroup(1).column("x")))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot decompress page: codec is unknown (a.parquet, row group 1, column"
                                + " x)");
    }

    @Test
    void refusesToWriteDeprecatedOrUnavailableCodecs() {
        assertThatThrownBy(() -> Codecs.forWriting(CompressionCodecName.LZ4, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("use LZ4_RAW");
        assertThatThrownBy(() -> Codecs.forWriting(CompressionCodecName.LZO, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "Cannot write codec LZO: supported are UNCOMPRESSED, SNAPPY, GZIP, ZSTD,"
                                + " LZ4_RAW");
        assertThatThrownBy(() -> Codecs.forWriting(CompressionCodecName.BROTLI, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rejectsLevelsOutOfRange() {
        assertThatThrownBy(() -> Codecs.forWriting(CompressionCodecName.GZIP, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Cannot create GZIP codec: level 10 is not in -1..9");
        assertThatThrownBy(() -> Codecs.forWriting(CompressionCodecName.ZSTD, 23))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot create ZSTD codec: level 23 is not in");
    }

    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"SNAPPY", "GZIP", "ZSTD", "LZ4_RAW", "LZ4", "BROTLI"})
    void treatsZeroBytesDeclaredAsEmptyWithoutDecompressing(CompressionCodecName name)
            throws IOException {
        // datapage_v2_empty_datapage.snappy.parquet: an empty body is not a valid stream.
        Codec codec = Codecs.forReading(name.getParquetCompressionCodec(), FileContext.of("f"));
        assertThat(codec.decompress(new byte[0], 0, 0, 0)).isEmpty();
    }
}
