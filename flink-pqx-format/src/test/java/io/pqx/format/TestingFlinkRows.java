package io.pqx.format;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Flink internal rows as the plain Java values e2e-tests' {@code TestingParquetJavaReader} reads,
 * computed independently of the writer: timestamps from {@code toLocalDateTime()} in the unit the
 * precision implies (3: millis, 6: micros, 9: nanos), decimals as BigDecimal, binaries as hex.
 */
public final class TestingFlinkRows {
    private TestingFlinkRows() {}

    public static Map<String, Object> toJava(RowData row, RowType type) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<RowType.RowField> fields = type.getFields();
        for (int i = 0; i < fields.size(); i++) {
            LogicalType t = fields.get(i).getType();
            out.put(
                    fields.get(i).getName(),
                    row.isNullAt(i)
                            ? null
                            : value(RowData.createFieldGetter(t, i).getFieldOrNull(row), t));
        }
        return out;
    }

    public static Object value(Object v, LogicalType type) {
        switch (type.getTypeRoot()) {
            case TINYINT:
                return (int) (Byte) v;
            case SMALLINT:
                return (int) (Short) v;
            case BOOLEAN:
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
                return v;
            case DECIMAL:
                return ((DecimalData) v).toBigDecimal().setScale(((DecimalType) type).getScale());
            case CHAR:
            case VARCHAR:
                return v.toString();
            case BINARY:
            case VARBINARY:
                return HexFormat.of().formatHex((byte[]) v);
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return epoch(
                        ((TimestampData) v).toLocalDateTime(),
                        LogicalTypeChecks.getPrecision(type));
            case ARRAY:
                return array((ArrayData) v, ((ArrayType) type).getElementType());
            case MAP:
                MapType m = (MapType) type;
                return map((MapData) v, m.getKeyType(), m.getValueType());
            case MULTISET:
                return map((MapData) v, ((MultisetType) type).getElementType(), new IntType(false));
            case ROW:
                return toJava((RowData) v, (RowType) type);
            default:
                throw new IllegalArgumentException("no test conversion for " + type);
        }
    }

    private static long epoch(LocalDateTime t, int precision) {
        long seconds = t.toEpochSecond(ZoneOffset.UTC);
        int nanos = t.getNano();
        if (precision <= 3) {
            return seconds * 1_000 + nanos / 1_000_000;
        } else if (precision <= 6) {
            return seconds * 1_000_000 + nanos / 1_000;
        }
        return seconds * 1_000_000_000 + nanos;
    }

    private static List<Object> array(ArrayData a, LogicalType element) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(element);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            Object e = getter.getElementOrNull(a, i);
            out.add(e == null ? null : value(e, element));
        }
        return out;
    }

    private static Map<Object, Object> map(MapData m, LogicalType key, LogicalType value) {
        List<Object> keys = array(m.keyArray(), key);
        List<Object> values = array(m.valueArray(), value);
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            out.put(keys.get(i), values.get(i));
        }
        return out;
    }
}
