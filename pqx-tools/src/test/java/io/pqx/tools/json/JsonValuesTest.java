package io.pqx.tools.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonValuesTest {

    @Test
    void escapesStringsExactlyAsSpecified() {
        assertThat(JsonValues.formatString("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(JsonValues.formatString("\n\r\t\b\f")).isEqualTo("\"\\n\\r\\t\\b\\f\"");
        assertThat(JsonValues.formatString("\u0000\u0001\u001f\u000b"))
                .isEqualTo("\"\\u0000\\u0001\\u001f\\u000b\"");
        assertThat(JsonValues.formatString("\u007f/é日😀")).isEqualTo("\"\u007f/é日😀\"");
        assertThat(JsonValues.formatString("")).isEqualTo("\"\"");
    }

    @Test
    void appendsToAnExistingBuilder() {
        StringBuilder sb = new StringBuilder("{\"s\":");
        JsonValues.appendString(sb, "x");
        sb.append(",\"b\":");
        JsonValues.appendHex(sb, new byte[] {0, 10, (byte) 0xff, 0x7f});
        assertThat(sb.toString()).isEqualTo("{\"s\":\"x\",\"b\":\"0x000aff7f\"");
    }

    @Test
    void rendersEmptyBinaryAsBarePrefix() {
        assertThat(JsonValues.formatHex(new byte[0])).isEqualTo("\"0x\"");
    }

    @Test
    void rendersDoublesAsShortestRoundTripDecimal() {
        assertThat(JsonValues.formatDouble(2.0E-3)).isEqualTo("0.002");
        assertThat(JsonValues.formatDouble(1.0E23)).isEqualTo("1.0E23");
        assertThat(JsonValues.formatDouble(5.0E-324)).isEqualTo("5.0E-324");
        assertThat(JsonValues.formatDouble(Double.MAX_VALUE)).isEqualTo("1.7976931348623157E308");
        assertThat(JsonValues.formatDouble(Double.MIN_NORMAL)).isEqualTo("2.2250738585072014E-308");
        assertThat(JsonValues.formatDouble(1.0E7)).isEqualTo("1.0E7");
        assertThat(JsonValues.formatDouble(9999999.0)).isEqualTo("9999999.0");
        assertThat(JsonValues.formatDouble(0.001)).isEqualTo("0.001");
        assertThat(JsonValues.formatDouble(9.999E-4)).isEqualTo("9.999E-4");
        assertThat(JsonValues.formatDouble(100.0)).isEqualTo("100.0");
        assertThat(JsonValues.formatDouble(1.0)).isEqualTo("1.0");
        assertThat(JsonValues.formatDouble(-1.5E-10)).isEqualTo("-1.5E-10");
        assertThat(JsonValues.formatDouble(0.1 + 0.2)).isEqualTo("0.30000000000000004");
        assertThat(JsonValues.formatDouble(123456.789)).isEqualTo("123456.789");
        assertThat(JsonValues.formatDouble(12345678.9)).isEqualTo("1.23456789E7");
        assertThat(JsonValues.formatDouble(-2.5)).isEqualTo("-2.5");
    }

    @Test
    void rendersSignedZeroAndNonFiniteDoubles() {
        assertThat(JsonValues.formatDouble(0.0)).isEqualTo("0.0");
        assertThat(JsonValues.formatDouble(-0.0)).isEqualTo("-0.0");
        assertThat(JsonValues.formatDouble(Double.NaN)).isEqualTo("\"NaN\"");
        assertThat(JsonValues.formatDouble(Double.POSITIVE_INFINITY)).isEqualTo("\"Infinity\"");
        assertThat(JsonValues.formatDouble(Double.NEGATIVE_INFINITY)).isEqualTo("\"-Infinity\"");
    }

    @Test
    void rendersFloatsAsShortestRoundTripDecimalOfTheFloat() {
        assertThat(JsonValues.formatFloat(Float.MIN_VALUE)).isEqualTo("1.0E-45");
        assertThat(JsonValues.formatFloat(Float.MAX_VALUE)).isEqualTo("3.4028235E38");
        assertThat(JsonValues.formatFloat(Float.MIN_NORMAL)).isEqualTo("1.1754944E-38");
        assertThat(JsonValues.formatFloat(0.1f)).isEqualTo("0.1");
        assertThat(JsonValues.formatFloat(2.0E-3f)).isEqualTo("0.002");
        assertThat(JsonValues.formatFloat(1.0E7f)).isEqualTo("1.0E7");
        assertThat(JsonValues.formatFloat(9999999.0f)).isEqualTo("9999999.0");
        assertThat(JsonValues.formatFloat(16777216f)).isEqualTo("1.6777216E7");
        assertThat(JsonValues.formatFloat(1.1f)).isEqualTo("1.1");
        assertThat(JsonValues.formatFloat(-0.0f)).isEqualTo("-0.0");
        assertThat(JsonValues.formatFloat(Float.NaN)).isEqualTo("\"NaN\"");
        assertThat(JsonValues.formatFloat(Float.NEGATIVE_INFINITY)).isEqualTo("\"-Infinity\"");
    }

    /** Expected renderings computed by Python's repr and numpy's Dragon4, independent of Java. */
    @Test
    void matchesAnIndependentShortestDecimalOracle() throws IOException {
        List<String> mismatches = new ArrayList<>();
        int checked = 0;
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(
                                JsonValuesTest.class.getResourceAsStream("shortest-decimals.tsv"),
                                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t");
                String actual =
                        parts[0].equals("D")
                                ? JsonValues.formatDouble(
                                        Double.longBitsToDouble(Long.parseLong(parts[1])))
                                : JsonValues.formatFloat(
                                        Float.intBitsToFloat(Integer.parseInt(parts[1])));
                if (!actual.equals(parts[2])) {
                    mismatches.add(line + " -> " + actual);
                }
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(3000);
        assertThat(mismatches).isEmpty();
    }

    @Test
    void rendersFloat16AsFloat() {
        assertThat(JsonValues.formatFloat16((short) 0x3c00)).isEqualTo("1.0");
        assertThat(JsonValues.formatFloat16((short) 0xc000)).isEqualTo("-2.0");
        assertThat(JsonValues.formatFloat16((short) 0x7bff)).isEqualTo("65504.0");
        assertThat(JsonValues.formatFloat16((short) 0x0001)).isEqualTo("5.9604645E-8");
        assertThat(JsonValues.formatFloat16((short) 0x3555)).isEqualTo("0.33325195");
        assertThat(JsonValues.formatFloat16((short) 0x8000)).isEqualTo("-0.0");
        assertThat(JsonValues.formatFloat16((short) 0x7c00)).isEqualTo("\"Infinity\"");
        assertThat(JsonValues.formatFloat16((short) 0xfc00)).isEqualTo("\"-Infinity\"");
        assertThat(JsonValues.formatFloat16((short) 0x7e00)).isEqualTo("\"NaN\"");
    }

    @Test
    void rendersDecimalsWithExactlyTheScale() {
        assertThat(JsonValues.formatDecimal(new BigDecimal("-1.23"), 3)).isEqualTo("-1.230");
        assertThat(JsonValues.formatDecimal(new BigDecimal("12.5"), 2)).isEqualTo("12.50");
        assertThat(JsonValues.formatDecimal(new BigDecimal("1E+3"), 0)).isEqualTo("1000");
        assertThat(JsonValues.formatDecimal(new BigDecimal("0.0001"), 4)).isEqualTo("0.0001");
        assertThat(JsonValues.formatDecimal(BigDecimal.ZERO, 2)).isEqualTo("0.00");
        assertThat(JsonValues.formatDecimal(new BigDecimal("-0.5"), 1)).isEqualTo("-0.5");
        assertThatThrownBy(() -> JsonValues.formatDecimal(new BigDecimal("1.234"), 2))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void rendersUnsignedLongsWithoutSign() {
        assertThat(JsonValues.formatUnsigned(-1L)).isEqualTo("18446744073709551615");
        assertThat(JsonValues.formatUnsigned(Long.MIN_VALUE)).isEqualTo("9223372036854775808");
        assertThat(JsonValues.formatUnsigned(42)).isEqualTo("42");
    }

    @Test
    void rendersDatesProlepticGregorianInIsoForm() {
        assertThat(JsonValues.formatDate(0)).isEqualTo("\"1970-01-01\"");
        assertThat(JsonValues.formatDate(-1)).isEqualTo("\"1969-12-31\"");
        assertThat(JsonValues.formatDate(18262)).isEqualTo("\"2020-01-01\"");
        assertThat(JsonValues.formatDate(2932896)).isEqualTo("\"9999-12-31\"");
        assertThat(JsonValues.formatDate(2932897)).isEqualTo("\"+10000-01-01\"");
        assertThat(JsonValues.formatDate(-719528)).isEqualTo("\"0000-01-01\"");
        assertThat(JsonValues.formatDate(-719529)).isEqualTo("\"-0001-12-31\"");
        assertThat(JsonValues.formatDate(Integer.MAX_VALUE)).isEqualTo("\"+5881580-07-11\"");
        assertThat(JsonValues.formatDate(Integer.MIN_VALUE)).isEqualTo("\"-5877641-06-23\"");
    }

    @Test
    void rendersTimesWithTrimmedFraction() {
        assertThat(JsonValues.formatTime(0)).isEqualTo("\"00:00:00\"");
        assertThat(JsonValues.formatTime(3_723_000_000_000L)).isEqualTo("\"01:02:03\"");
        assertThat(JsonValues.formatTime(3_723_500_000_000L)).isEqualTo("\"01:02:03.5\"");
        assertThat(JsonValues.formatTime(3_723_000_000_010L)).isEqualTo("\"01:02:03.00000001\"");
        assertThat(JsonValues.formatTime(86_399_999_999_999L)).isEqualTo("\"23:59:59.999999999\"");
        assertThatThrownBy(() -> JsonValues.formatTime(86_400_000_000_000L))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rendersTimestampsWithZOnlyWhenUtcAdjusted() {
        assertThat(JsonValues.formatTimestamp(0, 0, false)).isEqualTo("\"1970-01-01T00:00:00\"");
        assertThat(JsonValues.formatTimestamp(1_767_323_045L, 500_000_000, true))
                .isEqualTo("\"2026-01-02T03:04:05.5Z\"");
        assertThat(JsonValues.formatTimestamp(-1, 999_999_000, false))
                .isEqualTo("\"1969-12-31T23:59:59.999999\"");
        assertThat(JsonValues.formatTimestamp(253_402_300_800L, 1, true))
                .isEqualTo("\"+10000-01-01T00:00:00.000000001Z\"");
        assertThat(JsonValues.formatTimestamp(-62_167_219_200L - 1, 0, false))
                .isEqualTo("\"-0001-12-31T23:59:59\"");
    }

    @Test
    void rendersInt96AsSparkReadsIt() {
        assertThat(JsonValues.formatInt96(int96(2_440_588, 0)))
                .isEqualTo("\"1970-01-01T00:00:00\"");
        assertThat(JsonValues.formatInt96(int96(2_458_850, 3_600_123_456_789L)))
                .isEqualTo("\"2020-01-01T01:00:00.123456789\"");
        assertThat(JsonValues.formatInt96(int96(0, 0))).isEqualTo("\"-4713-11-24T00:00:00\"");
        // Negative nanos of day: -1 ns before the epoch.
        assertThat(JsonValues.formatInt96(int96(2_440_588, -1)))
                .isEqualTo("\"1969-12-31T23:59:59.999999999\"");
        // Microseconds overflow int64 and wrap around, as in Spark.
        assertThat(JsonValues.formatInt96(int96(Integer.MAX_VALUE, 0)))
                .isEqualTo("\"+29357-12-05T15:41:44.48384\"");
        assertThat(JsonValues.formatInt96(int96(Integer.MIN_VALUE, 86_399_999_999_999L)))
                .isEqualTo("\"+29357-12-07T15:41:44.483839999\"");
    }

    @Test
    void rendersUuidsAsLowercaseGroups() {
        byte[] bytes = new byte[16];
        for (int i = 0; i < 16; i++) {
            bytes[i] = (byte) (0xf0 + i - 8 * (i % 2));
        }
        assertThat(JsonValues.formatUuid(bytes))
                .isEqualTo("\"f0e9f2eb-f4ed-f6ef-f8f1-faf3fcf5fef7\"");
        assertThatThrownBy(() -> JsonValues.formatUuid(new byte[15]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] int96(int julianDay, long nanosOfDay) {
        return ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putLong(nanosOfDay)
                .putInt(julianDay)
                .array();
    }
}
