package io.pqx.format.decode;

import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;

/**
 * What a {@link ValueDecoder} implements to take a flat leaf's values in bulk from the fast path
 * ({@link FlatPageDecoder}): one interface per Parquet physical type, each writing {@code count}
 * decoded values from {@code src[from...]} into {@code vector[pos...]} with the decoder's own
 * conversion (narrowing, unsigned masks, temporal units, decimals). Slots of null entries receive a
 * placeholder value; the caller marks them null afterwards.
 *
 * <p>Values of dictionary-encoded pages come as ids into the chunk's dictionary ({@code
 * putDictionary...}): value {@code k} is {@code dictionary[ids[from + k]]}, every id known to lie
 * in the dictionary. The default looks the values up into {@code scratch[from...]} and puts them
 * from there; a decoder whose conversion is the identity overrides it to look them up straight into
 * the vector, sparing a pass over the values.
 *
 * <p>Values of a PLAIN page without nulls come as a view of the page's bytes ({@code putPlain...}):
 * value {@code k} is {@code values.get(from + k)}. The default copies them into {@code
 * scratch[from...]} first; an identity decoder copies them straight into the vector.
 *
 * <p>Stateless contracts; implementations keep the thread-safety of their decoder.
 */
final class BulkSinks {
    private BulkSinks() {}

    /** Takes INT32 values. */
    interface Ints {
        void putInts(int[] src, int from, WritableColumnVector vector, int pos, int count);

        /**
         * Takes dictionary-encoded values (see the class comment); may overwrite {@code scratch}.
         */
        default void putDictionaryInts(
                int[] dictionary,
                int[] ids,
                int from,
                int[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            for (int k = from, end = from + count; k < end; k++) {
                scratch[k] = dictionary[ids[k]];
            }
            putInts(scratch, from, vector, pos, count);
        }

        /** Takes a PLAIN page's values (see the class comment); may overwrite {@code scratch}. */
        default void putPlainInts(
                IntBuffer values,
                int from,
                int[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            values.get(from, scratch, from, count);
            putInts(scratch, from, vector, pos, count);
        }
    }

    /** Takes INT64 values. */
    interface Longs {
        void putLongs(long[] src, int from, WritableColumnVector vector, int pos, int count);

        /**
         * Takes dictionary-encoded values (see the class comment); may overwrite {@code scratch}.
         */
        default void putDictionaryLongs(
                long[] dictionary,
                int[] ids,
                int from,
                long[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            for (int k = from, end = from + count; k < end; k++) {
                scratch[k] = dictionary[ids[k]];
            }
            putLongs(scratch, from, vector, pos, count);
        }

        /** Takes a PLAIN page's values (see the class comment); may overwrite {@code scratch}. */
        default void putPlainLongs(
                LongBuffer values,
                int from,
                long[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            values.get(from, scratch, from, count);
            putLongs(scratch, from, vector, pos, count);
        }
    }

    /** Takes FLOAT values. */
    interface Floats {
        void putFloats(float[] src, int from, WritableColumnVector vector, int pos, int count);

        /**
         * Takes dictionary-encoded values (see the class comment); may overwrite {@code scratch}.
         */
        default void putDictionaryFloats(
                float[] dictionary,
                int[] ids,
                int from,
                float[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            for (int k = from, end = from + count; k < end; k++) {
                scratch[k] = dictionary[ids[k]];
            }
            putFloats(scratch, from, vector, pos, count);
        }

        /** Takes a PLAIN page's values (see the class comment); may overwrite {@code scratch}. */
        default void putPlainFloats(
                FloatBuffer values,
                int from,
                float[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            values.get(from, scratch, from, count);
            putFloats(scratch, from, vector, pos, count);
        }
    }

    /** Takes DOUBLE values. */
    interface Doubles {
        void putDoubles(double[] src, int from, WritableColumnVector vector, int pos, int count);

        /**
         * Takes dictionary-encoded values (see the class comment); may overwrite {@code scratch}.
         */
        default void putDictionaryDoubles(
                double[] dictionary,
                int[] ids,
                int from,
                double[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            for (int k = from, end = from + count; k < end; k++) {
                scratch[k] = dictionary[ids[k]];
            }
            putDoubles(scratch, from, vector, pos, count);
        }

        /** Takes a PLAIN page's values (see the class comment); may overwrite {@code scratch}. */
        default void putPlainDoubles(
                DoubleBuffer values,
                int from,
                double[] scratch,
                WritableColumnVector vector,
                int pos,
                int count) {
            values.get(from, scratch, from, count);
            putDoubles(scratch, from, vector, pos, count);
        }
    }

    /** Takes BOOLEAN values. */
    interface Booleans {
        void putBooleans(boolean[] src, int from, WritableColumnVector vector, int pos, int count);
    }

    /**
     * Takes BYTE_ARRAY values: value {@code i} is {@code bytes[starts[i], starts[i] + lengths[i])}.
     */
    interface Binaries {
        void putBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int from,
                WritableColumnVector vector,
                int pos,
                int count);

        /**
         * As {@link #putBinaries}, for values that lie in order in {@code bytes} with at most a
         * 4-byte length between neighbours (a PLAIN page without nulls): their span runs from the
         * first value's start to the last value's end.
         */
        default void putContiguousBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int from,
                WritableColumnVector vector,
                int pos,
                int count) {
            putBinaries(bytes, starts, lengths, from, vector, pos, count);
        }

        /**
         * Takes dictionary-encoded values, of a dictionary whose values lie in id order in {@code
         * bytes} (with at most a 4-byte length between neighbours): value {@code k} is {@code
         * bytes[starts[id], starts[id] + lengths[id])} for {@code id = ids[from + k]}; may
         * overwrite the scratch arrays.
         */
        default void putDictionaryBinaries(
                byte[] bytes,
                int[] starts,
                int[] lengths,
                int[] ids,
                int from,
                int[] scratchStarts,
                int[] scratchLengths,
                WritableColumnVector vector,
                int pos,
                int count) {
            for (int k = from, end = from + count; k < end; k++) {
                scratchStarts[k] = starts[ids[k]];
                scratchLengths[k] = lengths[ids[k]];
            }
            putBinaries(bytes, scratchStarts, scratchLengths, from, vector, pos, count);
        }
    }
}
