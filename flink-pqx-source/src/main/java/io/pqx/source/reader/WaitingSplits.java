package io.pqx.source.reader;

import io.pqx.source.split.RowGroupSplit;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import javax.annotation.Nullable;

/**
 * The splits a split reader holds and has not opened yet, in the order they came (a suspended one
 * first again), and which of the splits it holds watermark alignment paused. A paused split stays
 * held (and in checkpoints); it is only passed over when the next split to read is chosen. Used by
 * the fetcher thread only (Flink runs pause and resume requests there too).
 */
final class WaitingSplits {
    private final ArrayDeque<RowGroupSplit> splits = new ArrayDeque<>();
    private final Set<String> paused = new HashSet<>();

    void addAll(Collection<RowGroupSplit> added) {
        splits.addAll(added);
    }

    /** Puts {@code split} back first, to be read before the others. */
    void addFirst(RowGroupSplit split) {
        splits.addFirst(split);
    }

    boolean isEmpty() {
        return splits.isEmpty();
    }

    /** The first split waiting, paused or not, taken off; null when none. */
    @Nullable
    RowGroupSplit poll() {
        return splits.poll();
    }

    /** The first split waiting that is not paused, or null. */
    @Nullable
    RowGroupSplit firstUnpaused() {
        for (RowGroupSplit waiting : splits) {
            if (!paused.contains(waiting.splitId())) {
                return waiting;
            }
        }
        return null;
    }

    /** Takes the first split waiting that is not paused off the queue; null when none. */
    @Nullable
    RowGroupSplit takeFirstUnpaused() {
        for (Iterator<RowGroupSplit> it = splits.iterator(); it.hasNext(); ) {
            RowGroupSplit waiting = it.next();
            if (!paused.contains(waiting.splitId())) {
                it.remove();
                return waiting;
            }
        }
        return null;
    }

    boolean isPaused(String splitId) {
        return paused.contains(splitId);
    }

    void pause(String splitId) {
        paused.add(splitId);
    }

    /** Resumes the split, or forgets it once finished. */
    void resume(String splitId) {
        paused.remove(splitId);
    }

    void clearPaused() {
        paused.clear();
    }

    /** The ids of the splits paused. */
    Set<String> paused() {
        return Set.copyOf(paused);
    }
}
