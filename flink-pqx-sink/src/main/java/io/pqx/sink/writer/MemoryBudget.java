package io.pqx.sink.writer;

import io.pqx.sink.file.PartFile;

import org.apache.flink.metrics.Counter;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One memory budget for all open files of a sink subtask ({@code sink.memory.budget}). Every
 * {@value #CHECK_EVERY_ROWS} rows it sums what the open files hold ({@link PartFile#heldBytes()}:
 * pages, dictionaries, page buffers, slices, held and carried rows), what the next checkpoint
 * will copy of their carried rows, and what the last checkpoint's state still keeps; over the
 * budget it frees memory, largest first, down to {@value #REFILL_PERCENT}% of the budget: in
 * approximate mode by cutting that file's open row group early, in exact mode (where only a
 * file's last row group may be short) by closing the file. Forced cuts and closes are counted and
 * logged at INFO, at most once a minute.
 *
 * <p><b>Checkpoint copies count.</b> With {@code carry}, a checkpoint puts each open row group's
 * rows into the writer state, and those bytes exist on the heap several times over while it runs:
 * the state object's copy ({@link PartFile#snapshot}), the state serializer's output, and Flink's
 * versioned copy in its operator state ({@value #CHECKPOINT_COPIES} copies at once, besides the
 * rows themselves); Flink then keeps its versioned copy until the next checkpoint, plus a deep
 * copy until the asynchronous part has written it ({@value #RETAINED_COPIES} copies). The budget
 * counts all of them, so that it bounds the sink's peak, not only its quiet moments.
 *
 * <p>Called by the sink's task thread only; {@link #heldBytes()} may be read by a metric reporter.
 */
final class MemoryBudget {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryBudget.class);
    /** Rows between two measurements: the sum asks every column of every open file. */
    static final int CHECK_EVERY_ROWS = 512;
    /** After freeing, what is held is at most this share of the budget. */
    static final int REFILL_PERCENT = 75;
    /** Copies of the carried rows a checkpoint makes while it runs (see the class comment). */
    static final int CHECKPOINT_COPIES = 3;
    /** Copies of the last checkpoint's carried rows Flink keeps after it (see the class comment). */
    static final int RETAINED_COPIES = 2;
    private static final long LOG_INTERVAL_MILLIS = 60_000;

    /** How the budget closes a file in exact mode (the writer's own closing, committable kept). */
    interface FileCloser {
        void close(String partition) throws IOException;
    }

    private final long budget;
    private final boolean closeFiles;
    private final Counter forcedCuts;
    private final Counter forcedCloses;
    private final String subtask;
    private int untilCheck = CHECK_EVERY_ROWS;
    private volatile long heldBytes;
    private long loggedAt = Long.MIN_VALUE;

    /**
     * @param closeFiles exact mode: free memory by closing files rather than cutting row groups
     */
    MemoryBudget(long budget, boolean closeFiles, Counter forcedCuts, Counter forcedCloses,
            String subtask) {
        this.budget = budget;
        this.closeFiles = closeFiles;
        this.forcedCuts = forcedCuts;
        this.forcedCloses = forcedCloses;
        this.subtask = subtask;
    }

    /** Counts a row written; true when it is time to {@link #enforce}. */
    boolean due() {
        if (--untilCheck > 0) {
            return false;
        }
        untilCheck = CHECK_EVERY_ROWS;
        return true;
    }

    /**
     * Bytes counted against the budget at the last measurement: what the open files hold, the
     * next checkpoint's copies of their carried rows, and the last checkpoint's retained copies.
     */
    long heldBytes() {
        return heldBytes;
    }

    long budget() {
        return budget;
    }

    /**
     * Measures the open files and, over the budget, frees memory largest first.
     *
     * @param open the open files by partition
     * @param now processing time, for the log's rate limit
     * @param lastCarried the carried rows' bytes of the last checkpoint's state, which Flink keeps
     *     on the heap (see the class comment)
     */
    void enforce(Map<String, PartFile> open, FileCloser closer, long now, long lastCarried)
            throws IOException {
        List<Map.Entry<String, Long>> held = new ArrayList<>(open.size());
        long total = RETAINED_COPIES * lastCarried;
        for (Map.Entry<String, PartFile> e : open.entrySet()) {
            long bytes = charged(e.getValue());
            held.add(Map.entry(e.getKey(), bytes));
            total += bytes;
        }
        heldBytes = total;
        if (total <= budget) {
            return;
        }
        long measured = total;
        long target = budget / 100 * REFILL_PERCENT;
        held.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        int cuts = 0;
        int closes = 0;
        String largest = null;
        for (Map.Entry<String, Long> e : held) {
            if (total <= target) {
                break;
            }
            PartFile file = open.get(e.getKey());
            if (file == null || file.openRowGroupRows() == 0) {
                continue;
            }
            if (largest == null) {
                largest = file.fileName() + " (" + mib(e.getValue()) + " MiB, "
                        + file.openRowGroupRows() + " rows in its open row group)";
            }
            if (closeFiles) {
                closer.close(e.getKey());
                forcedCloses.inc();
                closes++;
            } else {
                file.cutOpenRowGroup();
                forcedCuts.inc();
                cuts++;
            }
            total -= e.getValue();
        }
        heldBytes = Math.max(0, total);
        if (largest != null && (loggedAt == Long.MIN_VALUE || now - loggedAt >= LOG_INTERVAL_MILLIS)) {
            loggedAt = now;
            LOG.info("pqx sink subtask {}: its {} open files hold {} MiB, over sink.memory.budget"
                            + " ({} MiB): {} {}, largest first {}; forced so far: {} row-group"
                            + " cuts, {} file closes (logged at most once a minute)",
                    subtask, open.size() + closes, mib(measured), mib(budget),
                    closeFiles ? "closed " + closes + " files" : "cut " + cuts + " open row groups",
                    closeFiles ? "(exact mode: their last row group is short)" : "early",
                    largest, forcedCuts.getCount(), forcedCloses.getCount());
        }
    }

    /** What one open file is charged: what it holds and what the next checkpoint copies of it. */
    static long charged(PartFile file) {
        return file.heldBytes() + CHECKPOINT_COPIES * file.checkpointCarriedBytes();
    }

    private static long mib(long bytes) {
        return bytes >> 20;
    }
}
