package io.pqx.format.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.parquet.format.PageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decompresses every page of the corpus files that exercise codecs. */
class RealFilePagesTest {

    private static List<TestingPages.Page> pages(String file) throws IOException {
        return TestingPages.decompressAll(TestingParquetFiles.data(file), 4 << 20);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "hadoop_lz4_compressed.parquet",
                "hadoop_lz4_compressed_larger.parquet",
                "non_hadoop_lz4_compressed.parquet",
                "lz4_raw_compressed.parquet",
                "lz4_raw_compressed_larger.parquet",
                "concatenated_gzip_members.parquet",
                "rle_boolean_encoding.parquet",
                "byte_stream_split.zstd.parquet",
                "page_v2_empty_compressed.parquet",
                "datapage_v2_empty_datapage.snappy.parquet",
                "datapage_v2.snappy.parquet",
                "large_string_map.brotli.parquet",
            })
    void decompressesEveryPageToItsDeclaredSize(String file) throws IOException {
        List<TestingPages.Page> pages = pages(file);
        assertThat(pages).isNotEmpty();
        for (TestingPages.Page page : pages) {
            int levels =
                    page.header().isSetData_page_header_v2()
                            ? page.header()
                                            .getData_page_header_v2()
                                            .getRepetition_levels_byte_length()
                                    + page.header()
                                            .getData_page_header_v2()
                                            .getDefinition_levels_byte_length()
                            : 0;
            assertThat(page.body()).hasSize(page.header().getUncompressed_page_size() - levels);
        }
    }

    @Test
    void readsBothConcatenatedGzipMembersOfOnePage() throws IOException {
        List<TestingPages.Page> pages = pages("concatenated_gzip_members.parquet");
        assertThat(pages).hasSize(1);
        ByteBuffer values = ByteBuffer.wrap(pages.get(0).body()).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(values.remaining()).isEqualTo(513 * 8);
        for (int i = 0; i < 513; i++) {
            assertThat(values.getLong()).isEqualTo(i + 1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hadoop_lz4_compressed.parquet", "non_hadoop_lz4_compressed.parquet"})
    void readsBothFlavoursOfTheLz4CodecId(String file) throws IOException {
        // Both files hold the same rows; column c1 has the dictionary ["abc", "def"].
        TestingPages.Page dictionary =
                pages(file).stream()
                        .filter(p -> p.column().equals("c1"))
                        .filter(p -> p.header().getType() == PageType.DICTIONARY_PAGE)
                        .findFirst()
                        .orElseThrow();
        String text = new String(dictionary.body(), StandardCharsets.US_ASCII);
        assertThat(text).isEqualTo("\3\0\0\0abc\3\0\0\0def");
    }

    @Test
    void readsHadoopFramedPagesOfSeveralBlocks() throws IOException {
        // 10,000 UUID strings, PLAIN: each value a 4-byte length 36 and the text.
        List<TestingPages.Page> pages = pages("hadoop_lz4_compressed_larger.parquet");
        int values = 0;
        for (TestingPages.Page page : pages) {
            ByteBuffer body = ByteBuffer.wrap(page.body()).order(ByteOrder.LITTLE_ENDIAN);
            while (body.hasRemaining()) {
                assertThat(body.getInt()).isEqualTo(36);
                body.position(body.position() + 36);
                values++;
            }
        }
        assertThat(values).isEqualTo(10_000);
    }
}
