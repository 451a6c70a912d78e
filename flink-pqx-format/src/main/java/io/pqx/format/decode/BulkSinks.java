package io.pqx.format.decode;

import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;

/**
 * What a {@link ValueDecoder} implements to take a flat leaf's values in bulk from the fast path
 * ({@link FlatPageDecoder}): one interface per Parquet physical type, each writing {@code count}
 * decoded values from {@code src[from...]} into {@code vector[pos...]} with the decoder's own
 * conversion (narrowing, unsigned masks, temporal units, decimals). Slots of null entries receive
 * a placeholder value; the caller marks them null afterwards.
 *
 * <p>Stateless contracts; implementations keep the thread-safety of their decoder.
 */
final class BulkSinks {
    private BulkSinks() {}

    /** Takes INT32 values. */
    interface Ints {
        void putInts(int[] src, int from, WritableColumnVector vector, int pos, int count);
    }

    /** Takes INT64 values. */
    interface Longs {
        void putLongs(long[] src, int from, WritableColumnVector vector, int pos, int count);
    }

    /** Takes FLOAT values. */
    interface Floats {
        void putFloats(float[] src, int from, WritableColumnVector vector, int pos, int count);
    }

    /** Takes DOUBLE values. */
    interface Doubles {
        void putDoubles(double[] src, int from, WritableColumnVector vector, int pos, int count);
    }

    /** Takes BOOLEAN values. */
    interface Booleans {
        void putBooleans(boolean[] src, int from, WritableColumnVector vector, int pos, int count);
    }

    /** Takes BYTE_ARRAY values: value {@code i} is {@code bytes[starts[i], starts[i] + lengths[i])}. */
    interface Binaries {
        void putBinaries(byte[] bytes, int[] starts, int[] lengths, int from,
                WritableColumnVector vector, int pos, int count);
    }
}
