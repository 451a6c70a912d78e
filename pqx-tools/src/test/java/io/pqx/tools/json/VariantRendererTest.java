package io.pqx.tools.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantArrayBuilder;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantObjectBuilder;
import org.junit.jupiter.api.Test;

/**
 * Variants built with parquet-variant's {@link VariantBuilder} (and, for what no writer produces,
 * bytes written by hand after the Variant spec) rendered as JSON-RENDERING.md's VARIANT row says.
 * The expected strings are worked out from the spec and the document, not copied from the output.
 */
class VariantRendererTest {

    @Test
    void rendersNullAndBooleans() {
        assertThat(render(VariantBuilder::appendNull)).isEqualTo("null");
        assertThat(render(b -> b.appendBoolean(true))).isEqualTo("true");
        assertThat(render(b -> b.appendBoolean(false))).isEqualTo("false");
    }

    @Test
    void rendersInt8ToInt64AsDigits() {
        assertThat(render(b -> b.appendByte((byte) -128))).isEqualTo("-128");
        assertThat(render(b -> b.appendShort((short) 32767))).isEqualTo("32767");
        assertThat(render(b -> b.appendInt(Integer.MIN_VALUE))).isEqualTo("-2147483648");
        assertThat(render(b -> b.appendLong(Long.MIN_VALUE))).isEqualTo("-9223372036854775808");
        assertThat(render(b -> b.appendLong(0))).isEqualTo("0");
    }

    /** As a Parquet FLOAT / DOUBLE: shortest round-trip decimal, plain in [1e-3, 1e7). */
    @Test
    void rendersFloatsAndDoublesAsParquetFloatsRender() {
        assertThat(render(b -> b.appendFloat(1.1f))).isEqualTo("1.1");
        assertThat(render(b -> b.appendFloat(-0.0f))).isEqualTo("-0.0");
        assertThat(render(b -> b.appendFloat(Float.MIN_VALUE))).isEqualTo("1.0E-45");
        assertThat(render(b -> b.appendFloat(Float.NEGATIVE_INFINITY))).isEqualTo("\"-Infinity\"");
        assertThat(render(b -> b.appendDouble(0.1))).isEqualTo("0.1");
        assertThat(render(b -> b.appendDouble(1e7))).isEqualTo("1.0E7");
        assertThat(render(b -> b.appendDouble(0.001))).isEqualTo("0.001");
        assertThat(render(b -> b.appendDouble(1.0E-4))).isEqualTo("1.0E-4");
        assertThat(render(b -> b.appendDouble(Double.NaN))).isEqualTo("\"NaN\"");
        assertThat(render(b -> b.appendDouble(2.0))).isEqualTo("2.0");
    }

    /** decimal4, decimal8 and decimal16 (chosen by precision) keep exactly their scale. */
    @Test
    void rendersDecimalsWithExactlyTheirScale() {
        assertThat(typeOf(b -> b.appendDecimal(new BigDecimal("-1.230"))))
                .isEqualTo(Variant.Type.DECIMAL4);
        assertThat(render(b -> b.appendDecimal(new BigDecimal("-1.230")))).isEqualTo("-1.230");
        assertThat(render(b -> b.appendDecimal(new BigDecimal("0.000")))).isEqualTo("0.000");
        assertThat(render(b -> b.appendDecimal(new BigDecimal("42")))).isEqualTo("42");
        assertThat(render(b -> b.appendDecimal(new BigDecimal("0.05")))).isEqualTo("0.05");
        BigDecimal eight = new BigDecimal("1234567890.12345600");
        assertThat(typeOf(b -> b.appendDecimal(eight))).isEqualTo(Variant.Type.DECIMAL8);
        assertThat(render(b -> b.appendDecimal(eight))).isEqualTo("1234567890.12345600");
        BigDecimal sixteen = new BigDecimal("-9999999999999999999999999999.9999999990");
        assertThat(typeOf(b -> b.appendDecimal(sixteen))).isEqualTo(Variant.Type.DECIMAL16);
        assertThat(render(b -> b.appendDecimal(sixteen)))
                .isEqualTo("-9999999999999999999999999999.9999999990");
    }

    @Test
    void rendersDates() {
        assertThat(render(b -> b.appendDate(0))).isEqualTo("\"1970-01-01\"");
        assertThat(render(b -> b.appendDate(-1))).isEqualTo("\"1969-12-31\"");
        assertThat(render(b -> b.appendDate(2_932_897))).isEqualTo("\"+10000-01-01\"");
    }

    /** TIME is microseconds of the day: up to 6 fraction digits, trailing zeros removed. */
    @Test
    void rendersTimesWithMicrosecondFractions() {
        assertThat(render(b -> b.appendTime(0))).isEqualTo("\"00:00:00\"");
        assertThat(render(b -> b.appendTime(45_296_789_000L))).isEqualTo("\"12:34:56.789\"");
        assertThat(render(b -> b.appendTime(1))).isEqualTo("\"00:00:00.000001\"");
        assertThat(render(b -> b.appendTime(86_399_999_999L))).isEqualTo("\"23:59:59.999999\"");
    }

    @Test
    void rendersMicrosecondTimestampsWithZOnlyWhenUtcAdjusted() {
        assertThat(render(b -> b.appendTimestampTz(1_500_000)))
                .isEqualTo("\"1970-01-01T00:00:01.5Z\"");
        assertThat(render(b -> b.appendTimestampNtz(1_500_000)))
                .isEqualTo("\"1970-01-01T00:00:01.5\"");
        // A negative instant with a fraction: the second before, plus the fraction.
        assertThat(render(b -> b.appendTimestampTz(-1)))
                .isEqualTo("\"1969-12-31T23:59:59.999999Z\"");
        assertThat(render(b -> b.appendTimestampNtz(1_767_323_045_000_000L)))
                .isEqualTo("\"2026-01-02T03:04:05\"");
    }

    @Test
    void rendersNanosecondTimestamps() {
        assertThat(render(b -> b.appendTimestampNanosTz(1_000_000_001L)))
                .isEqualTo("\"1970-01-01T00:00:01.000000001Z\"");
        assertThat(render(b -> b.appendTimestampNanosNtz(-1)))
                .isEqualTo("\"1969-12-31T23:59:59.999999999\"");
        assertThat(render(b -> b.appendTimestampNanosNtz(1_767_323_045_120_000_000L)))
                .isEqualTo("\"2026-01-02T03:04:05.12\"");
    }

    @Test
    void rendersBinaryAsHex() {
        assertThat(render(b -> b.appendBinary(ByteBuffer.wrap(new byte[] {0, 0x0a, (byte) 0xff}))))
                .isEqualTo("\"0x000aff\"");
        assertThat(render(b -> b.appendBinary(ByteBuffer.allocate(0)))).isEqualTo("\"0x\"");
    }

    /** Short (up to 63 bytes) and long strings, escaped as every JSON string of pqx cat. */
    @Test
    void rendersStringsEscaped() {
        assertThat(render(b -> b.appendString("a\"b\\c\nd\te\u0001\u007fé😀")))
                .isEqualTo("\"a\\\"b\\\\c\\nd\\te\\u0001\u007fé😀\"");
        String longString = "x".repeat(100) + "\r";
        assertThat(render(b -> b.appendString(longString)))
                .isEqualTo("\"" + "x".repeat(100) + "\\r\"");
        assertThat(render(b -> b.appendString(""))).isEqualTo("\"\"");
    }

    @Test
    void rendersUuids() {
        UUID uuid = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");
        assertThat(render(b -> b.appendUUID(uuid)))
                .isEqualTo("\"00112233-4455-6677-8899-aabbccddeeff\"");
    }

    @Test
    void rendersNestedObjectsAndArrays() {
        String json =
                render(
                        b -> {
                            VariantObjectBuilder o = b.startObject();
                            o.appendKey("list");
                            VariantArrayBuilder list = o.startArray();
                            list.appendInt(1);
                            list.appendNull();
                            VariantObjectBuilder inner = list.startObject();
                            inner.appendKey("k");
                            inner.appendString("v");
                            list.endObject();
                            list.startArray();
                            list.endArray();
                            o.endArray();
                            o.appendKey("empty");
                            o.startObject();
                            o.endObject();
                            o.appendKey("n");
                            o.appendNull();
                            b.endObject();
                        });
        assertThat(json).isEqualTo("{\"empty\":{},\"list\":[1,null,{\"k\":\"v\"},[]],\"n\":null}");
    }

    /**
     * Fields in UTF-8 byte order (code point order): U+FFFD before U+1F600, although UTF-16 (and
     * String.compareTo) puts the surrogate pair of U+1F600 first.
     */
    @Test
    void rendersObjectFieldsInUtf8KeyOrder() {
        String[] keys = {"😀", "z", "\uFFFD", "日", "a", "é", "A", "ab", ""};
        String json =
                render(
                        b -> {
                            VariantObjectBuilder o = b.startObject();
                            for (int i = 0; i < keys.length; i++) {
                                o.appendKey(keys[i]);
                                o.appendInt(i);
                            }
                            b.endObject();
                        });
        assertThat(json)
                .isEqualTo(
                        "{\"\":8,\"A\":6,\"a\":4,\"ab\":7,\"z\":1,\"é\":5,\"日\":3,\"\uFFFD\":2,\"😀\":0}");
    }

    /** An object whose fields a writer stored out of UTF-8 order still renders in key order. */
    @Test
    void sortsFieldsStoredOutOfOrder() {
        byte[] metadata = metadata("b", "a");
        // object, 1-byte ids and offsets: 2 fields, ids [0 ("b"), 1 ("a")], values int8 1 and 2.
        byte[] value = {0x02, 2, 0, 1, 0, 2, 4, 0x0c, 1, 0x0c, 2};
        assertThat(render(value, metadata)).isEqualTo("{\"a\":2,\"b\":1}");
    }

    @Test
    void rejectsATruncatedValue() {
        byte[][] v = encode(b -> b.appendLong(1L << 40));
        byte[] truncated = Arrays.copyOf(v[0], v[0].length - 1);
        assertMalformed(truncated, v[1], "$", "the value needs bytes 1 to 9, its bytes end at 8");
    }

    @Test
    void rejectsTrailingBytes() {
        byte[][] v = encode(b -> b.appendInt(7));
        byte[] longer = Arrays.copyOf(v[0], v[0].length + 1);
        assertMalformed(longer, v[1], "$", "the value ends at byte 5 of 6 bytes");
    }

    @Test
    void rejectsAnEmptyValue() {
        assertMalformed(new byte[0], metadata(), "$", "the value is empty");
    }

    @Test
    void rejectsAnUnknownPrimitiveType() {
        assertMalformed(new byte[] {21 << 2}, metadata(), "$", "unknown primitive type id 21");
    }

    @Test
    void rejectsAFieldIdOutsideTheMetadata() {
        byte[] value = {0x02, 1, 5, 0, 1, 0x00};
        assertMalformed(value, metadata("a"), "$", "field id 5 is not in the metadata's 1 keys");
    }

    @Test
    void rejectsAStringThatIsNotUtf8() {
        byte[] value = {(2 << 2) | 1, (byte) 0xc3, 0x28};
        assertMalformed(value, metadata(), "$", "the string is not valid UTF-8");
    }

    @Test
    void rejectsAKeyThatIsNotUtf8() {
        byte[] metadata = {0x01, 1, 0, 1, (byte) 0xff};
        byte[] value = {0x02, 1, 0, 0, 1, 0x00};
        assertMalformed(value, metadata, "$", "key 0 of the metadata is not valid UTF-8");
    }

    @Test
    void rejectsADuplicateKey() {
        byte[] value = {0x02, 2, 0, 0, 0, 2, 4, 0x0c, 1, 0x0c, 2};
        assertMalformed(value, metadata("a"), "$", "the object has the key \"a\" twice");
    }

    @Test
    void rejectsAnUnknownMetadataVersion() {
        byte[] metadata = {0x02, 0, 0};
        assertMalformed(
                new byte[] {0x00}, metadata, "$", "the metadata has version 2, only 1 is defined");
    }

    @Test
    void rejectsMetadataWithBytesAfterItsKeys() {
        byte[] metadata = {0x01, 1, 0, 1, 'a', 'b'};
        assertMalformed(
                new byte[] {0x00},
                metadata,
                "$",
                "the metadata's keys end at byte 5, the metadata has 6");
    }

    /** The place inside the value is named: the second element of field "a". */
    @Test
    void namesThePlaceOfANestedMalformedValue() {
        // {"a": [1, <time of 25 hours>]}
        byte[] time = new byte[9];
        time[0] = 17 << 2;
        ByteBuffer.wrap(time, 1, 8).order(ByteOrder.LITTLE_ENDIAN).putLong(25 * 3_600_000_000L);
        ByteArrayOutputStream array = new ByteArrayOutputStream();
        array.writeBytes(new byte[] {0x03, 2, 0, 2, 11, 0x0c, 1});
        array.writeBytes(time);
        byte[] arrayBytes = array.toByteArray();
        ByteArrayOutputStream object = new ByteArrayOutputStream();
        object.writeBytes(new byte[] {0x02, 1, 0, 0, (byte) arrayBytes.length});
        object.writeBytes(arrayBytes);
        assertMalformed(
                object.toByteArray(),
                metadata("a"),
                "$.a[1]",
                "the time 90000000000 microseconds is not within a day");
    }

    @Test
    void rejectsAnElementOutsideItsArray() {
        // [int8 1] whose one offset pair says the element has 0 bytes.
        byte[] value = {0x03, 1, 0, 0, 0x0c, 1};
        assertMalformed(
                value, metadata(), "$[0]", "the value at byte 4 is past the end of its bytes at 4");
    }

    @Test
    void rejectsElementOffsetsOutsideTheArray() {
        // [int8 1, int8 2] whose middle offset (9) points past the 4 bytes of values.
        byte[] value = {0x03, 2, 0, 9, 4, 0x0c, 1, 0x0c, 2};
        assertMalformed(
                value,
                metadata(),
                "$",
                "element 0 has bytes 0 to 9 of the array's 4 bytes of values");
    }

    @Test
    void rejectsADecimalBeyondItsPrecision() {
        // decimal4 with scale 10: more decimals than its 9 digits of precision.
        byte[] value = {8 << 2, 10, 1, 0, 0, 0};
        assertMalformed(
                value,
                metadata(),
                "$",
                "the decimal 0.0000000001 (scale 10) does not fit precision 9");
    }

    /** Arrays nested to the limit render; one level more is refused, not a StackOverflowError. */
    @Test
    void refusesNestingBeyondTheLimit() {
        assertThat(render(nestedArrays(VariantRenderer.MAX_DEPTH), metadata()))
                .isEqualTo(
                        "[".repeat(VariantRenderer.MAX_DEPTH)
                                + "]".repeat(VariantRenderer.MAX_DEPTH));
        StringBuilder path = new StringBuilder("$");
        for (int i = 0; i < VariantRenderer.MAX_DEPTH; i++) {
            path.append("[0]");
        }
        assertMalformed(
                nestedArrays(VariantRenderer.MAX_DEPTH + 1),
                metadata(),
                path.toString(),
                "objects and arrays nest deeper than 500 levels");
    }

    /** {@code levels} arrays, each the one element of the one around it; the innermost empty. */
    private static byte[] nestedArrays(int levels) {
        // array with 4-byte offsets (header 0x0f), count 0: header, count, one offset 0.
        byte[] value = {0x0f, 0, 0, 0, 0, 0};
        for (int i = 1; i < levels; i++) {
            ByteBuffer outer =
                    ByteBuffer.allocate(10 + value.length).order(ByteOrder.LITTLE_ENDIAN);
            outer.put((byte) 0x0f).put((byte) 1).putInt(0).putInt(value.length).put(value);
            value = outer.array();
        }
        return value;
    }

    /** The public entry for the interop tests renders the same as the renderer. */
    @Test
    void jsonValuesRendersVariantBytes() {
        byte[][] v = encode(b -> b.appendDecimal(new BigDecimal("12.50")));
        StringBuilder sb = new StringBuilder();
        JsonValues.appendVariant(sb, v[0], v[1]);
        assertThat(sb).hasToString("12.50");
    }

    @Test
    void appendsNothingForAMalformedValue() {
        StringBuilder sb = new StringBuilder("{\"v\":");
        byte[] value = {0x03, 2, 0, 2, 4, 0x0c, 1, 21 << 2, 0};
        assertThatThrownBy(() -> VariantRenderer.append(sb, value, metadata()))
                .isInstanceOf(MalformedVariantException.class);
        assertThat(sb).hasToString("{\"v\":");
    }

    private static void assertMalformed(byte[] value, byte[] metadata, String path, String reason) {
        assertThatThrownBy(() -> render(value, metadata))
                .isInstanceOfSatisfying(
                        MalformedVariantException.class,
                        e -> {
                            assertThat(e.reason()).isEqualTo(reason);
                            assertThat(e.variantPath()).isEqualTo(path);
                            assertThat(e.getMessage())
                                    .isEqualTo(
                                            "Cannot render variant value at "
                                                    + path
                                                    + ": "
                                                    + reason);
                        });
    }

    /** Metadata (version 1, 1-byte offsets) with these keys. */
    static byte[] metadata(String... keys) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x01);
        out.write(keys.length);
        int offset = 0;
        out.write(offset);
        for (String key : keys) {
            offset += key.getBytes(StandardCharsets.UTF_8).length;
            out.write(offset);
        }
        for (String key : keys) {
            out.writeBytes(key.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    static byte[][] encode(Consumer<VariantBuilder> build) {
        VariantBuilder builder = new VariantBuilder();
        build.accept(builder);
        Variant variant = builder.build();
        return new byte[][] {bytes(variant.getValueBuffer()), bytes(variant.getMetadataBuffer())};
    }

    private static Variant.Type typeOf(Consumer<VariantBuilder> build) {
        byte[][] v = encode(build);
        return new Variant(v[0], v[1]).getType();
    }

    private static String render(Consumer<VariantBuilder> build) {
        byte[][] v = encode(build);
        return render(v[0], v[1]);
    }

    private static String render(byte[] value, byte[] metadata) {
        StringBuilder sb = new StringBuilder();
        VariantRenderer.append(sb, value, metadata);
        return sb.toString();
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }
}
