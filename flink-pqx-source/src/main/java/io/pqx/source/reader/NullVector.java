package io.pqx.source.reader;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ArrayColumnVector;
import org.apache.flink.table.data.columnar.vector.BooleanColumnVector;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.MapColumnVector;
import org.apache.flink.table.data.columnar.vector.RowColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;
import org.apache.flink.table.data.columnar.vector.TimestampColumnVector;

/**
 * A column of nulls of any type: a nullable requested column the file does not have. Every value is
 * null; a getter is never called on a null by Flink, and throws if it is.
 */
final class NullVector
        implements BooleanColumnVector,
                ByteColumnVector,
                ShortColumnVector,
                IntColumnVector,
                LongColumnVector,
                FloatColumnVector,
                DoubleColumnVector,
                BytesColumnVector,
                DecimalColumnVector,
                TimestampColumnVector,
                ArrayColumnVector,
                MapColumnVector,
                RowColumnVector {

    static final NullVector INSTANCE = new NullVector();

    private NullVector() {}

    @Override
    public boolean isNullAt(int i) {
        return true;
    }

    private static IllegalStateException nullValue() {
        return new IllegalStateException(
                "Cannot read a value of a column absent from the file: it is null");
    }

    @Override
    public boolean getBoolean(int i) {
        throw nullValue();
    }

    @Override
    public byte getByte(int i) {
        throw nullValue();
    }

    @Override
    public short getShort(int i) {
        throw nullValue();
    }

    @Override
    public int getInt(int i) {
        throw nullValue();
    }

    @Override
    public long getLong(int i) {
        throw nullValue();
    }

    @Override
    public float getFloat(int i) {
        throw nullValue();
    }

    @Override
    public double getDouble(int i) {
        throw nullValue();
    }

    @Override
    public Bytes getBytes(int i) {
        throw nullValue();
    }

    @Override
    public DecimalData getDecimal(int i, int precision, int scale) {
        throw nullValue();
    }

    @Override
    public TimestampData getTimestamp(int i, int precision) {
        throw nullValue();
    }

    @Override
    public ArrayData getArray(int i) {
        throw nullValue();
    }

    @Override
    public MapData getMap(int i) {
        throw nullValue();
    }

    @Override
    public ColumnarRowData getRow(int i) {
        throw nullValue();
    }
}
