package io.pqx.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.pqx.format.error.CorruptFileException;
import io.pqx.format.error.UnsupportedFileException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/**
 * Every file of parquet-testing's {@code shredded_variant/} (written by Iceberg's variant reader
 * tests) read as VARIANT, against expectations written here from the Parquet Variant shredding
 * spec: each file either reads to the values below (rendered by {@link TestingVariants}, which
 * names each primitive's variant type, so a decimal4 read as decimal16 would fail) or is refused
 * with a {@link CorruptFileException} or {@link UnsupportedFileException} naming the file, the
 * column and the rule the spec says it breaks.
 */
class ShreddedVariantCorpusTest {

    /** The variant primitives Iceberg's tests shred and store, in their order. */
    private static final List<String> PRIMITIVES =
            List.of(
                    "true",
                    "false",
                    "int8 34",
                    "int8 -34",
                    "int16 1234",
                    "int16 -1234",
                    "int32 12345",
                    "int32 -12345",
                    "int64 9876543210",
                    "int64 -9876543210",
                    "float 10.11",
                    "float -10.11",
                    "double 14.3",
                    "double -14.3",
                    "date 2024-11-07",
                    "date 1957-11-07",
                    "timestamptz 2024-11-07T12:33:54.123456Z",
                    "timestamptz 1957-11-07T12:33:54.123456Z",
                    "timestampntz 2024-11-07T12:33:54.123456",
                    "timestampntz 1957-11-07T12:33:54.123456",
                    "decimal4 12345.6789",
                    "decimal4 -12345.6789",
                    "decimal8 123456789.987654321",
                    "decimal8 -123456789.987654321",
                    "decimal16 9876543210.123456789",
                    "decimal16 -9876543210.123456789",
                    "binary CgsMDQ==",
                    "string \"iceberg\"",
                    "time 12:33:54.123456",
                    "timestamptz_nanos 2024-11-07T12:33:54.123456789Z",
                    "timestamptz_nanos 1957-11-07T12:33:54.123456789Z",
                    "timestampntz_nanos 2024-11-07T12:33:54.123456789",
                    "timestampntz_nanos 1957-11-07T12:33:54.123456789",
                    "uuid f24f9b64-81fa-49d1-b74e-8c09a6e31c56");

    /** The object the unshredded cases store: a is a variant null, d a string. */
    private static final String TEST_OBJECT = "{a: null, d: string \"iceberg\"}";

    private static final String REFUSED = "REFUSED: ";

    private static Map<Integer, String> expected() {
        Map<Integer, String> e = new LinkedHashMap<>();
        // 4-37: each primitive shredded as its own typed_value type
        for (int i = 0; i < PRIMITIVES.size(); i++) {
            e.put(4 + i, PRIMITIVES.get(i));
        }
        // 47-82 and 89-124: a variant null, each primitive and an object, all unshredded (in
        // value); the second run has a shredded typed_value column that is null everywhere
        for (int first : new int[] {47, 89}) {
            e.put(first, "null");
            for (int i = 0; i < PRIMITIVES.size(); i++) {
                e.put(first + 1 + i, PRIMITIVES.get(i));
            }
            e.put(first + 1 + PRIMITIVES.size(), TEST_OBJECT);
        }
        EXTRA.forEach(e::put);
        return e;
    }

    private static final String COMEDY_DRAMA = "[string \"comedy\", string \"drama\"]";

    /** The other cases, each with the situation the file holds. */
    private static final Map<Integer, String> EXTRA = new LinkedHashMap<>();

    static {
        // an array of strings shredded as a LIST (typed_value elements)
        EXTRA.put(1, COMEDY_DRAMA);
        EXTRA.put(2, "[]");
        // a shredded object whose field b holds the value (no value or typed_value elsewhere)
        EXTRA.put(38, "{b: string \"iceberg\"}");
        // a non-object in value beside an object typed_value whose fields are all missing (null)
        EXTRA.put(39, "int32 34");
        // value and a primitive typed_value both set: the spec's "must not" for non-objects
        EXTRA.put(40, REFUSED + "value and typed_value are both set");
        // a shredded array without a top-level value column
        EXTRA.put(41, COMEDY_DRAMA);
        // an array element with value and typed_value both set
        EXTRA.put(42, REFUSED + "value and typed_value are both set");
        // INVALID: field b missing from typed_value (value and typed_value null) but in the
        // residual value object: a shredded field's name must not appear in the residual
        EXTRA.put(
                43, REFUSED + "field b is both shredded in typed_value and in the residual value");
        // an object shredded inside a shredded object
        EXTRA.put(44, "{c: {a: int32 34, b: string \"iceberg\"}, d: double -0.0}");
        // an array-shredded column holding an array, an int, an object and an array
        EXTRA.put(
                45,
                COMEDY_DRAMA
                        + "; int32 34; {a: null, d: string \"iceberg\"}; [string \"action\", string"
                        + " \"horror\"]");
        // a shredded object: a present as variant null in value, b an empty string
        EXTRA.put(46, "{a: null, b: string \"\"}");
        // four rows: a null variant group, then objects with missing, shredded and nested fields
        EXTRA.put(
                83,
                "NULL; {c: {b: string \"iceberg\"}}; {c: int8 8, d: double -0.0}; {c: {a: int32 34,"
                        + " b: string \"\"}, d: double 0.0}");
        // INVALID: the shredded field groups are OPTIONAL, the spec says REQUIRED
        EXTRA.put(84, REFUSED + "shredded field a is not a REQUIRED group");
        // an array element whose value and typed_value are both null: the spec says elements
        // must be present (Iceberg reads it as a variant null element)
        EXTRA.put(85, REFUSED + "array element 0 is missing");
        // an array with a variant null element (in the element's value)
        EXTRA.put(86, "[string \"comedy\", null, string \"drama\"]");
        // a non-object value while the object typed_value has a non-null field
        EXTRA.put(87, REFUSED + "typed_value is an object but value, also set, is INT");
        // a shredded array whose elements have no value column
        EXTRA.put(88, COMEDY_DRAMA);
        // INVALID: field b shredded and also in the residual value object
        EXTRA.put(
                125, REFUSED + "field b is both shredded in typed_value and in the residual value");
        // two rows of arrays of shredded objects, some with residual fields
        EXTRA.put(
                126,
                "[{a: int32 1, b: string \"comedy\"}, {a: int32 2, b: string \"drama\"}]; [{a: int32"
                        + " 3, b: string \"action\", c: string \"str\"}, {a: int32 4, b: string"
                        + " \"horror\", d: date 2024-01-30}]");
        // typed_value UINT32: not a shredded type of the spec
        EXTRA.put(127, REFUSED + "INTEGER(32,false)) is not a type the shredding spec allows");
        // value is a variant null beside an empty-but-present shredded object
        EXTRA.put(128, REFUSED + "typed_value is an object but value, also set, is NULL");
        // value and typed_value both null in a present top-level variant: a variant null
        EXTRA.put(129, "null");
        // a present shredded object with every field missing
        EXTRA.put(130, "{}");
        // a primitive shredded without a value column
        EXTRA.put(131, "int32 34");
        // an object shredded with no typed_value for field b
        EXTRA.put(132, "{b: string \"iceberg\"}");
        // a shredded object with one field missing
        EXTRA.put(133, "{a: false}");
        // a partially shredded object: shredded a, b and residual d
        EXTRA.put(134, "{a: null, b: string \"iceberg\", d: date 2024-01-30}");
        // an array-shredded variant holding a variant null in value
        EXTRA.put(135, "null");
        // an array of arrays
        EXTRA.put(136, "[" + COMEDY_DRAMA + ", []]");
        // typed_value FIXED_LEN_BYTE_ARRAY(4): not a shredded type of the spec
        EXTRA.put(137, REFUSED + "fixed_len_byte_array(4) typed_value is not a type the shredding");
        // a shredded object without a top-level value column
        EXTRA.put(138, "{a: int16 1234, b: string \"iceberg\"}");
    }

    @Test
    void everyCaseReadsOrIsRefusedAsTheSpecSays() throws Exception {
        Path dir = TestingParquetFiles.root().resolve("shredded_variant");
        Map<Integer, String> expected = expected();
        List<String> mismatches = new ArrayList<>();
        int files = 0;
        try (Stream<Path> list = Files.list(dir)) {
            for (Path file :
                    list.filter(p -> p.toString().endsWith(".parquet")).sorted().toList()) {
                files++;
                String name = file.getFileName().toString();
                int number = Integer.parseInt(name.substring(5, 8));
                String actual = read(file);
                String want = expected.get(number);
                if (want == null
                        || !(want.startsWith(REFUSED)
                                ? actual.startsWith(REFUSED)
                                        && actual.contains(want.substring(REFUSED.length()))
                                : actual.equals(want))) {
                    mismatches.add(number + " expected <" + want + "> but read <" + actual + ">");
                }
            }
        }
        assertThat(files).isEqualTo(137);
        assertThat(mismatches).isEmpty();
    }

    @Test
    void theOtherColumnsOfARefusedVariantStillRead() throws Exception {
        // a typed_value type the spec does not allow, and a value the spec calls invalid
        for (String name : List.of("case-127.parquet", "case-043-INVALID.parquet")) {
            Path file = TestingParquetFiles.root().resolve("shredded_variant").resolve(name);
            try (ParquetReader reader =
                            ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                    CloseableIterator<RowData> rows = reader.rows(reader.project(List.of("id")))) {
                assertThat(rows.hasNext()).isTrue();
                assertThat(rows.next().getInt(0)).isEqualTo(1);
                assertThat(rows.hasNext()).isFalse();
            }
        }
    }

    /** The file's variants, rendered and joined by "; ", or REFUSED and the reader's message. */
    private static String read(Path file) throws Exception {
        List<String> values = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(new org.apache.flink.core.fs.Path(file.toUri()));
                CloseableIterator<RowData> rows = reader.rows(reader.schema())) {
            while (rows.hasNext()) {
                RowData row = rows.next();
                if (row.isNullAt(1)) {
                    values.add("NULL");
                } else {
                    BinaryVariant v = (BinaryVariant) row.getVariant(1);
                    values.add(TestingVariants.render(v.getValue(), v.getMetadata()));
                }
            }
        } catch (CorruptFileException | UnsupportedFileException e) {
            return refusal(e, file);
        } catch (UncheckedIOException e) {
            return refusal(e.getCause(), file);
        }
        return String.join("; ", values);
    }

    private static String refusal(Throwable e, Path file) {
        assertThat(e).isInstanceOfAny(CorruptFileException.class, UnsupportedFileException.class);
        assertThat(e.getMessage()).contains(file.getFileName().toString()).contains("column var");
        return REFUSED + e.getMessage();
    }
}
