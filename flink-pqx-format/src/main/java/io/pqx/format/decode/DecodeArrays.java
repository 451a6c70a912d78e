package io.pqx.format.decode;

import io.pqx.format.page.RangeBuffers;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.flink.annotation.Internal;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * The per-entry decode arrays of flat leaves ({@link FlatPageDecoder}'s null flags, ids and
 * values), kept by one reader from row group to row group, so that a scan of many row groups, and
 * the filter's and the survivors' decoders of one row group, do not allocate (and zero) arrays of a
 * page's size again for every leaf.
 *
 * <p>Likewise the buffers flat leaves' data pages are decompressed into ({@link
 * io.pqx.format.page.ChunkPageReader#usePageBuffer}), kept per leaf: a writer that puts a whole
 * column chunk into one page (DuckDB) would otherwise cost a fresh array of the page's size per
 * leaf and row group. A leaf's page buffer comes back only once its row group's decoder is closed,
 * when no page in it is read any more; no vector refers to it (the sinks copy bytes out).
 *
 * <p>A set of arrays belongs to one page decoder at a time: a decoder {@link #take takes} a set
 * when it is made and {@link #give gives} it back when its row group's decoder is closed, so two
 * decoders alive at once never share one. No vector or batch refers to these arrays (the decoders'
 * sinks copy values out of them into the vectors), so a batch handed out before stays valid when
 * its decoder's arrays go to another. Holds at most as many sets per physical type as decoders of
 * that type were alive at once. Thread-safe (the calls are few: two per leaf and row group).
 *
 * <p>A reader's arrays outlive it: {@link #park} (when the reader is closed) hands what was given
 * back to {@link ParkedArrays}, and {@link #forReader} starts the next reader with them. An array
 * still held by an open decoder is not parked: it comes back to this instance only, and is never
 * handed to another reader.
 */
@Internal
public final class DecodeArrays {
    /** One decoder's arrays; any may be shorter than the next page needs (the decoder grows it). */
    record Set(
            boolean[] nulls,
            int[] scratch,
            int[] ints,
            long[] longs,
            float[] floats,
            double[] doubles,
            boolean[] booleans,
            int[] starts,
            int[] lengths) {}

    private final Map<PrimitiveTypeName, ArrayDeque<Set>> free =
            new EnumMap<>(PrimitiveTypeName.class);

    private final Map<Integer, byte[]> pageBuffers = new HashMap<>();

    private long reused;

    private long pageBuffersReused;

    private final RangeBuffers rangeBuffers = new RangeBuffers();

    /** Empty, for a reader of its own (tests, and readers that must not share). */
    public DecodeArrays() {}

    /**
     * For a new reader: starts with the arrays a closed reader parked, when there are some (see
     * {@link ParkedArrays} for why and what it measured).
     */
    public static DecodeArrays forReader() {
        DecodeArrays arrays = new DecodeArrays();
        ParkedArrays.Contents parked = ParkedArrays.take();
        if (parked != null) {
            arrays.adopt(parked);
        }
        return arrays;
    }

    /**
     * Hands the arrays given back so far to {@link ParkedArrays}, for the next reader; called when
     * this instance's reader is closed. Arrays given back after stay here.
     */
    public synchronized void park() {
        Map<PrimitiveTypeName, ArrayDeque<Set>> sets = new EnumMap<>(free);
        free.clear();
        Map<Integer, byte[]> pages = new HashMap<>(pageBuffers);
        pageBuffers.clear();
        ParkedArrays.park(new ParkedArrays.Contents(sets, pages, rangeBuffers.drain()));
    }

    private synchronized void adopt(ParkedArrays.Contents parked) {
        free.putAll(parked.sets());
        pageBuffers.putAll(parked.pageBuffers());
        for (byte[] range : parked.rangeBuffers()) {
            rangeBuffers.give(range);
        }
    }

    /**
     * The arrays row groups' column chunks are read into, kept from row group to row group as the
     * page buffers are (and given back, likewise, when a row group's decoder is closed).
     */
    RangeBuffers rangeBuffers() {
        return rangeBuffers;
    }

    /** A set given back for {@code physical} values, now the caller's alone; null when none. */
    @Nullable
    synchronized Set take(PrimitiveTypeName physical) {
        ArrayDeque<Set> sets = free.get(physical);
        Set set = sets == null ? null : sets.pollLast();
        if (set != null) {
            reused++;
        }
        return set;
    }

    /** Gives back a set its decoder no longer uses. */
    synchronized void give(PrimitiveTypeName physical, Set set) {
        free.computeIfAbsent(physical, k -> new ArrayDeque<>()).addLast(set);
    }

    /**
     * The page buffer given back for leaf {@code leafIndex}, now the caller's alone; an empty array
     * when there is none.
     */
    synchronized byte[] takePageBuffer(int leafIndex) {
        byte[] buffer = pageBuffers.remove(leafIndex);
        if (buffer == null) {
            return new byte[0];
        }
        pageBuffersReused++;
        return buffer;
    }

    /** Gives back a leaf's page buffer no page read uses any more (the larger one is kept). */
    synchronized void givePageBuffer(int leafIndex, byte[] buffer) {
        pageBuffers.merge(leafIndex, buffer, (a, b) -> a.length >= b.length ? a : b);
    }

    /** How many times a page buffer was taken again (for tests). */
    synchronized long pageBuffersReused() {
        return pageBuffersReused;
    }

    /** How many times a set was taken again (for tests). */
    synchronized long reused() {
        return reused;
    }
}
