package io.pqx.format.decode;

import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Hands materialized slots of a flat leaf's {@link PageSlots} to the leaf's {@link BulkSinks sink},
 * which writes them into a vector: dictionary ids with their dictionary (the sink looks the values
 * up straight into the vector), PLAIN numbers as a view of the page's bytes, or values from the
 * slots; then marks the null entries, run by run. One per page decoder; not thread-safe.
 */
final class PageSlotCopy {
    private final PageSlots slots;

    /** The leaf's decoder, implementing the {@link BulkSinks} interface of the physical type. */
    private final Object sink;

    /**
     * The sink looks up every dictionary id it is handed by indexing the dictionary's arrays, which
     * the JVM bounds-checks: an id outside the dictionary then throws, and the ids need no check of
     * their own before (see {@link #copy}).
     */
    private final boolean looksUpEveryId;

    PageSlotCopy(PageSlots slots, Object sink) {
        this.slots = slots;
        this.sink = sink;
        this.looksUpEveryId = looksUpEveryId(slots.physical, sink);
    }

    /**
     * Whether the sink of {@code physical} values indexes the dictionary with every id it takes:
     * the numeric sinks (each looks values up, {@code dictionary[ids[k]]}) and the decimals of byte
     * arrays (looked up as longs, or their starts and lengths); not the strings' sink, which may
     * keep the ids themselves in the vector (Flink's dictionary mode), looked up only when a value
     * is read.
     */
    private static boolean looksUpEveryId(PrimitiveTypeName physical, Object sink) {
        return switch (physical) {
            case INT32, INT64, FLOAT, DOUBLE -> true;
            case BINARY, FIXED_LEN_BYTE_ARRAY -> sink instanceof DecimalDecoders.FromBinary;
            default -> false;
        };
    }

    /**
     * Whether dictionary ids handed to {@link #copy} may lie outside the dictionary: they are then
     * checked by the lookups themselves, which cost the check nothing more (a bounds check the JVM
     * makes anyway), instead of by a pass of their own over them when they are decoded.
     */
    boolean checksIdsOnLookup() {
        return looksUpEveryId;
    }

    /**
     * Writes the {@code n} slots from {@code slot} (entries {@code [from, from + n)}) into {@code
     * vector[pos...]}.
     *
     * @param dictionary the chunk's dictionary, when the page's values are ids
     * @return false, having written a part of the vector's slots at most, when an id lies outside
     *     the dictionary (only where {@link #checksIdsOnLookup}): the caller then reads the stretch
     *     through parquet-column, which writes the same slots again or reports the damage
     */
    boolean copy(
            FlatDictionary dictionary,
            int slot,
            int from,
            WritableColumnVector vector,
            int pos,
            int n) {
        PageSlots s = slots;
        if (s.onIds) {
            if (looksUpEveryId) {
                try {
                    copyLookedUp(dictionary, slot, vector, pos, n);
                } catch (ArrayIndexOutOfBoundsException e) {
                    if (idsInside(dictionary.size(), slot, n)) {
                        throw e; // not an id's doing: a defect, not damage
                    }
                    return false;
                }
            } else {
                copyLookedUp(dictionary, slot, vector, pos, n);
            }
        } else if (s.onPlainView) {
            copyFromPage(slot, vector, pos, n);
        } else {
            copyValues(slot, vector, pos, n);
        }
        if (s.nullCount > 0) {
            markNulls(from, vector, pos, n);
        }
        return true;
    }

    /** Whether the ids in slots {@code [slot, slot + n)} all lie in {@code [0, size)}. */
    private boolean idsInside(int size, int slot, int n) {
        int[] ids = slots.scratch;
        for (int i = slot; i < slot + n; i++) {
            if (ids[i] < 0 || ids[i] >= size) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes the {@code n} values a {@link PageValueCursor#gather} put in slots {@code [0, n)} into
     * {@code vector[pos...]} (a page without nulls).
     */
    void copyGathered(FlatDictionary dictionary, WritableColumnVector vector, int pos, int n) {
        PageSlots s = slots;
        if (s.onIds) {
            // a few values of the dictionary, from its page: no need to decode all of it
            if (dictionary.lookUpFromPage(s.scratch, n, s)) {
                copyValues(0, vector, pos, n);
            } else {
                copyLookedUp(dictionary, 0, vector, pos, n);
            }
        } else if (s.physical == PrimitiveTypeName.BINARY
                || s.physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            // gathered strings lie apart in the page's bytes: never the contiguous hand-over
            ((BulkSinks.Binaries) sink)
                    .putBinaries(s.binarySource, s.starts, s.lengths, 0, vector, pos, n);
        } else {
            copyValues(0, vector, pos, n);
        }
    }

    private void copyLookedUp(
            FlatDictionary d, int from, WritableColumnVector vector, int pos, int n) {
        PageSlots s = slots;
        int[] ids = s.scratch;
        switch (s.physical) {
            case INT32 ->
                    ((BulkSinks.Ints) sink)
                            .putDictionaryInts(d.ints(), ids, from, s.ints, vector, pos, n);
            case INT64 ->
                    ((BulkSinks.Longs) sink)
                            .putDictionaryLongs(d.longs(), ids, from, s.longs, vector, pos, n);
            case FLOAT ->
                    ((BulkSinks.Floats) sink)
                            .putDictionaryFloats(d.floats(), ids, from, s.floats, vector, pos, n);
            case DOUBLE ->
                    ((BulkSinks.Doubles) sink)
                            .putDictionaryDoubles(
                                    d.doubles(), ids, from, s.doubles, vector, pos, n);
            default ->
                    ((BulkSinks.Binaries) sink)
                            .putDictionaryBinaries(
                                    d.bytes(),
                                    d.starts(),
                                    d.lengths(),
                                    ids,
                                    from,
                                    s.starts,
                                    s.lengths,
                                    vector,
                                    pos,
                                    n);
        }
    }

    private void copyFromPage(int from, WritableColumnVector vector, int pos, int n) {
        PageSlots s = slots;
        switch (s.physical) {
            case INT32 ->
                    ((BulkSinks.Ints) sink)
                            .putPlainInts((IntBuffer) s.plainView, from, s.ints, vector, pos, n);
            case INT64 ->
                    ((BulkSinks.Longs) sink)
                            .putPlainLongs((LongBuffer) s.plainView, from, s.longs, vector, pos, n);
            case FLOAT ->
                    ((BulkSinks.Floats) sink)
                            .putPlainFloats(
                                    (FloatBuffer) s.plainView, from, s.floats, vector, pos, n);
            default ->
                    ((BulkSinks.Doubles) sink)
                            .putPlainDoubles(
                                    (DoubleBuffer) s.plainView, from, s.doubles, vector, pos, n);
        }
    }

    private void copyValues(int from, WritableColumnVector vector, int pos, int n) {
        PageSlots s = slots;
        switch (s.physical) {
            case INT32 -> ((BulkSinks.Ints) sink).putInts(s.ints, from, vector, pos, n);
            case INT64 -> ((BulkSinks.Longs) sink).putLongs(s.longs, from, vector, pos, n);
            case FLOAT -> ((BulkSinks.Floats) sink).putFloats(s.floats, from, vector, pos, n);
            case DOUBLE -> ((BulkSinks.Doubles) sink).putDoubles(s.doubles, from, vector, pos, n);
            case BOOLEAN ->
                    ((BulkSinks.Booleans) sink).putBooleans(s.booleans, from, vector, pos, n);
            default -> {
                BulkSinks.Binaries binaries = (BulkSinks.Binaries) sink;
                if (s.contiguous) {
                    binaries.putContiguousBinaries(
                            s.binarySource, s.starts, s.lengths, from, vector, pos, n);
                } else {
                    binaries.putBinaries(s.binarySource, s.starts, s.lengths, from, vector, pos, n);
                }
            }
        }
    }

    private void markNulls(int from, WritableColumnVector vector, int pos, int n) {
        boolean[] nulls = slots.nulls;
        int i = 0;
        while (i < n) {
            if (!nulls[from + i]) {
                i++;
                continue;
            }
            int run = i;
            while (run < n && nulls[from + run]) {
                run++;
            }
            vector.setNulls(pos + i, run - i);
            i = run;
        }
    }
}
