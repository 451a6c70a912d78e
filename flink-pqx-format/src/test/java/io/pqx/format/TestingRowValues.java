package io.pqx.format;

import io.pqx.format.io.FlinkInputFile;
import io.pqx.format.options.ReadOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.util.CloseableIterator;

/**
 * pqx's rows as canonical Java values, read through Flink's {@link RowData} / {@link ArrayData} /
 * {@link MapData} getters only: integers are Long, floats Double, decimals BigDecimal, dates and
 * times Long, timestamps Instant, strings String, bytes a hex String, arrays List, maps a List of
 * [key, value] entries. e2e-tests' {@code TestingParquetJavaValues} produces the same forms from
 * parquet-java.
 */
public final class TestingRowValues {
    private TestingRowValues() {}

    /** Every row of the file as pqx reads it with {@code options}, all columns. */
    public static List<List<Object>> readAll(Path file, ReadOptions options) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (ParquetReader reader =
                        ParquetReader.open(
                                FlinkInputFile.open(
                                        new org.apache.flink.core.fs.Path(file.toUri())),
                                options);
                CloseableIterator<RowData> it = reader.rows(reader.schema())) {
            while (it.hasNext()) {
                rows.add(of(it.next(), reader.schema().rowType()));
            }
        }
        return rows;
    }

    public static List<Object> of(RowData row, RowType type) {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            values.add(row.isNullAt(i) ? null : field(row, i, type.getTypeAt(i)));
        }
        return values;
    }

    private static Object field(RowData row, int i, LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return row.getBoolean(i);
            case TINYINT:
                return (long) row.getByte(i);
            case SMALLINT:
                return (long) row.getShort(i);
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
                return (long) row.getInt(i);
            case BIGINT:
                return row.getLong(i);
            case FLOAT:
                return (double) row.getFloat(i);
            case DOUBLE:
                return row.getDouble(i);
            case DECIMAL:
                {
                    DecimalType d = (DecimalType) type;
                    return row.getDecimal(i, d.getPrecision(), d.getScale()).toBigDecimal();
                }
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return row.getTimestamp(i, ((TimestampType) type).getPrecision()).toInstant();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return row.getTimestamp(i, ((LocalZonedTimestampType) type).getPrecision())
                        .toInstant();
            case CHAR:
            case VARCHAR:
                return row.getString(i).toString();
            case BINARY:
            case VARBINARY:
                return HexFormat.of().formatHex(row.getBinary(i));
            case ARRAY:
                return array(row.getArray(i), ((ArrayType) type).getElementType());
            case MAP:
            case MULTISET:
                return map(row.getMap(i), type);
            case VARIANT:
                {
                    // the bytes as read: an unshredded value is passed on unparsed
                    BinaryVariant v = (BinaryVariant) row.getVariant(i);
                    return "variant "
                            + HexFormat.of().formatHex(v.getValue())
                            + " / "
                            + HexFormat.of().formatHex(v.getMetadata());
                }
            case ROW:
                {
                    RowType rowType = (RowType) type;
                    return of(row.getRow(i, rowType.getFieldCount()), rowType);
                }
            default:
                throw new IllegalArgumentException("Unexpected type " + type);
        }
    }

    private static List<Object> array(ArrayData array, LogicalType elementType) {
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            values.add(
                    array.isNullAt(i)
                            ? null
                            : element(getter.getElementOrNull(array, i), elementType));
        }
        return values;
    }

    private static List<Object> map(MapData map, LogicalType type) {
        LogicalType keyType =
                type instanceof MapType m ? m.getKeyType() : ((MultisetType) type).getElementType();
        LogicalType valueType = type instanceof MapType m ? m.getValueType() : null;
        List<Object> keys = array(map.keyArray(), keyType);
        List<Object> entries = new ArrayList<>();
        ArrayData values = map.valueArray();
        for (int i = 0; i < keys.size(); i++) {
            Object value;
            if (values.isNullAt(i)) {
                value = null;
            } else if (valueType == null) {
                value = (long) values.getInt(i);
            } else {
                value =
                        element(
                                ArrayData.createElementGetter(valueType)
                                        .getElementOrNull(values, i),
                                valueType);
            }
            entries.add(Arrays.asList(keys.get(i), value));
        }
        return entries;
    }

    /** Converts a value taken with Flink's element getter to its canonical form. */
    private static Object element(Object value, LogicalType type) {
        switch (type.getTypeRoot()) {
            case TINYINT:
                return (long) (Byte) value;
            case SMALLINT:
                return (long) (Short) value;
            case INTEGER:
            case DATE:
            case TIME_WITHOUT_TIME_ZONE:
                return (long) (Integer) value;
            case FLOAT:
                return (double) (Float) value;
            case DECIMAL:
                return ((DecimalData) value).toBigDecimal();
            case TIMESTAMP_WITHOUT_TIME_ZONE:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return ((TimestampData) value).toInstant();
            case CHAR:
            case VARCHAR:
                return value.toString();
            case BINARY:
            case VARBINARY:
                return HexFormat.of().formatHex((byte[]) value);
            case ARRAY:
                return array((ArrayData) value, ((ArrayType) type).getElementType());
            case MAP:
            case MULTISET:
                return map((MapData) value, type);
            case ROW:
                return of((RowData) value, (RowType) type);
            default:
                return value;
        }
    }
}
