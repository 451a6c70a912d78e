package io.pqx.source.reader;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.metrics.Counter;

/**
 * The watermarks a reader emits from its splits' event times (a source with a watermark column):
 * never past a row it has not emitted. The reader's bound is the least, over every split it holds
 * and has not finished (being read or waiting), of the least event time still to come by the
 * statistics ({@link RowGroupSplitState#leastEventTimeToCome}), minus one (a watermark {@code w}
 * declares that no row of time {@code <= w} follows); a held split without event times holds it
 * back entirely. It rises as the splits' positions pass row groups and as splits finish, and is
 * emitted on the split-local output of every split held: Flink (2.3's {@code SourceOperator})
 * registers a split's output as the split is assigned or restored, before the reader sees it, and
 * combines the outputs by their least, so a held split pqx has not emitted on yet holds the
 * watermark at {@code Long.MIN_VALUE} until it does. Emitting the same bound on all of them makes
 * the combination exactly the bound, each split's watermark a lower bound of its own rows, and the
 * watermark emitted known here: what a split arriving later is compared with.
 *
 * <p>Alongside a user's {@code WatermarkStrategy}, Flink keeps for each split the greater of its
 * generator's watermark and pqx's, and downstream never sees a watermark go back. With {@code
 * WatermarkStrategy.noWatermarks()} the watermarks are pqx's alone.
 *
 * <p><b>Late splits.</b> A split added whose least event time to come is at or below the watermark
 * already emitted (or that has no event times, after a watermark was emitted) is read in full like
 * any other, and counted ({@link ReaderMetrics#LATE_SPLITS}): its earlier rows are late downstream.
 *
 * <p>Task thread only.
 */
final class SplitWatermarks {
    private final Map<String, RowGroupSplitState> held = new LinkedHashMap<>();
    private final Counter lateSplits;

    /** The highest watermark emitted; {@code Long.MIN_VALUE} before the first. */
    private long emitted = Long.MIN_VALUE;

    private boolean changed;

    SplitWatermarks(Counter lateSplits) {
        this.lateSplits = lateSplits;
    }

    /** A split was added (assigned or restored); counts it when it is late. */
    void added(RowGroupSplitState state) {
        if (emitted != Long.MIN_VALUE && state.leastEventTimeToCome() <= emitted) {
            lateSplits.inc();
        }
        held.put(state.splitId(), state);
        changed = true;
    }

    /** A split held was finished (its output released). */
    void finished(String splitId) {
        if (held.remove(splitId) != null) {
            changed = true;
        }
    }

    /** A split's position passed into another row group: its event times to come may be later. */
    void rowGroupPassed() {
        changed = true;
    }

    /** Whether the bound may have changed since the last {@link #emit}. */
    boolean changed() {
        return changed;
    }

    /**
     * Emits the reader's bound on the output of each split held whose last watermark is below it;
     * nothing while a held split has no event times, or none is held.
     */
    void emit(ReaderOutput<?> output) {
        changed = false;
        long bound = bound();
        if (bound == Long.MIN_VALUE) {
            return;
        }
        for (RowGroupSplitState state : held.values()) {
            if (state.watermark() < bound) {
                output.createOutputForSplit(state.splitId()).emitWatermark(new Watermark(bound));
                state.watermarkEmitted(bound);
            }
        }
        emitted = Math.max(emitted, bound);
    }

    /** The reader's bound now: {@code Long.MIN_VALUE} when it bounds nothing. */
    long bound() {
        if (held.isEmpty()) {
            return Long.MIN_VALUE;
        }
        long least = Long.MAX_VALUE;
        for (RowGroupSplitState state : held.values()) {
            least = Math.min(least, state.leastEventTimeToCome());
        }
        return least == Long.MIN_VALUE ? Long.MIN_VALUE : least - 1;
    }

    /** The highest watermark emitted; {@code Long.MIN_VALUE} before the first. */
    long emitted() {
        return emitted;
    }
}
