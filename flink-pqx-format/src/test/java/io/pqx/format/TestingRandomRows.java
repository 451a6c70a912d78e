package io.pqx.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Deterministic random Flink rows of any supported type: nulls wherever the type allows them (about
 * one in seven), empty and non-empty collections, negative epochs, decimals up to their full
 * precision, low- and high-cardinality strings.
 */
public final class TestingRandomRows {
    private static final String[] WORDS = {"", "a", "pqx", "flink", "ümlaut", "日本", "x".repeat(40)};
    private final Random random;

    public TestingRandomRows(long seed) {
        this.random = new Random(seed);
    }

    public List<RowData> rows(RowType type, int count) {
        List<RowData> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(row(type));
        }
        return out;
    }

    public RowData row(RowType type) {
        GenericRowData row = new GenericRowData(type.getFieldCount());
        for (int i = 0; i < type.getFieldCount(); i++) {
            row.setField(i, value(type.getTypeAt(i)));
        }
        return row;
    }

    public Object value(LogicalType type) {
        if (type.isNullable() && random.nextInt(7) == 0) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return random.nextBoolean();
            case TINYINT:
                return (byte) random.nextInt();
            case SMALLINT:
                return (short) random.nextInt();
            case INTEGER:
                return random.nextBoolean() ? random.nextInt(10) : random.nextInt();
            case DATE:
                return random.nextInt(200_000) - 100_000;
            case TIME_WITHOUT_TIME_ZONE:
                return random.nextInt(86_400_000);
            case BIGINT:
                return random.nextBoolean() ? (long) random.nextInt(10) : random.nextLong();
            case FLOAT:
                return random.nextFloat() * 2000 - 1000;
            case DOUBLE:
                return random.nextGaussian() * 1e6;
            case DECIMAL:
                return decimal((DecimalType) type);
            case CHAR:
            case VARCHAR:
                return StringData.fromString(string());
            case BINARY:
                return bytes(((BinaryType) type).getLength());
            case VARBINARY:
                return bytes(random.nextInt(12));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamp(LogicalTypeChecks.getPrecision(type));
            case ARRAY:
                return array(((ArrayType) type).getElementType());
            case MAP:
                MapType m = (MapType) type;
                return map(m.getKeyType(), m.getValueType());
            case MULTISET:
                return map(((MultisetType) type).getElementType(), null);
            case ROW:
                return row((RowType) type);
            default:
                throw new IllegalArgumentException("no random values for " + type);
        }
    }

    private String string() {
        if (random.nextBoolean()) {
            return WORDS[random.nextInt(WORDS.length)];
        }
        return Long.toString(random.nextLong(), 36);
    }

    private byte[] bytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private DecimalData decimal(DecimalType type) {
        int digits = 1 + random.nextInt(type.getPrecision());
        BigInteger unscaled = new BigInteger(digits * 4, random).mod(BigInteger.TEN.pow(digits));
        if (random.nextBoolean()) {
            unscaled = unscaled.negate();
        }
        BigDecimal value = new BigDecimal(unscaled, type.getScale());
        return DecimalData.fromBigDecimal(value, type.getPrecision(), type.getScale());
    }

    private TimestampData timestamp(int precision) {
        // +-60 years around the epoch: inside the INT64 nanosecond range.
        long millis = (long) ((random.nextDouble() * 2 - 1) * 1.9e12);
        int nanos = precision <= 3 ? 0 : random.nextInt(1_000_000);
        if (precision > 3 && precision <= 6) {
            nanos = nanos / 1000 * 1000;
        }
        return TimestampData.fromEpochMillis(millis, nanos);
    }

    private GenericArrayData array(LogicalType element) {
        int n = random.nextInt(5);
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = value(element);
        }
        return new GenericArrayData(values);
    }

    /** A map; with {@code valueType} null, a multiset (element to positive count). */
    private GenericMapData map(LogicalType keyType, LogicalType valueType) {
        int n = random.nextInt(4);
        Map<Object, Object> map = new LinkedHashMap<>();
        LogicalType key = keyType.copy(false);
        for (int i = 0; i < n; i++) {
            map.put(value(key), valueType == null ? 1 + random.nextInt(5) : value(valueType));
        }
        return new GenericMapData(map);
    }
}
