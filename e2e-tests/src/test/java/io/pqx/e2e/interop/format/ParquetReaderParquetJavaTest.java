package io.pqx.e2e.interop.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.ParquetReader;
import io.pqx.format.TestingParquetFiles;
import io.pqx.format.TestingRowValues;
import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * pqx reads these parquet-testing files value by value as parquet-java (independent) does. (The two
 * files with a damaged page CRC, which pqx refuses by default, are in {@code
 * PageChecksumParquetJavaTest}.)
 */
class ParquetReaderParquetJavaTest {

    static void assertSameAsParquetJava(String name) throws Exception {
        Path file = TestingParquetFiles.data(name);
        List<List<Object>> actual = TestingRowValues.readAll(file, ReadOptions.defaults());
        List<List<Object>> expected;
        try (ParquetReader reader =
                ParquetReader.open(
                        FlinkInputFile.open(new org.apache.flink.core.fs.Path(file.toUri())),
                        ReadOptions.defaults())) {
            expected = TestingParquetJavaValues.read(file, reader.schema());
        }
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i)).as("row %d of %s", i, name).isEqualTo(expected.get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "alltypes_plain.parquet",
                "alltypes_dictionary.parquet",
                "alltypes_plain.snappy.parquet",
                "alltypes_tiny_pages.parquet",
                "alltypes_tiny_pages_plain.parquet",
                "binary.parquet",
                "byte_array_decimal.parquet",
                "byte_stream_split.zstd.parquet",
                "byte_stream_split_extended.gzip.parquet",
                "concatenated_gzip_members.parquet",
                "data_index_bloom_encoding_stats.parquet",
                "data_index_bloom_encoding_with_length.parquet",
                "datapage_v1-snappy-compressed-checksum.parquet",
                "datapage_v1-uncompressed-checksum.parquet",
                "datapage_v2.snappy.parquet",
                "datapage_v2_empty_datapage.snappy.parquet",
                "delta_binary_packed.parquet",
                "delta_byte_array.parquet",
                "delta_encoding_optional_column.parquet",
                "delta_encoding_required_column.parquet",
                "delta_length_byte_array.parquet",
                "dict-page-offset-zero.parquet",
                "fixed_length_byte_array.parquet",
                "fixed_length_decimal.parquet",
                "fixed_length_decimal_legacy.parquet",
                "float16_nonzeros_and_nans.parquet",
                "float16_zeros_and_nans.parquet",
                "floating_orders_nan_count.parquet",
                "hadoop_lz4_compressed.parquet",
                "hadoop_lz4_compressed_larger.parquet",
                "incorrect_map_schema.parquet",
                "int32_decimal.parquet",
                "int32_with_null_pages.parquet",
                "int64_decimal.parquet",
                "int96_from_spark.parquet",
                "list_columns.parquet",
                "lz4_raw_compressed.parquet",
                "lz4_raw_compressed_larger.parquet",
                "map_no_value.parquet",
                "nan_in_stats.parquet",
                "nested_lists.snappy.parquet",
                "nested_maps.snappy.parquet",
                "nested_structs.rust.parquet",
                "nonnullable.impala.parquet",
                "null_list.parquet",
                "nullable.impala.parquet",
                "nulls.snappy.parquet",
                "old_list_structure.parquet",
                "overflow_i16_page_cnt.parquet",
                "page_v2_empty_compressed.parquet",
                "plain-dict-uncompressed-checksum.parquet",
                "repeated_no_annotation.parquet",
                "repeated_primitive_no_list.parquet",
                "rle-dict-snappy-checksum.parquet",
                "rle_boolean_encoding.parquet",
                "single_nan.parquet",
                "sort_columns.parquet",
                "unknown-logical-type.parquet",
                "column_chunk_key_value_metadata.parquet",
                "binary_truncated_min_max.parquet"
            })
    void readsLikeParquetJava(String name) throws Exception {
        assertSameAsParquetJava(name);
    }
}
