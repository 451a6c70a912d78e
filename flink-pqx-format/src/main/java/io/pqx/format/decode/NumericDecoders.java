package io.pqx.format.decode;

import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.apache.flink.table.data.columnar.vector.heap.HeapBooleanVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapByteVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapDoubleVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapFloatVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapIntVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapLongVector;
import org.apache.flink.table.data.columnar.vector.heap.HeapShortVector;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.column.ColumnReader;

/**
 * Decoders of BOOLEAN, INT32, INT64, FLOAT and DOUBLE into Flink's primitive vectors, including the
 * narrowing of INT(8)/INT(16) and the widening of unsigned ints. Flat loops are written per type so
 * each stays monomorphic.
 */
final class NumericDecoders {
    private NumericDecoders() {}

    /** BOOLEAN to BOOLEAN. */
    static final class Booleans implements ValueDecoder, BulkSinks.Booleans {
        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapBooleanVector(capacity);
        }

        @Override
        public void putBooleans(
                boolean[] src, int from, WritableColumnVector v, int pos, int count) {
            System.arraycopy(src, from, ((HeapBooleanVector) v).vector, pos, count);
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapBooleanVector) v).vector[pos] = r.getBoolean();
        }
    }

    /** INT32 to INT (also DATE days and TIME millis), with an optional unsigned mask. */
    static final class Ints implements ValueDecoder, BulkSinks.Ints {
        private final int mask;

        Ints(int mask) {
            this.mask = mask;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapIntVector(capacity);
        }

        @Override
        public void putInts(int[] src, int from, WritableColumnVector v, int pos, int count) {
            int[] values = ((HeapIntVector) v).vector;
            if (mask == -1) {
                System.arraycopy(src, from, values, pos, count);
                return;
            }
            for (int k = 0; k < count; k++) {
                values[pos + k] = src[from + k] & mask;
            }
        }

        @Override
        public void putPlainInts(
                IntBuffer page,
                int from,
                int[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            if (mask != -1) {
                BulkSinks.Ints.super.putPlainInts(page, from, scratch, v, pos, count);
                return;
            }
            page.get(from, ((HeapIntVector) v).vector, pos, count);
        }

        @Override
        public void putDictionaryInts(
                int[] dictionary,
                int[] ids,
                int from,
                int[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            int[] values = ((HeapIntVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = dictionary[ids[from + k]] & mask;
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapIntVector) v).vector[pos] = r.getInteger() & mask;
        }

        @Override
        public void decodeFlat(
                ColumnReader r, WritableColumnVector v, int pos, int count, int maxDef) {
            int[] values = ((HeapIntVector) v).vector;
            int m = mask;
            for (int i = pos, end = pos + count; i < end; i++) {
                if (r.getCurrentDefinitionLevel() == maxDef) {
                    values[i] = r.getInteger() & m;
                } else {
                    v.setNullAt(i);
                }
                r.consume();
            }
        }
    }

    /** INT32 annotated INT(8, signed) to TINYINT. */
    static final class Bytes implements ValueDecoder, BulkSinks.Ints {
        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapByteVector(capacity);
        }

        @Override
        public void putInts(int[] src, int from, WritableColumnVector v, int pos, int count) {
            byte[] values = ((HeapByteVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = (byte) src[from + k];
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapByteVector) v).vector[pos] = (byte) r.getInteger();
        }
    }

    /** INT32 annotated INT(16, signed) or INT(8, unsigned) to SMALLINT. */
    static final class Shorts implements ValueDecoder, BulkSinks.Ints {
        private final int mask;

        Shorts(int mask) {
            this.mask = mask;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapShortVector(capacity);
        }

        @Override
        public void putInts(int[] src, int from, WritableColumnVector v, int pos, int count) {
            short[] values = ((HeapShortVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = (short) (src[from + k] & mask);
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapShortVector) v).vector[pos] = (short) (r.getInteger() & mask);
        }
    }

    /** INT32 to BIGINT: INT(32, unsigned) zero-extended, or a signed int widened. */
    static final class IntsAsLongs implements ValueDecoder, BulkSinks.Ints {
        private final long mask;

        IntsAsLongs(long mask) {
            this.mask = mask;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapLongVector(capacity);
        }

        @Override
        public void putInts(int[] src, int from, WritableColumnVector v, int pos, int count) {
            long[] values = ((HeapLongVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = src[from + k] & mask;
            }
        }

        @Override
        public void putDictionaryInts(
                int[] dictionary,
                int[] ids,
                int from,
                int[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            long[] values = ((HeapLongVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = dictionary[ids[from + k]] & mask;
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapLongVector) v).vector[pos] = r.getInteger() & mask;
        }
    }

    /** INT64 to BIGINT. */
    static final class Longs implements ValueDecoder, BulkSinks.Longs {
        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapLongVector(capacity);
        }

        @Override
        public void putLongs(long[] src, int from, WritableColumnVector v, int pos, int count) {
            System.arraycopy(src, from, ((HeapLongVector) v).vector, pos, count);
        }

        @Override
        public void putPlainLongs(
                LongBuffer page,
                int from,
                long[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            page.get(from, ((HeapLongVector) v).vector, pos, count);
        }

        @Override
        public void putDictionaryLongs(
                long[] dictionary,
                int[] ids,
                int from,
                long[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            long[] values = ((HeapLongVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = dictionary[ids[from + k]];
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapLongVector) v).vector[pos] = r.getLong();
        }

        @Override
        public void decodeFlat(
                ColumnReader r, WritableColumnVector v, int pos, int count, int maxDef) {
            long[] values = ((HeapLongVector) v).vector;
            for (int i = pos, end = pos + count; i < end; i++) {
                if (r.getCurrentDefinitionLevel() == maxDef) {
                    values[i] = r.getLong();
                } else {
                    v.setNullAt(i);
                }
                r.consume();
            }
        }
    }

    /** FLOAT to FLOAT. */
    static final class Floats implements ValueDecoder, BulkSinks.Floats {
        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapFloatVector(capacity);
        }

        @Override
        public void putFloats(float[] src, int from, WritableColumnVector v, int pos, int count) {
            System.arraycopy(src, from, ((HeapFloatVector) v).vector, pos, count);
        }

        @Override
        public void putPlainFloats(
                FloatBuffer page,
                int from,
                float[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            page.get(from, ((HeapFloatVector) v).vector, pos, count);
        }

        @Override
        public void putDictionaryFloats(
                float[] dictionary,
                int[] ids,
                int from,
                float[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            float[] values = ((HeapFloatVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = dictionary[ids[from + k]];
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapFloatVector) v).vector[pos] = r.getFloat();
        }
    }

    /** DOUBLE to DOUBLE, or FLOAT widened to DOUBLE. */
    static final class Doubles implements ValueDecoder, BulkSinks.Floats, BulkSinks.Doubles {
        private final boolean fromFloat;

        Doubles(boolean fromFloat) {
            this.fromFloat = fromFloat;
        }

        @Override
        public WritableColumnVector newVector(int capacity) {
            return new HeapDoubleVector(capacity);
        }

        @Override
        public void putFloats(float[] src, int from, WritableColumnVector v, int pos, int count) {
            double[] values = ((HeapDoubleVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = src[from + k];
            }
        }

        @Override
        public void putDoubles(double[] src, int from, WritableColumnVector v, int pos, int count) {
            System.arraycopy(src, from, ((HeapDoubleVector) v).vector, pos, count);
        }

        @Override
        public void putDictionaryFloats(
                float[] dictionary,
                int[] ids,
                int from,
                float[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            double[] values = ((HeapDoubleVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = dictionary[ids[from + k]];
            }
        }

        @Override
        public void putPlainDoubles(
                DoubleBuffer page,
                int from,
                double[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            page.get(from, ((HeapDoubleVector) v).vector, pos, count);
        }

        @Override
        public void putDictionaryDoubles(
                double[] dictionary,
                int[] ids,
                int from,
                double[] scratch,
                WritableColumnVector v,
                int pos,
                int count) {
            double[] values = ((HeapDoubleVector) v).vector;
            for (int k = 0; k < count; k++) {
                values[pos + k] = dictionary[ids[from + k]];
            }
        }

        @Override
        public void decode(ColumnReader r, WritableColumnVector v, int pos) {
            ((HeapDoubleVector) v).vector[pos] = fromFloat ? r.getFloat() : r.getDouble();
        }

        @Override
        public void decodeFlat(
                ColumnReader r, WritableColumnVector v, int pos, int count, int maxDef) {
            if (fromFloat) {
                ValueDecoder.super.decodeFlat(r, v, pos, count, maxDef);
                return;
            }
            double[] values = ((HeapDoubleVector) v).vector;
            for (int i = pos, end = pos + count; i < end; i++) {
                if (r.getCurrentDefinitionLevel() == maxDef) {
                    values[i] = r.getDouble();
                } else {
                    v.setNullAt(i);
                }
                r.consume();
            }
        }
    }
}
