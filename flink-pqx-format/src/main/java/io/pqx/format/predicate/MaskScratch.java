package io.pqx.format.predicate;

import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.flink.annotation.Internal;

/**
 * The arrays a {@link BoundPredicate} evaluates batches with ({@link BoundPredicate#mask}), kept
 * from one batch to the next: once they have grown to the batch size, a filter called on every
 * batch allocates nothing for its masks, its ANDs and ORs, or the values and null flags it reads.
 * Each part of a predicate has arrays of its own, so one scratch may serve several predicates; it
 * keeps the arrays of every part it served, so keep one per filter, not one for every predicate a
 * thread ever meets. The arrays' contents mean nothing between calls. Not thread-safe: one per
 * thread that filters.
 */
@Internal
public final class MaskScratch {
    /** The arrays of one part of a predicate, grown as batches need. */
    private static final class PartArrays {
        boolean[] first = new boolean[0];
        boolean[] second = new boolean[0];
        long[] longs = new long[0];
        double[] doubles = new double[0];
    }

    private final Map<Object, PartArrays> byPart = new IdentityHashMap<>();
    private boolean[] rootFalse = new boolean[0];

    /** The rows the whole predicate is FALSE on, at least {@code n} entries; contents undefined. */
    boolean[] rootFalse(int n) {
        if (rootFalse.length < n) {
            rootFalse = new boolean[n];
        }
        return rootFalse;
    }

    /** {@code part}'s first flags, at least {@code n} entries; contents undefined. */
    boolean[] first(Object part, int n) {
        PartArrays a = of(part);
        if (a.first.length < n) {
            a.first = new boolean[n];
        }
        return a.first;
    }

    /** {@code part}'s second flags, at least {@code n} entries; contents undefined. */
    boolean[] second(Object part, int n) {
        PartArrays a = of(part);
        if (a.second.length < n) {
            a.second = new boolean[n];
        }
        return a.second;
    }

    /** {@code part}'s longs, at least {@code n} entries; contents undefined. */
    long[] longs(Object part, int n) {
        PartArrays a = of(part);
        if (a.longs.length < n) {
            a.longs = new long[n];
        }
        return a.longs;
    }

    /** {@code part}'s doubles, at least {@code n} entries; contents undefined. */
    double[] doubles(Object part, int n) {
        PartArrays a = of(part);
        if (a.doubles.length < n) {
            a.doubles = new double[n];
        }
        return a.doubles;
    }

    private PartArrays of(Object part) {
        return byPart.computeIfAbsent(part, k -> new PartArrays());
    }
}
