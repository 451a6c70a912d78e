package io.pqx.format.decode;

import static io.pqx.format.TestingChunkFile.dataPageV1;
import static io.pqx.format.TestingChunkFile.dataPageV2;
import static io.pqx.format.TestingChunkFile.dictionaryPage;
import static io.pqx.format.TestingChunkFile.plain;
import static io.pqx.format.TestingChunkFile.readInts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.TestingChunkFile;
import io.pqx.format.error.CorruptFileException;
import io.pqx.format.io.InputFile;
import io.pqx.format.options.ReadOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;
import org.apache.parquet.format.Encoding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The RLE / bit-packing hybrid allows the last bit-packed run of a page to be padded past the
 * page's values (DuckDB 2.0 pads it to 256 values, whatever the page holds): such a run is valid
 * when its bytes are there, and only the page's values are decoded. Both decode paths (the bulk
 * path and parquet-column's) read it; a run whose bytes are not there is still refused.
 */
class PaddedBitPackedRunsTest {

    @AfterEach
    void restore() {
        FlatChunkReader.enabled = true;
    }

    /** The rows DuckDB's sample writes: {@code CASE WHEN i % 7 = 0 THEN NULL ELSE i END}. */
    private static List<Integer> nullEverySeventh(int rows) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            values.add(i % 7 == 0 ? null : i);
        }
        return values;
    }

    /** One bit-packed run of {@code groups} x 8 values: the given ones, then zeros. */
    static byte[] bitPackedRun(int width, int[] values, int groups) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(out, groups << 1 | 1);
        int[] padded = Arrays.copyOf(values, groups * 8);
        BytePacker packer = Packer.LITTLE_ENDIAN.newBytePacker(width);
        byte[] packed = new byte[width];
        for (int g = 0; g < groups; g++) {
            packer.pack8Values(padded, g * 8, packed, 0);
            out.write(packed, 0, width);
        }
        return out.toByteArray();
    }

    private static void writeVarint(ByteArrayOutputStream out, int value) {
        while ((value & ~0x7F) != 0) {
            out.write(value & 0x7F | 0x80);
            value >>>= 7;
        }
        out.write(value);
    }

    private static int[] definitionLevels(List<Integer> values) {
        return values.stream().mapToInt(v -> v == null ? 0 : 1).toArray();
    }

    private static byte[] plainOfNonNulls(List<Integer> values) {
        return plain(values.stream().filter(v -> v != null).mapToInt(Integer::intValue).toArray());
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.write(p, 0, p.length);
        }
        return out.toByteArray();
    }

    private static byte[] lengthPrefixed(byte[] levels) {
        return concat(
                ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(levels.length).array(),
                levels);
    }

    private static List<Integer> readBothPaths(InputFile file) throws IOException {
        FlatChunkReader.enabled = false;
        List<Integer> perValue = readInts(file, ReadOptions.defaults());
        FlatChunkReader.enabled = true;
        List<Integer> bulk = readInts(file, ReadOptions.defaults());
        assertThat(bulk).as("bulk path equals parquet-column's").isEqualTo(perValue);
        return bulk;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100, 255})
    void readsDefinitionLevelsWhoseLastRunIsPaddedTo256Values(int rows) throws IOException {
        List<Integer> expected = nullEverySeventh(rows);
        byte[] levels = bitPackedRun(1, definitionLevels(expected), 32);
        byte[] body = concat(lengthPrefixed(levels), plainOfNonNulls(expected));
        InputFile file =
                TestingChunkFile.builder()
                        .rows(rows)
                        .optional()
                        .page(dataPageV1(rows, body.length, body.length, Encoding.PLAIN), body)
                        .build("duckdb-padded-levels.parquet");
        assertThat(readBothPaths(file)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 100, 300})
    void readsV2DefinitionLevelsWhoseLastRunIsPadded(int rows) throws IOException {
        List<Integer> expected = nullEverySeventh(rows);
        int groups = (rows + 255) / 256 * 32; // padded to a multiple of 256 values
        byte[] levels = bitPackedRun(1, definitionLevels(expected), groups);
        byte[] data = plainOfNonNulls(expected);
        int nulls = (int) expected.stream().filter(v -> v == null).count();
        byte[] body = concat(levels, data);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(rows)
                        .optional()
                        .page(
                                dataPageV2(
                                        rows,
                                        nulls,
                                        rows,
                                        levels.length,
                                        body.length,
                                        body.length,
                                        Encoding.PLAIN),
                                body)
                        .build("duckdb-padded-v2.parquet");
        assertThat(readBothPaths(file)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 100, 299})
    void readsDictionaryIdsWhoseLastRunIsPadded(int rows) throws IOException {
        int[] dictionary = {10, 20, 30, 40, 50};
        int[] ids = new int[rows];
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            ids[i] = i * 3 % dictionary.length;
            expected.add(dictionary[ids[i]]);
        }
        byte[] dict = plain(dictionary);
        // a first run of 256 ids when there are more, then the rest padded to 256
        ByteArrayOutputStream idBytes = new ByteArrayOutputStream();
        idBytes.write(3); // bit width
        for (int start = 0; start < rows; start += 256) {
            int[] run = Arrays.copyOfRange(ids, start, Math.min(rows, start + 256));
            idBytes.writeBytes(bitPackedRun(3, run, 32));
        }
        byte[] body = idBytes.toByteArray();
        InputFile file =
                TestingChunkFile.builder()
                        .rows(rows)
                        .page(dictionaryPage(dictionary.length, dict.length, dict.length), dict)
                        .page(
                                dataPageV1(rows, body.length, body.length, Encoding.RLE_DICTIONARY),
                                body)
                        .build("duckdb-padded-ids.parquet");
        assertThat(readBothPaths(file)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void stillRefusesAPaddedRunWhoseBytesAreNotThere(boolean bulk) throws IOException {
        // declares 4096 groups of 1 bit (32,768 values) for a page of 10, with 2 bytes present
        byte[] levels =
                concat(new byte[] {(byte) 0x81, 0x40}, new byte[] {(byte) 0xFF, (byte) 0xFF});
        byte[] body = concat(lengthPrefixed(levels), plain(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
        InputFile file =
                TestingChunkFile.builder()
                        .rows(10)
                        .optional()
                        .page(dataPageV1(10, body.length, body.length, Encoding.PLAIN), body)
                        .build("lying-run.parquet");
        FlatChunkReader.enabled = bulk;
        assertThatThrownBy(() -> readInts(file, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot decode page 0: a bit-packed run of 32768 values needs 4096 bytes;"
                                + " the page holds 10 values and 2 more bytes (lying-run.parquet, row group 0,"
                                + " column a)");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void refusesAZeroWidthRunFarLongerThanThePage(boolean bulk) throws IOException {
        // width-0 dictionary ids: no bytes vouch for the run, so its length is bounded by values
        byte[] dict = plain(7);
        byte[] body = {0, (byte) 0x81, (byte) 0x80, 0x40}; // width 0, 2^19 groups
        InputFile file =
                TestingChunkFile.builder()
                        .rows(3)
                        .page(dictionaryPage(1, dict.length, dict.length), dict)
                        .page(
                                dataPageV1(3, body.length, body.length, Encoding.RLE_DICTIONARY),
                                body)
                        .build("zero-width.parquet");
        FlatChunkReader.enabled = bulk;
        assertThatThrownBy(() -> readInts(file, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessageStartingWith("Cannot decode page 0: a bit-packed run of 4194304 values");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void readsAnAllNullPageAfterAnEmptyDictionary(int valueSectionBytes) throws IOException {
        // an all-null column written with a dictionary: no entries, and a value section that
        // holds nothing, only a bit width of 0, or a bit width and an empty run
        byte[] levels = {0x14, 0x00}; // an RLE run of 10 zeros
        byte[] values = Arrays.copyOf(new byte[] {0x00, 0x00}, valueSectionBytes);
        byte[] body = concat(lengthPrefixed(levels), values);
        InputFile file =
                TestingChunkFile.builder()
                        .rows(10)
                        .optional()
                        .page(dictionaryPage(0, 0, 0), new byte[0])
                        .page(
                                dataPageV1(10, body.length, body.length, Encoding.RLE_DICTIONARY),
                                body)
                        .build("all-null.parquet");
        assertThat(readBothPaths(file)).hasSize(10).containsOnlyNulls();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPageDeclaringNoValuesHoldsNoneWhateverItsRunsSay(boolean bulk) throws IOException {
        // a damaged value count of 0 over a padded run of 8 levels: the page holds nothing, so
        // the chunk's one value is missing (parquet-column would read it from the empty page)
        byte[] levels = bitPackedRun(1, new int[] {1}, 1);
        byte[] body = concat(lengthPrefixed(levels), plain(42));
        InputFile file =
                TestingChunkFile.builder()
                        .rows(1)
                        .optional()
                        .page(dataPageV1(0, body.length, body.length, Encoding.PLAIN), body)
                        .build("no-values.parquet");
        FlatChunkReader.enabled = bulk;
        assertThatThrownBy(() -> readInts(file, ReadOptions.defaults()))
                .isInstanceOf(CorruptFileException.class)
                .hasMessage(
                        "Cannot read page 1: the column chunk ends after 0 of its 1 values"
                                + " (no-values.parquet, row group 0, column a)");
    }
}
