package io.pqx.e2e.interop.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingFlinkRows;
import io.pqx.format.TestingRandomRows;
import io.pqx.format.TestingRowTypes;
import io.pqx.format.TestingWriters;
import io.pqx.format.options.Compression;
import io.pqx.format.options.PageVersion;
import io.pqx.format.options.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files pqx writes, read back by parquet-java, hold the values written: every flat type, nested
 * types to depth 3 with nulls and empty collections everywhere, with every codec and both page
 * versions.
 */
class ParquetWriterRoundTripTest {
    @TempDir Path dir;

    static Stream<Arguments> layouts() {
        List<Arguments> out = new ArrayList<>();
        for (Compression codec :
                List.of(
                        Compression.UNCOMPRESSED,
                        Compression.SNAPPY,
                        Compression.GZIP,
                        Compression.ZSTD,
                        Compression.LZ4_RAW)) {
            for (PageVersion version : PageVersion.values()) {
                out.add(Arguments.of(codec, version));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("layouts")
    void parquetJavaReadsEveryFlatTypeBack(Compression codec, PageVersion version)
            throws Exception {
        assertRoundTrip(TestingRowTypes.FLAT, codec, version, 1);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("layouts")
    void parquetJavaReadsNestedTypesBack(Compression codec, PageVersion version) throws Exception {
        assertRoundTrip(TestingRowTypes.NESTED, codec, version, 2);
    }

    private void assertRoundTrip(RowType type, Compression codec, PageVersion version, long seed)
            throws Exception {
        List<RowData> rows = new TestingRandomRows(seed).rows(type, 3000);
        WriteOptions options =
                WriteOptions.builder()
                        .codec(codec)
                        .pageVersion(version)
                        .pageRowLimit(700) // several pages per chunk
                        .rowGroupRows(1200) // several row groups, the last one shorter
                        .pageChecksums(true)
                        .build();
        Path file = dir.resolve(codec + "-" + version + ".parquet");
        TestingWriters.write(file, type, options, rows);

        List<Map<String, Object>> read = TestingParquetJavaReader.readRows(file);
        assertThat(read).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertThat(read.get(i))
                    .as("row %d", i)
                    .isEqualTo(TestingFlinkRows.toJava(rows.get(i), type));
        }
        assertThat(TestingParquetJavaReader.footer(file).getBlocks()).hasSize(3);
    }
}
