package io.pqx.format.decode;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.columnar.vector.heap.HeapMapVector;

/**
 * A MAP vector whose value type is VARIANT: each map it returns has a {@link VariantElements} value
 * array, so {@code valueArray().getVariant} reads the value, where the {@code ColumnarArrayData} of
 * Flink 2.3's {@code ColumnarMapData} (which {@link HeapMapVector#getMap} returns) refuses it. Used
 * only for maps with VARIANT values; every other map keeps Flink's vector.
 */
final class VariantMapVector extends HeapMapVector {
    // HeapMapVector keeps its offsets and lengths private with no getters
    private long[] offsets;
    private long[] lengths;

    VariantMapVector(int capacity) {
        super(capacity, null, null);
    }

    @Override
    public void setOffsets(long[] offsets) {
        super.setOffsets(offsets);
        this.offsets = offsets;
    }

    @Override
    public void setLengths(long[] lengths) {
        super.setLengths(lengths);
        this.lengths = lengths;
    }

    @Override
    public MapData getMap(int i) {
        int offset = (int) offsets[i];
        int size = (int) lengths[i];
        MapData columnar = super.getMap(i);
        VariantElements values = new VariantElements(getValueColumnVector(), offset, size);
        return new MapData() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public ArrayData keyArray() {
                return columnar.keyArray();
            }

            @Override
            public ArrayData valueArray() {
                return values;
            }
        };
    }
}
