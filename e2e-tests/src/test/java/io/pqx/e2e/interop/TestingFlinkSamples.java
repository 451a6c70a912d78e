package io.pqx.e2e.interop;

import io.pqx.e2e.interop.FlinkSample.Value;
import io.pqx.tools.json.JsonValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Factories of {@link FlinkSample}s for every Flink type pqx writes, and the combinators for
 * nullability, ARRAY, MAP, MULTISET and ROW. Values stress the edges: extreme integers, NaN and
 * -0.0, decimals at full precision, strings needing JSON escapes and non-ASCII, dates before 1582
 * and after 9999, timestamps before the epoch, empty arrays and maps. Stateless.
 */
final class TestingFlinkSamples {

    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private TestingFlinkSamples() {}

    /** {@code sample} made nullable: about one value in {@code oneIn} is NULL. */
    static FlinkSample nullable(FlinkSample sample, int oneIn) {
        return of(
                sample.type().copy(true),
                r -> r.nextInt(oneIn) == 0 ? new Value(null, "null") : sample.draw(r));
    }

    /** {@code sample} made nullable: each value is NULL with probability {@code fraction}. */
    static FlinkSample nullableAt(FlinkSample sample, double fraction) {
        return of(
                sample.type().copy(true),
                r -> r.nextDouble() < fraction ? new Value(null, "null") : sample.draw(r));
    }

    /** INT NOT NULL counting 0, 1, 2, ... in draw order (stateful: one instance per table). */
    static FlinkSample sequence() {
        int[] next = {0};
        return of(
                new IntType(false),
                r -> {
                    int v = next[0]++;
                    return new Value(v, Integer.toString(v));
                });
    }

    /** STRING NOT NULL drawn from a few values: a dictionary-friendly column. */
    static FlinkSample oneOf(String... values) {
        return of(
                VarCharType.STRING_TYPE.copy(false),
                r -> {
                    String s = values[r.nextInt(values.length)];
                    return new Value(StringData.fromString(s), JsonValues.formatString(s));
                });
    }

    static FlinkSample bool() {
        return of(
                new BooleanType(false),
                r -> {
                    boolean b = r.nextBoolean();
                    return new Value(b, Boolean.toString(b));
                });
    }

    static FlinkSample tinyint() {
        return integer(
                new TinyIntType(false), r -> (long) (byte) r.nextInt(), v -> (byte) (long) v);
    }

    static FlinkSample smallint() {
        return integer(
                new SmallIntType(false), r -> (long) (short) r.nextInt(), v -> (short) (long) v);
    }

    static FlinkSample integer() {
        return integer(
                new IntType(false),
                r -> edge(r, Integer.MIN_VALUE, Integer.MAX_VALUE, r.nextInt()),
                v -> (int) (long) v);
    }

    static FlinkSample bigint() {
        return integer(
                new BigIntType(false),
                r -> edge(r, Long.MIN_VALUE, Long.MAX_VALUE, r.nextLong()),
                v -> v);
    }

    static FlinkSample floats() {
        return of(
                new FloatType(false),
                r -> {
                    float f =
                            switch (r.nextInt(12)) {
                                case 0 -> Float.NaN;
                                case 1 -> -0.0f;
                                case 2 -> Float.MIN_VALUE;
                                case 3 -> Float.NEGATIVE_INFINITY;
                                default ->
                                        (float)
                                                (r.nextGaussian()
                                                        * Math.pow(10, r.nextInt(20) - 10));
                            };
                    return new Value(f, JsonValues.formatFloat(f));
                });
    }

    static FlinkSample doubles() {
        return of(
                new DoubleType(false),
                r -> {
                    double d =
                            switch (r.nextInt(12)) {
                                case 0 -> Double.NaN;
                                case 1 -> -0.0;
                                case 2 -> Double.MAX_VALUE;
                                case 3 -> Double.POSITIVE_INFINITY;
                                default -> r.nextGaussian() * Math.pow(10, r.nextInt(60) - 30);
                            };
                    return new Value(d, JsonValues.formatDouble(d));
                });
    }

    /** DECIMAL(p,s) with values up to the full precision, both signs. */
    static FlinkSample decimal(int precision, int scale) {
        BigInteger bound = BigInteger.TEN.pow(precision);
        return of(
                new DecimalType(false, precision, scale),
                r -> {
                    BigInteger unscaled = new BigInteger(bound.bitLength() + 8, r).mod(bound);
                    if (r.nextInt(8) == 0) {
                        unscaled = bound.subtract(BigInteger.ONE); // 99...9
                    }
                    BigDecimal value =
                            new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), scale);
                    return new Value(
                            DecimalData.fromBigDecimal(value, precision, scale),
                            JsonValues.formatDecimal(value, scale));
                });
    }

    /**
     * STRING (or VARCHAR(n) / CHAR(n) when {@code length > 0}, with values of exactly that many
     * chars for CHAR).
     */
    static FlinkSample string(LogicalType type, int length) {
        boolean fixed = type instanceof CharType;
        return of(
                type,
                r -> {
                    String s = text(r, length, fixed);
                    return new Value(StringData.fromString(s), JsonValues.formatString(s));
                });
    }

    static FlinkSample string() {
        return string(VarCharType.STRING_TYPE.copy(false), 0);
    }

    static FlinkSample varchar(int length) {
        return string(new VarCharType(false, length), length);
    }

    static FlinkSample chars(int length) {
        return string(new CharType(false, length), length);
    }

    /** BINARY(n) ({@code fixed}, exactly n bytes) or VARBINARY(n) / BYTES. */
    static FlinkSample bytes(int length, boolean fixed) {
        LogicalType type = fixed ? new BinaryType(false, length) : new VarBinaryType(false, length);
        return of(
                type,
                r -> {
                    byte[] b = new byte[fixed ? length : r.nextInt(Math.min(length, 40) + 1)];
                    r.nextBytes(b);
                    return new Value(b, JsonValues.formatHex(b));
                });
    }

    /** DATE from year -1000 to 12000 (proleptic Gregorian). */
    static FlinkSample date() {
        return of(
                new DateType(false),
                r -> {
                    int days = r.nextInt(4_750_000) - 1_084_000;
                    return new Value(days, JsonValues.formatDate(days));
                });
    }

    /** TIME(p), stored by pqx as milliseconds of the day. */
    static FlinkSample time(int precision) {
        return of(
                new TimeType(false, precision),
                r -> {
                    int millis = r.nextInt(86_400_000);
                    if (precision == 0) {
                        millis -= millis % 1000;
                    }
                    return new Value(millis, JsonValues.formatTime(millis * 1_000_000L));
                });
    }

    static FlinkSample timestamp(int precision) {
        return timestamp(new TimestampType(false, precision), precision, false);
    }

    static FlinkSample timestampLtz(int precision) {
        return timestamp(new LocalZonedTimestampType(false, precision), precision, true);
    }

    /**
     * Timestamps with exactly {@code precision} fractional digits, from year 1 to 9999 (1678 to
     * 2261 for nanosecond precision, which pqx stores as int64 nanoseconds).
     */
    private static FlinkSample timestamp(LogicalType type, int precision, boolean utc) {
        long unit = (long) Math.pow(10, 9 - precision);
        return of(
                type,
                r -> {
                    long seconds =
                            precision > 6
                                    ? (long) (r.nextDouble() * 18_000_000_000L) - 9_000_000_000L
                                    : (long) (r.nextDouble() * 315_000_000_000L) - 62_000_000_000L;
                    int nanos = (int) (r.nextInt(1_000_000_000) / unit * unit);
                    TimestampData ts =
                            TimestampData.fromEpochMillis(
                                    seconds * 1000L + nanos / 1_000_000, nanos % 1_000_000);
                    return new Value(ts, JsonValues.formatTimestamp(seconds, nanos, utc));
                });
    }

    /** ARRAY of {@code element}, 0 to {@code maxSize} elements. */
    static FlinkSample array(FlinkSample element, int maxSize) {
        return of(
                new ArrayType(false, element.type()),
                r -> {
                    int size = r.nextInt(maxSize + 1);
                    Object[] values = new Object[size];
                    List<String> json = new ArrayList<>();
                    for (int i = 0; i < size; i++) {
                        Value v = element.draw(r);
                        values[i] = v.internal();
                        json.add(v.json());
                    }
                    return new Value(
                            new GenericArrayData(values), "[" + String.join(",", json) + "]");
                });
    }

    /** MAP of distinct keys (in insertion order) to values, 0 to {@code maxSize} entries. */
    static FlinkSample map(FlinkSample key, FlinkSample value, int maxSize) {
        return of(
                new MapType(false, key.type(), value.type()),
                r -> entries(r, key, maxSize, k -> value.draw(r)));
    }

    /** MULTISET of {@code element}: written as a MAP of element to its count (INT NOT NULL). */
    static FlinkSample multiset(FlinkSample element, int maxSize) {
        return of(
                new MultisetType(false, element.type()),
                r ->
                        entries(
                                r,
                                element,
                                maxSize,
                                k -> {
                                    int count = 1 + r.nextInt(3);
                                    return new Value(count, Integer.toString(count));
                                }));
    }

    private static Value entries(
            Random r, FlinkSample key, int maxSize, Function<Value, Value> valueOf) {
        Map<Object, Object> map = new LinkedHashMap<>();
        Map<String, String> json = new LinkedHashMap<>();
        for (int i = r.nextInt(maxSize + 1); i > 0; i--) {
            Value k = key.draw(r);
            if (k.internal() != null && !json.containsKey(k.json())) {
                Value v = valueOf.apply(k);
                map.put(k.internal(), v.internal());
                json.put(k.json(), v.json());
            }
        }
        List<String> entries = new ArrayList<>();
        json.forEach((k, v) -> entries.add("{\"key\":" + k + ",\"value\":" + v + "}"));
        return new Value(new GenericMapData(map), "[" + String.join(",", entries) + "]");
    }

    /** ROW of named fields; also the shape of a whole table row. */
    static FlinkSample row(Map<String, FlinkSample> fields) {
        List<RowType.RowField> types = new ArrayList<>();
        fields.forEach((name, sample) -> types.add(new RowType.RowField(name, sample.type())));
        List<FlinkSample> samples = List.copyOf(fields.values());
        List<String> keys = fields.keySet().stream().map(JsonValues::formatString).toList();
        return of(
                new RowType(false, types),
                r -> {
                    GenericRowData row = new GenericRowData(samples.size());
                    StringBuilder json = new StringBuilder("{");
                    for (int i = 0; i < samples.size(); i++) {
                        Value v = samples.get(i).draw(r);
                        row.setField(i, v.internal());
                        json.append(i == 0 ? "" : ",")
                                .append(keys.get(i))
                                .append(':')
                                .append(v.json());
                    }
                    return new Value(row, json.append('}').toString());
                });
    }

    private static FlinkSample integer(
            LogicalType type, Function<Random, Long> draw, Function<Long, Object> internal) {
        return of(
                type,
                r -> {
                    long v = draw.apply(r);
                    return new Value(internal.apply(v), Long.toString(v));
                });
    }

    /** One draw in eight is a bound of the range, to catch sign and width mistakes. */
    private static long edge(Random r, long min, long max, long random) {
        return switch (r.nextInt(16)) {
            case 0 -> min;
            case 1 -> max;
            default -> random;
        };
    }

    private static String text(Random r, int length, boolean fixed) {
        String[] pieces = {
            "a", "Z", "ü", "日本", "🚀", "\"", "\\", "\n", "\t", "\u0001", "\u007f", " ", "é"
        };
        int size = fixed ? length : r.nextInt(length > 0 ? length + 1 : 24);
        StringBuilder sb = new StringBuilder();
        while (sb.codePointCount(0, sb.length()) < size) {
            String piece = pieces[r.nextInt(pieces.length)];
            sb.append(r.nextInt(3) == 0 ? piece : Character.toString('a' + r.nextInt(26)));
        }
        String s = sb.toString();
        // Keep exactly `size` code points (CHAR(n) counts characters, not UTF-16 units).
        return s.substring(0, s.offsetByCodePoints(0, size));
    }

    private static FlinkSample of(LogicalType type, Function<Random, Value> draw) {
        return new FlinkSample() {
            @Override
            public LogicalType type() {
                return type;
            }

            @Override
            public Value draw(Random random) {
                return draw.apply(random);
            }
        };
    }
}
