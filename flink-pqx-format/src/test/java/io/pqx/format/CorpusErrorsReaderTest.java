package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import io.pqx.format.options.ReadOptions;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The parquet-testing files that are malformed or too large, each with the exact message. */
class CorpusErrorsReaderTest {

    private static String location(String name) {
        return new org.apache.flink.core.fs.Path(TestingParquetFiles.data(name).toUri()).toString();
    }

    private static Throwable readFailure(String name, ReadOptions options) {
        Path file = TestingParquetFiles.data(name);
        Throwable thrown = Assertions.catchThrowable(() -> TestingRowValues.readAll(file, options));
        assertThat(thrown).isInstanceOf(UncheckedIOException.class);
        return thrown.getCause();
    }

    @Test
    void malformedDictionaryChunk() {
        // the chunk's total_compressed_size ends 15 bytes before its data page does
        assertThat(readFailure("nation.dict-malformed.parquet", ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 0: compressed size 28 exceeds the 13 bytes left in the"
                                + " column chunk ("
                                + location("nation.dict-malformed.parquet")
                                + ", row group 0,"
                                + " column name)");
    }

    /** parquet-java and DuckDB read this file without complaint, returning the damaged values. */
    @Test
    void corruptDataPageChecksumFailsByDefault() throws Exception {
        String name = "datapage_v1-corrupt-checksum.parquet";
        assertThat(readFailure(name, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot verify page 0: CRC-32 mismatch: header says bbce3b9d, page bytes give"
                                + " 0f4f6d0a ("
                                + location(name)
                                + ", row group 0, column a)");
        ReadOptions unchecked = ReadOptions.builder().verifyChecksums(false).build();
        assertThat(TestingRowValues.readAll(TestingParquetFiles.data(name), unchecked))
                .hasSize(5120);
    }

    @Test
    void corruptDictionaryPageChecksumFailsByDefault() throws Exception {
        String name = "rle-dict-uncompressed-corrupt-checksum.parquet";
        assertThat(readFailure(name, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot verify dictionary page: CRC-32 mismatch: header says 6522df6a, page"
                                + " bytes give 6522df69 ("
                                + location(name)
                                + ", row group 0, column long_field)");
        ReadOptions unchecked = ReadOptions.builder().verifyChecksums(false).build();
        assertThat(TestingRowValues.readAll(TestingParquetFiles.data(name), unchecked))
                .hasSize(1000);
    }

    @Test
    void validChecksumsPassVerification() throws Exception {
        for (String name :
                new String[] {
                    "datapage_v1-snappy-compressed-checksum.parquet",
                    "datapage_v1-uncompressed-checksum.parquet",
                    "plain-dict-uncompressed-checksum.parquet",
                    "rle-dict-snappy-checksum.parquet"
                }) {
            assertThat(
                            TestingRowValues.readAll(
                                    TestingParquetFiles.data(name), ReadOptions.defaults()))
                    .as(name)
                    .isNotEmpty();
        }
    }

    @Test
    void pageAboveTheConfiguredLimit() {
        String name = "large_string_map.brotli.parquet";
        assertThat(readFailure(name, ReadOptions.defaults()))
                .isInstanceOf(UnsupportedFileException.class)
                .hasMessage(
                        "Cannot read dictionary page: page size of 1073741828 bytes exceeds the limit"
                                + " of 536870912 bytes (maxPageBytes) ("
                                + location(name)
                                + ", row group 0, column"
                                + " arr.key_value.key)");
        assertThatThrownBy(
                        () -> {
                            throw readFailure(
                                    name, ReadOptions.builder().maxPageBytes(1000).build());
                        })
                .hasMessageContaining("exceeds the limit of 1000 bytes (maxPageBytes)");
    }
}
