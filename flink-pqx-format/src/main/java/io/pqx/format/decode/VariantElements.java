package io.pqx.format.decode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RawValueData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.columnar.ColumnarArrayData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.RowColumnVector;
import org.apache.flink.types.variant.BinaryVariant;
import org.apache.flink.types.variant.Variant;

/**
 * The elements of one ARRAY (or the values of one MAP) whose element type is VARIANT: every getter
 * is Flink's {@link ColumnarArrayData}'s, except {@link #getVariant}, which Flink 2.3's
 * ColumnarArrayData refuses ("Variant is not supported yet"). A variant element is read the way
 * {@code VectorizedColumnBatch.getVariant} reads a top-level one: field 0 of the element's row is
 * the value bytes, field 1 the metadata bytes (the layout {@link VariantVectors} builds).
 */
final class VariantElements implements ArrayData {
    private final ColumnarArrayData delegate;
    private final RowColumnVector elements;
    private final int offset;

    VariantElements(ColumnVector elements, int offset, int size) {
        this.delegate = new ColumnarArrayData(elements, offset, size);
        this.elements = (RowColumnVector) elements;
        this.offset = offset;
    }

    @Override
    public Variant getVariant(int pos) {
        ColumnarRowData row = elements.getRow(offset + pos);
        return new BinaryVariant(row.getBinary(0), row.getBinary(1));
    }

    @Override
    public int size() {
        return delegate.size();
    }

    @Override
    public boolean isNullAt(int pos) {
        return delegate.isNullAt(pos);
    }

    @Override
    public boolean getBoolean(int pos) {
        return delegate.getBoolean(pos);
    }

    @Override
    public byte getByte(int pos) {
        return delegate.getByte(pos);
    }

    @Override
    public short getShort(int pos) {
        return delegate.getShort(pos);
    }

    @Override
    public int getInt(int pos) {
        return delegate.getInt(pos);
    }

    @Override
    public long getLong(int pos) {
        return delegate.getLong(pos);
    }

    @Override
    public float getFloat(int pos) {
        return delegate.getFloat(pos);
    }

    @Override
    public double getDouble(int pos) {
        return delegate.getDouble(pos);
    }

    @Override
    public StringData getString(int pos) {
        return delegate.getString(pos);
    }

    @Override
    public DecimalData getDecimal(int pos, int precision, int scale) {
        return delegate.getDecimal(pos, precision, scale);
    }

    @Override
    public TimestampData getTimestamp(int pos, int precision) {
        return delegate.getTimestamp(pos, precision);
    }

    @Override
    public <T> RawValueData<T> getRawValue(int pos) {
        return delegate.getRawValue(pos);
    }

    @Override
    public byte[] getBinary(int pos) {
        return delegate.getBinary(pos);
    }

    @Override
    public ArrayData getArray(int pos) {
        return delegate.getArray(pos);
    }

    @Override
    public MapData getMap(int pos) {
        return delegate.getMap(pos);
    }

    @Override
    public RowData getRow(int pos, int numFields) {
        return delegate.getRow(pos, numFields);
    }

    @Override
    public boolean[] toBooleanArray() {
        return delegate.toBooleanArray();
    }

    @Override
    public byte[] toByteArray() {
        return delegate.toByteArray();
    }

    @Override
    public short[] toShortArray() {
        return delegate.toShortArray();
    }

    @Override
    public int[] toIntArray() {
        return delegate.toIntArray();
    }

    @Override
    public long[] toLongArray() {
        return delegate.toLongArray();
    }

    @Override
    public float[] toFloatArray() {
        return delegate.toFloatArray();
    }

    @Override
    public double[] toDoubleArray() {
        return delegate.toDoubleArray();
    }
}
