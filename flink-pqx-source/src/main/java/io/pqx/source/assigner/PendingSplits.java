package io.pqx.source.assigner;

import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;
import org.apache.flink.annotation.Internal;

/**
 * The planned splits not yet assigned, handed out first in, first out (files in discovery order,
 * row groups in file order). Splits given back by a failed reader go to the front, so they are read
 * again first. Locality is ignored. A split dropped from the pending ones ({@link #remove}) has its
 * footer tail taken off and its bytes handed to the release hook (the enumerator's tail budget).
 * Not thread-safe: the enumerator uses it on the coordinator thread only.
 */
@Internal
public final class PendingSplits {
    private final ArrayDeque<RowGroupSplit> splits = new ArrayDeque<>();
    private final LongConsumer tailReleased;

    /** Footer tails of dropped splits go nowhere. */
    public PendingSplits() {
        this(bytes -> {});
    }

    /**
     * @param tailReleased told the bytes of the footer tail of each split dropped
     */
    public PendingSplits(LongConsumer tailReleased) {
        this.tailReleased = tailReleased;
    }

    public void addAll(Collection<RowGroupSplit> planned) {
        splits.addAll(planned);
    }

    public void addBack(List<RowGroupSplit> returned) {
        for (int i = returned.size() - 1; i >= 0; i--) {
            splits.addFirst(returned.get(i));
        }
    }

    public Optional<RowGroupSplit> next() {
        return Optional.ofNullable(splits.pollFirst());
    }

    /** Removes the pending splits with these ids; returns those removed. */
    public List<RowGroupSplit> remove(Set<String> splitIds) {
        List<RowGroupSplit> removed = new ArrayList<>();
        splits.removeIf(
                s -> {
                    boolean hit = splitIds.contains(s.splitId());
                    if (hit) {
                        removed.add(s);
                        s.takeFooterTail().ifPresent(t -> tailReleased.accept(t.length()));
                    }
                    return hit;
                });
        return removed;
    }

    public boolean isEmpty() {
        return splits.isEmpty();
    }

    public int size() {
        return splits.size();
    }

    public List<RowGroupSplit> snapshot() {
        return List.copyOf(splits);
    }
}
