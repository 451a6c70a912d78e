package io.pqx.source.assigner;

import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import org.apache.flink.annotation.Internal;

/**
 * The planned splits not yet assigned, in the order they are handed out. Locality is ignored. A
 * split dropped from the pending ones ({@link #remove}) has its footer tail taken off and its bytes
 * handed to the release hook (the enumerator's tail budget). Not thread-safe: the enumerator uses
 * it on the coordinator thread only.
 *
 * <p><b>Discovery order</b> ({@link #PendingSplits(LongConsumer)}): first in, first out (files in
 * discovery order, row groups in file order); splits given back by a failed reader go to the front,
 * so they are read again first.
 *
 * <p><b>Event-time order</b> ({@link #inEventTimeOrder}, for a source with a watermark column):
 * ascending by {@link RowGroupSplit#leastEventTimeToCome()}, a split without event times counting
 * as {@link Long#MIN_VALUE} (first: the readers hold their watermark back while they hold it, so it
 * is best read early); equal times in the order the splits were added, splits given back before the
 * others. A split given back takes its place by the event time of the rows it still has to emit.
 * {@link #snapshot()} lists the splits in the order they would be handed out, so a state restored
 * by {@link #addAll} in that order hands them out in the same order.
 */
@Internal
public final class PendingSplits {
    /** Where a split is in the order: its rank (0 in discovery order), then its arrival. */
    private record Place(long rank, long arrival) {}

    private static final Comparator<Place> ORDER =
            Comparator.comparingLong(Place::rank).thenComparingLong(Place::arrival);

    private final TreeMap<Place, RowGroupSplit> splits = new TreeMap<>(ORDER);
    private final LongConsumer tailReleased;
    private final boolean byEventTime;

    /** The arrival of the next split added; counts up. */
    private long nextAdded;

    /** The arrival of the next split given back; counts down, so it goes before those before. */
    private long nextGivenBack = -1;

    private PendingSplits(LongConsumer tailReleased, boolean byEventTime) {
        this.tailReleased = tailReleased;
        this.byEventTime = byEventTime;
    }

    /** Discovery order; footer tails of dropped splits go nowhere. */
    public PendingSplits() {
        this(bytes -> {});
    }

    /**
     * Discovery order.
     *
     * @param tailReleased told the bytes of the footer tail of each split dropped
     */
    public PendingSplits(LongConsumer tailReleased) {
        this(tailReleased, false);
    }

    /**
     * Event-time order.
     *
     * @param tailReleased told the bytes of the footer tail of each split dropped
     */
    public static PendingSplits inEventTimeOrder(LongConsumer tailReleased) {
        return new PendingSplits(tailReleased, true);
    }

    /** Whether the splits are handed out in event-time order. */
    public boolean byEventTime() {
        return byEventTime;
    }

    /** Adds planned (or restored) splits, in their order. */
    public void addAll(Collection<RowGroupSplit> planned) {
        for (RowGroupSplit split : planned) {
            splits.put(new Place(rank(split), nextAdded++), split);
        }
    }

    /** Adds splits a reader gave back, in their order, before the others of the same rank. */
    public void addBack(List<RowGroupSplit> returned) {
        for (int i = returned.size() - 1; i >= 0; i--) {
            splits.put(new Place(rank(returned.get(i)), nextGivenBack--), returned.get(i));
        }
    }

    private long rank(RowGroupSplit split) {
        return byEventTime ? split.leastEventTimeToCome().orElse(Long.MIN_VALUE) : 0;
    }

    public Optional<RowGroupSplit> next() {
        Map.Entry<Place, RowGroupSplit> first = splits.pollFirstEntry();
        return first == null ? Optional.empty() : Optional.of(first.getValue());
    }

    /** Removes the pending splits with these ids; returns those removed. */
    public List<RowGroupSplit> remove(Set<String> splitIds) {
        List<RowGroupSplit> removed = new ArrayList<>();
        for (Iterator<RowGroupSplit> it = splits.values().iterator(); it.hasNext(); ) {
            RowGroupSplit s = it.next();
            if (splitIds.contains(s.splitId())) {
                removed.add(s);
                s.takeFooterTail().ifPresent(t -> tailReleased.accept(t.length()));
                it.remove();
            }
        }
        return removed;
    }

    public boolean isEmpty() {
        return splits.isEmpty();
    }

    public int size() {
        return splits.size();
    }

    /** The pending splits in the order they are handed out. */
    public List<RowGroupSplit> snapshot() {
        return List.copyOf(splits.values());
    }
}
