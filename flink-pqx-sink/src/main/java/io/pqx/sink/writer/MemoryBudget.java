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
 * pages, dictionaries, page buffers, slices, held and carried rows) and what the last checkpoint's
 * state still keeps (its carried rows, serialized); over the budget it frees
 * memory, largest open row group first, down to {@value #REFILL_PERCENT}% of the budget: in
 * approximate mode by cutting that row group early, in exact mode (where only a file's last row
 * group may be short) by closing its file. Forced cuts and closes are counted and logged at INFO,
 * at most once a minute.
 *
 * <p>Called by the sink's task thread only; {@link #heldBytes()} may be read by a metric reporter.
 */
final class MemoryBudget {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryBudget.class);
    /** Rows between two measurements: the sum asks every column of every open file. */
    static final int CHECK_EVERY_ROWS = 512;
    /** After freeing, what is held is at most this share of the budget. */
    static final int REFILL_PERCENT = 75;
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

    /** Bytes the open files held at the last measurement. */
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
     * @param retained bytes the last checkpoint's state keeps on the heap until the next one (its
     *     carried rows: Flink's operator state holds the serialized writer state)
     */
    void enforce(Map<String, PartFile> open, FileCloser closer, long now, long retained)
            throws IOException {
        List<Map.Entry<String, Long>> held = new ArrayList<>(open.size());
        long total = retained;
        for (Map.Entry<String, PartFile> e : open.entrySet()) {
            long bytes = e.getValue().heldBytes();
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

    private static long mib(long bytes) {
        return bytes >> 20;
    }
}
