package io.pqx.format;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;

/** Random Flink rows of any {@link RowType}, with nulls where allowed and empty collections. */
public final class TestingRows {
    private final Random random;

    public TestingRows(long seed) {
        this.random = new Random(seed);
    }

    public GenericRowData row(RowType type) {
        GenericRowData row = new GenericRowData(type.getFieldCount());
        for (int i = 0; i < type.getFieldCount(); i++) {
            row.setField(i, value(type.getTypeAt(i)));
        }
        return row;
    }

    public Object value(LogicalType type) {
        if (type.isNullable() && random.nextInt(8) == 0) {
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
                return random.nextInt();
            case BIGINT:
                return random.nextLong();
            case FLOAT:
                return random.nextInt(20) == 0 ? Float.NaN : random.nextFloat() * 1e6f - 5e5f;
            case DOUBLE:
                return random.nextInt(20) == 0
                        ? Double.NEGATIVE_INFINITY
                        : random.nextGaussian() * 1e9;
            case DATE:
                return random.nextInt(100_000) - 50_000;
            case TIME_WITHOUT_TIME_ZONE:
                return random.nextInt(86_400_000);
            case DECIMAL:
                {
                    DecimalType d = (DecimalType) type;
                    BigInteger unscaled =
                            new BigInteger(d.getPrecision() * 3, random)
                                    .mod(BigInteger.TEN.pow(d.getPrecision()));
                    return DecimalData.fromBigDecimal(
                            new BigDecimal(
                                    random.nextBoolean() ? unscaled : unscaled.negate(),
                                    d.getScale()),
                            d.getPrecision(),
                            d.getScale());
                }
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return timestamp(((TimestampType) type).getPrecision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return timestamp(((LocalZonedTimestampType) type).getPrecision());
            case CHAR:
                {
                    StringBuilder sb = new StringBuilder();
                    for (int i = 0; i < ((CharType) type).getLength(); i++) {
                        sb.append((char) ('a' + random.nextInt(26)));
                    }
                    return StringData.fromString(sb.toString());
                }
            case VARCHAR:
                return StringData.fromString(
                        random.nextInt(5) == 0
                                ? ""
                                : "v"
                                        + Long.toString(random.nextLong(), 36)
                                        + "\u00fc\u6f22".substring(0, random.nextInt(3)));
            case BINARY:
                {
                    byte[] b = new byte[((BinaryType) type).getLength()];
                    random.nextBytes(b);
                    return b;
                }
            case VARBINARY:
                {
                    byte[] b = new byte[random.nextInt(12)];
                    random.nextBytes(b);
                    return b;
                }
            case ARRAY:
                {
                    Object[] elements = new Object[random.nextInt(4)];
                    for (int i = 0; i < elements.length; i++) {
                        elements[i] = value(((ArrayType) type).getElementType());
                    }
                    return new GenericArrayData(elements);
                }
            case MAP:
                {
                    MapType m = (MapType) type;
                    Map<Object, Object> map = new LinkedHashMap<>();
                    for (int i = random.nextInt(4); i > 0; i--) {
                        Object key = value(m.getKeyType());
                        if (key != null) {
                            map.put(key, value(m.getValueType()));
                        }
                    }
                    return new GenericMapData(map);
                }
            case MULTISET:
                {
                    Map<Object, Object> map = new LinkedHashMap<>();
                    for (int i = random.nextInt(4); i > 0; i--) {
                        Object element = value(((MultisetType) type).getElementType());
                        if (element != null) {
                            map.put(element, 1 + random.nextInt(5));
                        }
                    }
                    return new GenericMapData(map);
                }
            case ROW:
                return row((RowType) type);
            default:
                throw new IllegalArgumentException("No values for " + type);
        }
    }

    private TimestampData timestamp(int precision) {
        long millis = random.nextLong() % 8_000_000_000_000L;
        int nanos = random.nextInt(1_000_000);
        int keep = (int) Math.pow(10, 9 - Math.max(3, Math.min(9, precision)));
        return TimestampData.fromEpochMillis(millis, precision <= 3 ? 0 : nanos / keep * keep);
    }
}
