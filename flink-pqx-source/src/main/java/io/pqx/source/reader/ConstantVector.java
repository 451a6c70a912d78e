package io.pqx.source.reader;

import java.util.Objects;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.vector.BooleanColumnVector;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;
import org.apache.flink.table.data.columnar.vector.TimestampColumnVector;

/**
 * A column holding one non-null value in every row: a partition column. The value is in Flink's
 * internal representation ({@link StringData}, {@link DecimalData}, {@link TimestampData}, boxed
 * primitives, {@code Integer} days for DATE, {@code Integer} millis for TIME), as {@link
 * io.pqx.source.partition.PartitionValues} builds it.
 */
final class ConstantVector
        implements BooleanColumnVector,
                ByteColumnVector,
                ShortColumnVector,
                IntColumnVector,
                LongColumnVector,
                FloatColumnVector,
                DoubleColumnVector,
                BytesColumnVector,
                DecimalColumnVector,
                TimestampColumnVector {

    private final Object value;
    private final Bytes bytes;

    ConstantVector(Object value) {
        this.value = Objects.requireNonNull(value, "value");
        this.bytes =
                value instanceof StringData s
                        ? new Bytes(s.toBytes(), 0, s.toBytes().length)
                        : null;
    }

    @Override
    public boolean isNullAt(int i) {
        return false;
    }

    @Override
    public boolean getBoolean(int i) {
        return (Boolean) value;
    }

    @Override
    public byte getByte(int i) {
        return (Byte) value;
    }

    @Override
    public short getShort(int i) {
        return (Short) value;
    }

    @Override
    public int getInt(int i) {
        return (Integer) value;
    }

    @Override
    public long getLong(int i) {
        return (Long) value;
    }

    @Override
    public float getFloat(int i) {
        return (Float) value;
    }

    @Override
    public double getDouble(int i) {
        return (Double) value;
    }

    @Override
    public Bytes getBytes(int i) {
        return bytes;
    }

    @Override
    public DecimalData getDecimal(int i, int precision, int scale) {
        return (DecimalData) value;
    }

    @Override
    public TimestampData getTimestamp(int i, int precision) {
        return (TimestampData) value;
    }
}
