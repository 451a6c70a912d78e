package io.pqx.e2e.interop.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingRowValues;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** pqx reads files parquet-java writes, in many layouts, as parquet-java reads them back. */
class ParquetJavaFilesReaderTest {
    @TempDir Path dir;

    static Stream<Arguments> layouts() {
        return Stream.of(
                layout(
                        WriterVersion.PARQUET_1_0,
                        CompressionCodecName.UNCOMPRESSED,
                        true,
                        1 << 20,
                        20_000),
                layout(
                        WriterVersion.PARQUET_1_0,
                        CompressionCodecName.SNAPPY,
                        false,
                        64 * 1024,
                        500),
                layout(WriterVersion.PARQUET_1_0, CompressionCodecName.GZIP, true, 32 * 1024, 100),
                layout(WriterVersion.PARQUET_2_0, CompressionCodecName.ZSTD, true, 1 << 20, 1000),
                layout(
                        WriterVersion.PARQUET_2_0,
                        CompressionCodecName.LZ4_RAW,
                        false,
                        128 * 1024,
                        333),
                layout(
                        WriterVersion.PARQUET_2_0,
                        CompressionCodecName.UNCOMPRESSED,
                        true,
                        16 * 1024,
                        50),
                layout(
                        WriterVersion.PARQUET_2_0,
                        CompressionCodecName.SNAPPY,
                        false,
                        1 << 22,
                        20_000));
    }

    private static Arguments layout(
            WriterVersion v, CompressionCodecName c, boolean dict, long rg, int pageRows) {
        return Arguments.of(new TestingParquetJavaFiles.Layout(v, c, dict, rg, pageRows));
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void readsWhatParquetJavaWrote(TestingParquetJavaFiles.Layout layout) throws Exception {
        Path file = dir.resolve("f.parquet");
        TestingParquetJavaFiles.write(file, 3000, 42, layout);
        List<List<Object>> actual =
                TestingRowValues.readAll(file, ReadOptions.builder().batchSize(700).build());
        List<List<Object>> expected;
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            expected = TestingParquetJavaValues.read(file, reader.schema());
        }
        assertThat(actual).hasSize(3000);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("row %d", i).isEqualTo(expected.get(i));
        }
    }
}
