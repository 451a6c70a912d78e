package io.pqx.format.decode;

import org.apache.flink.table.data.columnar.vector.heap.HeapBooleanVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapByteVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapBytesVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapDoubleVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapFloatVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapShortVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapTimestampVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;

/**
 * Copies the first values of a full leaf vector into a larger one. Flink's heap vectors have a
 * fixed capacity, and a nested leaf learns how many values a batch holds only while decoding it, so
 * its vector doubles when full (rarely: capacity is kept across batches).
 */
final class VectorGrowth {
    private VectorGrowth() {}

    /** Copies values and nulls {@code [0, used)} of {@code from} into {@code to} (same kind). */
    static void copy(WritableColumnVector from, WritableColumnVector to, int used) {
        if (from instanceof HeapBytesVector f) {
            HeapBytesVector t = (HeapBytesVector) to;
            for (int i = 0; i < used; i++) {
                if (!f.isNullAt(i)) {
                    t.appendBytes(i, f.buffer, f.start[i], f.length[i]);
                }
            }
        } else if (from instanceof HeapDecimalVector f) {
            HeapDecimalVector t = (HeapDecimalVector) to;
            for (int i = 0; i < used; i++) {
                if (!f.isNullAt(i)) {
                    if (f.compact()) {
                        t.setUnscaledLong(i, f.unscaledLong(i));
                    } else {
                        byte[] bytes = f.getDecimal(i, f.precision(), f.scale()).toUnscaledBytes();
                        t.setUnscaledBytes(i, bytes, 0, bytes.length);
                    }
                }
            }
        } else if (from instanceof HeapTimestampVector f) {
            for (int i = 0; i < used; i++) {
                if (!f.isNullAt(i)) {
                    ((HeapTimestampVector) to).setTimestamp(i, f.getTimestamp(i, 9));
                }
            }
        } else {
            copyArray(from, to, used);
        }
        for (int i = 0; i < used; i++) {
            if (from.isNullAt(i)) {
                to.setNullAt(i);
            }
        }
    }

    private static void copyArray(WritableColumnVector from, WritableColumnVector to, int used) {
        if (from instanceof HeapIntVector f) {
            System.arraycopy(f.vector, 0, ((HeapIntVector) to).vector, 0, used);
        } else if (from instanceof HeapLongVector f) {
            System.arraycopy(f.vector, 0, ((HeapLongVector) to).vector, 0, used);
        } else if (from instanceof HeapDoubleVector f) {
            System.arraycopy(f.vector, 0, ((HeapDoubleVector) to).vector, 0, used);
        } else if (from instanceof HeapFloatVector f) {
            System.arraycopy(f.vector, 0, ((HeapFloatVector) to).vector, 0, used);
        } else if (from instanceof HeapShortVector f) {
            System.arraycopy(f.vector, 0, ((HeapShortVector) to).vector, 0, used);
        } else if (from instanceof HeapByteVector f) {
            System.arraycopy(f.vector, 0, ((HeapByteVector) to).vector, 0, used);
        } else if (from instanceof HeapBooleanVector f) {
            System.arraycopy(f.vector, 0, ((HeapBooleanVector) to).vector, 0, used);
        } else {
            throw new IllegalStateException("Cannot grow vector " + from.getClass().getName());
        }
    }
}
