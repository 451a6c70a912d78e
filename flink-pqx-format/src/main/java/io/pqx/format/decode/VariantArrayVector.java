package io.pqx.format.decode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.columnar.vector.heap.HeapArrayVector;

/**
 * An ARRAY vector whose element type is VARIANT: each array it returns is a {@link
 * VariantElements}, so {@code getVariant} reads the element, where Flink 2.3's {@code
 * ColumnarArrayData} (which {@link HeapArrayVector#getArray} returns) refuses it. Used only for
 * arrays of VARIANT; every other array keeps Flink's vector.
 */
final class VariantArrayVector extends HeapArrayVector {
    VariantArrayVector(int capacity) {
        super(capacity);
    }

    @Override
    public ArrayData getArray(int i) {
        return new VariantElements(getChild(), (int) getOffsets()[i], (int) getLengths()[i]);
    }
}
