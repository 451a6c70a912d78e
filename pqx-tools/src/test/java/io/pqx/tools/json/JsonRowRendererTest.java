package io.pqx.tools.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pqx.format.ReadSchema;
import io.pqx.format.TestingReadSchemas;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * Renders hand-built rows (in the Flink internal classes the reader produces for each Parquet type)
 * and checks every rendering rule of JSON-RENDERING.md; files read by pqx are covered by {@code
 * CorpusRenderingTest} and {@code WrittenFileRenderingTest}.
 */
class JsonRowRendererTest {

    @Test
    void rendersEveryPrimitiveKindFromItsParquetType() throws IOException {
        ReadSchema schema =
                schema(
                        "message m {",
                        "  required boolean b;",
                        "  required int32 i8 (INTEGER(8,true));",
                        "  required int32 u8 (INTEGER(8,false));",
                        "  required int32 u32 (INTEGER(32,false));",
                        "  required int64 i64;",
                        "  required int64 u64 (INTEGER(64,false));",
                        "  required float f;",
                        "  required fixed_len_byte_array(2) f16 (FLOAT16);",
                        "  required double d;",
                        "  required int32 dec (DECIMAL(9,2));",
                        "  required fixed_len_byte_array(13) bigdec (DECIMAL(30,5));",
                        "  required binary s (STRING);",
                        "  required binary e (ENUM);",
                        "  required binary j (JSON);",
                        "  required binary raw;",
                        "  required fixed_len_byte_array(16) id (UUID);",
                        "  required fixed_len_byte_array(3) fixed;",
                        "  required int32 day (DATE);",
                        "  required int32 t (TIME(MILLIS,true));",
                        "  required int64 tus (TIME(MICROS,false));",
                        "  required int64 ts (TIMESTAMP(MILLIS,false));",
                        "  required int64 tsz (TIMESTAMP(MICROS,true));",
                        "  required int96 legacy;",
                        "}");
        RowData row =
                GenericRowData.of(
                        true,
                        (byte) -5,
                        (short) 255,
                        4_294_967_295L,
                        Long.MIN_VALUE,
                        DecimalData.fromBigDecimal(new BigDecimal("18446744073709551615"), 20, 0),
                        1.1f,
                        -0.5f,
                        Double.NaN,
                        DecimalData.fromUnscaledLong(-123, 9, 2),
                        DecimalData.fromBigDecimal(
                                new BigDecimal("1234567890123456789012345.5"), 30, 5),
                        StringData.fromString("a\"b\n\u0001é"),
                        StringData.fromString("RED"),
                        StringData.fromString("{\"k\":1}"),
                        new byte[] {0, (byte) 0xab},
                        new byte[] {
                            0x12,
                            0x3e,
                            0x45,
                            0x67,
                            (byte) 0xe8,
                            (byte) 0x9b,
                            0x12,
                            (byte) 0xd3,
                            (byte) 0xa4,
                            0x56,
                            0x42,
                            0x66,
                            0x14,
                            0x17,
                            0x40,
                            0x00
                        },
                        new byte[] {1, 2, 3},
                        -719529,
                        3_723_004,
                        86_399_999,
                        TimestampData.fromEpochMillis(1_767_323_045_500L),
                        TimestampData.fromEpochMillis(-1L, 999_000),
                        TimestampData.fromEpochMillis(253_402_300_800_000L, 1));

        assertThat(new JsonRowRenderer(schema).render(row))
                .isEqualTo(
                        "{\"b\":true,\"i8\":-5,\"u8\":255,\"u32\":4294967295,\"i64\":-9223372036854775808,"
                                + "\"u64\":18446744073709551615,\"f\":1.1,\"f16\":-0.5,\"d\":\"NaN\","
                                + "\"dec\":-1.23,\"bigdec\":1234567890123456789012345.50000,\"s\":\"a\\\"b\\n"
                                + "\\u0001é\",\"e\":\"RED\",\"j\":\"{\\\"k\\\":1}\","
                                + "\"raw\":\"0x00ab\",\"id\":\"123e4567-e89b-12d3-a456-426614174000\","
                                + "\"fixed\":\"0x010203\",\"day\":\"-0001-12-31\",\"t\":\"01:02:03.004\","
                                + "\"tus\":\"23:59:59.999\",\"ts\":\"2026-01-02T03:04:05.5\","
                                + "\"tsz\":\"1969-12-31T23:59:59.999999Z\","
                                + "\"legacy\":\"+10000-01-01T00:00:00.000000001\"}");
    }

    @Test
    void rendersInt96BeyondInt64MicrosAsSparkWrapsIt() throws IOException {
        ReadSchema schema = schema("message m {", "  optional int96 a;", "}");
        JsonRowRenderer renderer = new JsonRowRenderer(schema);
        // Julian day -105862232, nanos of day -32509551616000 (parquet-testing int96_from_spark row
        // 5):
        // the exact instant, in year -294554, overflows int64 microseconds; Spark shows year
        // 290000.
        RowData exact =
                GenericRowData.of(TimestampData.fromEpochMillis(-9_357_363_680_509_552L, 384_000));
        RowData wrapped =
                GenericRowData.of(TimestampData.fromEpochMillis(9_089_380_393_200_000L, 0));
        assertThat(renderer.render(exact)).isEqualTo("{\"a\":\"+290000-12-30T23:00:00\"}");
        assertThat(renderer.render(wrapped)).isEqualTo("{\"a\":\"+290000-12-30T23:00:00\"}");
        assertThat(renderer.render(GenericRowData.of(TimestampData.fromEpochMillis(-1L, 999_999))))
                .isEqualTo("{\"a\":\"1969-12-31T23:59:59.999999999\"}");
    }

    @Test
    void masksUnsignedValuesStoredAsRawBits() throws IOException {
        ReadSchema schema =
                schema(
                        "message m {",
                        "  required int32 u8 (INTEGER(8,false));",
                        "  required int32 u32 (INTEGER(32,false));",
                        "}");
        // A reader that kept the raw bits in the wider type would hand over negative numbers.
        assertThat(new JsonRowRenderer(schema).render(GenericRowData.of((short) -1, -1L)))
                .isEqualTo("{\"u8\":255,\"u32\":4294967295}");
    }

    @Test
    void rendersNullsAtEveryLevel() throws IOException {
        ReadSchema schema =
                schema(
                        "message m {",
                        "  optional int32 a;",
                        "  optional group l (LIST) { repeated group list { optional int32 element;"
                                + " } }",
                        "  optional group s { optional binary x (STRING); }",
                        "  optional group mp (MAP) { repeated group key_value {",
                        "      required binary key (STRING); optional double value; } }",
                        "}");
        JsonRowRenderer renderer = new JsonRowRenderer(schema);
        assertThat(renderer.render(new GenericRowData(4)))
                .isEqualTo("{\"a\":null,\"l\":null,\"s\":null,\"mp\":null}");
        Map<StringData, Double> map = new LinkedHashMap<>();
        map.put(StringData.fromString("k"), null);
        RowData row =
                GenericRowData.of(
                        null,
                        new GenericArrayData(new Integer[] {1, null, 3}),
                        GenericRowData.of((Object) null),
                        new GenericMapData(map));
        assertThat(renderer.render(row))
                .isEqualTo(
                        "{\"a\":null,\"l\":[1,null,3],\"s\":{\"x\":null},\"mp\":[{\"key\":\"k\",\"value\":null}]}");
    }

    @Test
    void rendersNestedListsStructsAndMapsInOrder() throws IOException {
        ReadSchema schema =
                schema(
                        "message m {",
                        "  required group outer {",
                        "    required int32 n;",
                        "    optional group inner { optional group tags (LIST) {",
                        "        repeated group list { required binary element (STRING); } } }",
                        "  }",
                        "  optional group m (MAP) { repeated group key_value {",
                        "      required int32 key;",
                        "      optional group value (LIST) { repeated group list { optional int64"
                                + " element; } } } }",
                        "  optional group empty (LIST) { repeated group list { optional int32"
                                + " element; } }",
                        "}");
        Map<Integer, GenericArrayData> map = new LinkedHashMap<>();
        map.put(2, new GenericArrayData(new Long[] {7L}));
        map.put(1, new GenericArrayData(new Long[0]));
        RowData row =
                GenericRowData.of(
                        GenericRowData.of(
                                42,
                                GenericRowData.of(
                                        new GenericArrayData(
                                                new StringData[] {
                                                    StringData.fromString("x"),
                                                    StringData.fromString("y")
                                                }))),
                        new GenericMapData(map),
                        new GenericArrayData(new Integer[0]));
        assertThat(new JsonRowRenderer(schema).render(row))
                .isEqualTo(
                        "{\"outer\":{\"n\":42,\"inner\":{\"tags\":[\"x\",\"y\"]}},"
                                + "\"m\":[{\"key\":2,\"value\":[7]},{\"key\":1,\"value\":[]}],"
                                + "\"empty\":[]}");
    }

    @Test
    void rendersMapWithoutValueFieldWithNullValues() throws IOException {
        ReadSchema schema =
                schema(
                        "message m {",
                        "  optional group keys (MAP) { repeated group key_value { required binary"
                                + " key (STRING); } }",
                        "}");
        Map<StringData, Boolean> map = new LinkedHashMap<>();
        map.put(StringData.fromString("a"), null);
        map.put(StringData.fromString("b"), null);
        assertThat(new JsonRowRenderer(schema).render(GenericRowData.of(new GenericMapData(map))))
                .isEqualTo(
                        "{\"keys\":[{\"key\":\"a\",\"value\":null},{\"key\":\"b\",\"value\":null}]}");
    }

    @Test
    void rendersLegacyTwoLevelAndUnannotatedRepeatedFieldsAsLists() throws IOException {
        ReadSchema schema =
                schema(
                        "message m {",
                        "  optional group old (LIST) { repeated int32 array; }",
                        "  repeated binary names (STRING);",
                        "}");
        RowData row =
                GenericRowData.of(
                        new GenericArrayData(new int[] {1, 2}),
                        new GenericArrayData(new StringData[] {StringData.fromString("n")}));
        assertThat(new JsonRowRenderer(schema).render(row))
                .isEqualTo("{\"old\":[1,2],\"names\":[\"n\"]}");
    }

    @Test
    void usesParquetFieldNamesAsKeysEscaped() throws IOException {
        MessageType type =
                Types.buildMessage().required(PrimitiveTypeName.INT32).named("a\"b").named("m");
        ReadSchema schema = TestingReadSchemas.of(type);
        assertThat(new JsonRowRenderer(schema).render(GenericRowData.of(1)))
                .isEqualTo("{\"a\\\"b\":1}");
    }

    @Test
    void rejectsRowsOfAnotherShape() throws IOException {
        ReadSchema schema =
                schema("message m {", "  required int32 a;", "  required binary s (STRING);", "}");
        JsonRowRenderer renderer = new JsonRowRenderer(schema);
        assertThatThrownBy(() -> renderer.render(GenericRowData.of(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("1 fields, the schema 2");
        assertThatThrownBy(() -> renderer.render(GenericRowData.of(1, 2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Cannot render column s: unexpected value class");
    }

    private static ReadSchema schema(String... lines) throws IOException {
        return TestingReadSchemas.parse(lines);
    }
}
