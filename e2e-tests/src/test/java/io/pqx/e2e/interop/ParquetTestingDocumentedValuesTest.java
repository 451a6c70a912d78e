package io.pqx.e2e.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.TestingParquetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks pqx against values the upstream parquet-testing documentation states, for the corpus files
 * where only one peer (or none) can read the file, so that their expected values do not rest on a
 * single implementation: the INT96 microseconds of {@code int96_from_spark.md}, the PLAIN and
 * BYTE_STREAM_SPLIT twins of {@code byte_stream_split_extended}, the map keys and list of {@code
 * map_no_value.md}, and the LZ4 files' values (asserted alike for the Hadoop-framed and the raw
 * file by the Arrow and parquet2 test suites).
 */
class ParquetTestingDocumentedValuesTest {

    /** A flat JSON object's top-level {@code "name":token} pairs (tokens are scalars here). */
    private static final Pattern SCALAR_FIELD =
            Pattern.compile("\"(\\w+)\":(\"(?:[^\"\\\\]|\\\\.)*\"|[^,}\\[]+)");

    private static Path root;

    @BeforeAll
    static void locateCorpus() {
        root = TestingParquetFiles.root();
    }

    @Test
    void int96ReadsAsTheMicrosecondsSparkWrote() throws Exception {
        // int96_from_spark.md: "As microseconds since the epoch, they correspond to: ..."
        long[] micros = {
            1704141296123456L, 1704070800000000L, 253402225200000000L, 1735599600000000L
        };
        List<String> expected = new ArrayList<>();
        for (long m : micros) {
            expected.add("{\"a\":" + TimeUnits.timestamp(m, TimeUnit.MICROS, false) + "}");
        }
        expected.add("{\"a\":null}");
        expected.add(
                "{\"a\":"
                        + TimeUnits.timestamp(9089380393200000000L, TimeUnit.MICROS, false)
                        + "}");

        Path file = root.resolve("data/int96_from_spark.parquet");
        assertThat(PqxJsonRenderer.render(file)).containsExactlyElementsOf(expected);
        assertThat(ParquetJavaJsonRenderer.render(file)).containsExactlyElementsOf(expected);
    }

    @Test
    void byteStreamSplitColumnsEqualTheirPlainTwins() throws Exception {
        List<String> lines =
                PqxJsonRenderer.render(
                        root.resolve("data/byte_stream_split_extended.gzip.parquet"));
        assertThat(lines).hasSize(200);
        for (String line : lines) {
            Map<String, String> fields = scalarFields(line);
            assertThat(fields).hasSize(14);
            for (String pair :
                    List.of("float16", "float", "double", "int32", "int64", "flba5", "decimal")) {
                assertThat(fields.get(pair + "_byte_stream_split"))
                        .as("%s in %s", pair, line)
                        .isEqualTo(fields.get(pair + "_plain"));
            }
        }
    }

    @Test
    void mapWithoutValuesHoldsTheKeysOfTheList() throws Exception {
        // map_no_value.md: three rows of {1,2,3}, {4,5,6}, {7,8,9}, the MAP values all null.
        List<String> lines = PqxJsonRenderer.render(root.resolve("data/map_no_value.parquet"));
        assertThat(lines).hasSize(3);
        for (int row = 0; row < 3; row++) {
            String keys = "";
            for (int k = 3 * row + 1; k <= 3 * row + 3; k++) {
                keys += (keys.isEmpty() ? "" : ",") + "{\"key\":" + k + ",\"value\":null}";
            }
            String list = (3 * row + 1) + "," + (3 * row + 2) + "," + (3 * row + 3);
            assertThat(lines.get(row))
                    .isEqualTo(
                            "{\"my_map\":["
                                    + keys
                                    + "],\"my_map_no_v\":["
                                    + keys
                                    + "],\"my_list\":["
                                    + list
                                    + "]}");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "data/hadoop_lz4_compressed.parquet",
                "data/non_hadoop_lz4_compressed.parquet"
            })
    void lz4FilesHoldTheValuesOtherReadersAssert(String file) throws Exception {
        assertThat(PqxJsonRenderer.render(root.resolve(file)))
                .containsExactly(
                        "{\"c0\":1593604800,\"c1\":\"0x616263\",\"v11\":42.0}",
                        "{\"c0\":1593604800,\"c1\":\"0x646566\",\"v11\":7.7}",
                        "{\"c0\":1593604801,\"c1\":\"0x616263\",\"v11\":42.125}",
                        "{\"c0\":1593604801,\"c1\":\"0x646566\",\"v11\":7.7}");
    }

    private static Map<String, String> scalarFields(String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher m = SCALAR_FIELD.matcher(line);
        while (m.find()) {
            fields.put(m.group(1), m.group(2));
        }
        return fields;
    }
}
