package io.pqx.format.decode;

import java.nio.Buffer;
import javax.annotation.Nullable;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The per-entry arrays of one flat leaf's {@link FlatPageDecoder}: one slot per entry of the page
 * (or of its window) for the null flag, the dictionary id and the value, and how the page's values
 * lie in them. The decoder fills in how the page lies, {@link PageValueCursor} materializes values
 * into the slots, and {@link PageSlotCopy} hands the slots to the leaf's sink.
 *
 * <p>The fields are read and written directly by those three classes (one package, one leaf): they
 * are the hot state of the bulk decode, and going through accessors would only add calls the JIT
 * has to inline. Not thread-safe.
 */
final class PageSlots {
    final PrimitiveTypeName physical;

    /** Entries of the page. */
    int count;

    /** Null entries of the page. */
    int nullCount;

    boolean[] nulls = new boolean[0];
    int[] scratch = new int[0];
    int[] ints = new int[0];
    long[] longs = new long[0];
    float[] floats = new float[0];
    double[] doubles = new double[0];
    boolean[] booleans = new boolean[0];
    int[] starts = new int[0];
    int[] lengths = new int[0];
    byte[] binarySource = new byte[0];

    /** The page's values are dictionary ids in {@code scratch}, looked up as they are copied. */
    boolean onIds;

    /** The page's values are PLAIN strings, back to back in {@code binarySource}. */
    boolean contiguous;

    /** The page's values are read by copy() from {@code plainView}, a view of its bytes. */
    boolean onPlainView;

    /** An Int-, Long-, Float- or DoubleBuffer over the values of the page last decoded PLAIN. */
    Buffer plainView;

    PageSlots(PrimitiveTypeName physical, @Nullable DecodeArrays.Set set) {
        this.physical = physical;
        if (set != null) {
            nulls = set.nulls();
            scratch = set.scratch();
            ints = set.ints();
            longs = set.longs();
            floats = set.floats();
            doubles = set.doubles();
            booleans = set.booleans();
            starts = set.starts();
            lengths = set.lengths();
        }
    }

    /** The arrays as a set to give back to a {@link DecodeArrays}. */
    DecodeArrays.Set asSet() {
        return new DecodeArrays.Set(
                nulls, scratch, ints, longs, floats, doubles, booleans, starts, lengths);
    }

    /** Drops the arrays (given back), keeping empty ones, so that no use after could write them. */
    void clear() {
        nulls = new boolean[0];
        scratch = new int[0];
        ints = new int[0];
        longs = new long[0];
        floats = new float[0];
        doubles = new double[0];
        booleans = new boolean[0];
        starts = new int[0];
        lengths = new int[0];
        count = 0;
    }

    /** Makes the arrays this type uses at least {@code n} slots long. */
    void grow(int n) {
        if (scratch.length >= n) {
            return;
        }
        scratch = new int[n];
        nulls = new boolean[n];
        switch (physical) {
            case INT32 -> ints = new int[n];
            case INT64 -> longs = new long[n];
            case FLOAT -> floats = new float[n];
            case DOUBLE -> doubles = new double[n];
            case BOOLEAN -> booleans = new boolean[n];
            default -> {
                starts = new int[n];
                lengths = new int[n];
            }
        }
    }
}
