package io.pqx.format.decode;

import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

import java.nio.ByteBuffer;

/**
 * A column chunk's dictionary as flat arrays for bulk lookups by {@link FlatPageDecoder}: the
 * values of parquet-column's decoded {@link Dictionary} copied once per chunk into an array of
 * their physical type; BYTE_ARRAY values packed into one byte array with offsets, so looking a
 * string up never allocates.
 *
 * <p>A dictionary that cannot be flattened (a type with no bulk path, a decoding error, more than
 * 2 GiB of strings) is not {@link #usable()}: its pages then go through parquet-column, which
 * reports any error as it always did. Immutable once built; one per leaf and row group.
 */
final class FlatDictionary {
    private final int size;
    private final boolean usable;
    private int[] ints;
    private long[] longs;
    private float[] floats;
    private double[] doubles;
    private byte[] bytes;
    private int[] starts;
    private int[] lengths;

    private FlatDictionary(int size, boolean usable) {
        this.size = size;
        this.usable = usable;
    }

    static FlatDictionary of(PrimitiveTypeName physical, Dictionary dictionary) {
        int size;
        try {
            size = dictionary.getMaxId() + 1;
        } catch (RuntimeException e) {
            return new FlatDictionary(0, false);
        }
        FlatDictionary flat = new FlatDictionary(size, size >= 0);
        if (size < 0) {
            return flat;
        }
        try {
            switch (physical) {
                case INT32 -> {
                    flat.ints = new int[size];
                    for (int id = 0; id < size; id++) {
                        flat.ints[id] = dictionary.decodeToInt(id);
                    }
                }
                case INT64 -> {
                    flat.longs = new long[size];
                    for (int id = 0; id < size; id++) {
                        flat.longs[id] = dictionary.decodeToLong(id);
                    }
                }
                case FLOAT -> {
                    flat.floats = new float[size];
                    for (int id = 0; id < size; id++) {
                        flat.floats[id] = dictionary.decodeToFloat(id);
                    }
                }
                case DOUBLE -> {
                    flat.doubles = new double[size];
                    for (int id = 0; id < size; id++) {
                        flat.doubles[id] = dictionary.decodeToDouble(id);
                    }
                }
                case BINARY -> {
                    if (!flat.packBinaries(dictionary)) {
                        return new FlatDictionary(size, false);
                    }
                }
                default -> {
                    return new FlatDictionary(size, false);
                }
            }
        } catch (RuntimeException e) {
            return new FlatDictionary(size, false);
        }
        return flat;
    }

    private boolean packBinaries(Dictionary dictionary) {
        starts = new int[size];
        lengths = new int[size];
        long total = 0;
        for (int id = 0; id < size; id++) {
            lengths[id] = dictionary.decodeToBinary(id).length();
            total += lengths[id];
        }
        if (total > Integer.MAX_VALUE - 16) {
            return false;
        }
        bytes = new byte[(int) total];
        int at = 0;
        for (int id = 0; id < size; id++) {
            Binary value = dictionary.decodeToBinary(id);
            ByteBuffer buffer = value.toByteBuffer();
            if (buffer.remaining() != lengths[id]) {
                return false;
            }
            buffer.duplicate().get(bytes, at, lengths[id]);
            starts[id] = at;
            at += lengths[id];
        }
        return true;
    }

    boolean usable() {
        return usable;
    }

    /** Number of entries; valid ids are {@code [0, size)}. */
    int size() {
        return size;
    }

    void lookupInts(int[] ids, int[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = ints[ids[i]];
        }
    }

    void lookupLongs(int[] ids, long[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = longs[ids[i]];
        }
    }

    void lookupFloats(int[] ids, float[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = floats[ids[i]];
        }
    }

    void lookupDoubles(int[] ids, double[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[i] = doubles[ids[i]];
        }
    }

    void lookupBinaries(int[] ids, int[] outStarts, int[] outLengths, int n) {
        for (int i = 0; i < n; i++) {
            outStarts[i] = starts[ids[i]];
            outLengths[i] = lengths[ids[i]];
        }
    }

    /** The packed BYTE_ARRAY values. */
    byte[] bytes() {
        return bytes;
    }
}
