package io.pqx.sink.partition;

import io.pqx.sink.options.PartitionCommitTrigger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.annotation.Internal;

/**
 * Decides when a partition counts as complete ({@code sink.partition-commit.*}): it remembers, per
 * partition with committed files not yet marked complete, when its last file was committed
 * (processing time) and the largest record timestamp committed into it. A partition is complete
 * under {@link PartitionCommitTrigger#PROCESS_TIME} once {@code delay} has passed since its last
 * commit, under {@link PartitionCommitTrigger#WATERMARK} once the watermark reaches its largest
 * record timestamp plus {@code delay}; at end of input every partition is complete. A partition
 * receiving files again later is tracked (and completed) again.
 *
 * <p>Pure bookkeeping for {@link PartitionCommitOperator}; not thread-safe.
 */
@Internal
public final class PartitionCommitTracker {
    private static final long NO_TIMESTAMP = Long.MIN_VALUE;

    private final PartitionCommitTrigger trigger;
    private final long delayMillis;
    private final Map<String, long[]> pending = new TreeMap<>();

    public PartitionCommitTracker(PartitionCommitTrigger trigger, long delayMillis) {
        this.trigger = trigger;
        this.delayMillis = delayMillis;
    }

    /** A file of {@code partition} was committed at processing time {@code now}. */
    public void committed(String partition, long now, long maxTimestamp) {
        long[] progress = pending.computeIfAbsent(partition, p -> new long[] {now, NO_TIMESTAMP});
        progress[0] = Math.max(progress[0], now);
        progress[1] = Math.max(progress[1], maxTimestamp);
    }

    /** Removes and returns (sorted) the partitions complete at {@code now} / {@code watermark}. */
    public List<String> complete(long now, long watermark, boolean endOfInput) {
        List<String> done = new ArrayList<>();
        Iterator<Map.Entry<String, long[]>> it = pending.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, long[]> e = it.next();
            if (endOfInput || isComplete(e.getValue(), now, watermark)) {
                done.add(e.getKey());
                it.remove();
            }
        }
        return done;
    }

    private boolean isComplete(long[] progress, long now, long watermark) {
        if (trigger == PartitionCommitTrigger.PROCESS_TIME) {
            return now - progress[0] >= delayMillis;
        }
        return progress[1] != NO_TIMESTAMP
                && watermark != Long.MIN_VALUE
                && watermark - delayMillis >= progress[1];
    }

    /** The tracked partitions, for checkpoints: partition, last commit, largest timestamp. */
    public Map<String, long[]> snapshot() {
        Map<String, long[]> copy = new TreeMap<>();
        pending.forEach((k, v) -> copy.put(k, v.clone()));
        return copy;
    }

    /** Tracks a partition restored from a checkpoint. */
    public void restore(String partition, long lastCommit, long maxTimestamp) {
        pending.put(partition, new long[] {lastCommit, maxTimestamp});
    }
}
